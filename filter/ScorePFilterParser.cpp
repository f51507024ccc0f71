//===- filter/ScorePFilterParser.cpp - Score-P filter files -----*- C++ -*-===//
//
// Part of Sextant. A token-driven state machine: outside a block, inside a
// SCOREP_REGION_NAMES or SCOREP_FILE_NAMES block, inside an INCLUDE or
// EXCLUDE rule. Errors are reported with the position of the offending
// token; parsing goes on after an error so that one run shows every
// problem, but tokens that only follow from an earlier error (the patterns
// of a rule written outside a block) are not reported again.
//
//===----------------------------------------------------------------------===//

#include "filter/ScorePFilterParser.h"
#include "filter/DiagnosticCollector.h"

#include "filter/TextLines.h"

namespace sextant {
namespace filter {

namespace {

struct Token {
  std::string_view Text;
  unsigned Line = 0;
  unsigned Column = 0;
};

enum class Block { None, Regions, Files };

const char *beginKeyword(Block B) {
  return B == Block::Regions ? "SCOREP_REGION_NAMES_BEGIN"
                             : "SCOREP_FILE_NAMES_BEGIN";
}

const char *endKeyword(Block B) {
  return B == Block::Regions ? "SCOREP_REGION_NAMES_END"
                             : "SCOREP_FILE_NAMES_END";
}

const char *blockName(Block B) {
  return B == Block::Regions ? "SCOREP_REGION_NAMES" : "SCOREP_FILE_NAMES";
}

class ScorePParser {
public:
  ScorePParser(const std::string &Name, const DetectedFormat &Detected,
               FilterRules &Rules, std::vector<Diagnostic> &Diags)
      : Name(Name), Detected(Detected), Rules(Rules), Problems(Name, Diags) {}

  bool parse(std::string_view Text) {
    forEachLine(Text, [this](std::string_view Line, unsigned LineNumber) {
      parseLine(Line, LineNumber);
    });
    finishRule();
    if (Current != Block::None)
      report(BlockBegin, std::string("'") + beginKeyword(Current) +
                             "' is never closed; expected '" +
                             endKeyword(Current) +
                             "' before the end of the file");
    return !Problems.hadError();
  }

private:
  void report(unsigned Line, unsigned Column, std::string Message,
              Diagnostic::Severity Level = Diagnostic::Severity::Error) {
    Problems.report(Line, Column, std::move(Message), Level);
  }
  void report(const Token &At, std::string Message) {
    report(At.Line, At.Column, std::move(Message));
  }

  void parseLine(std::string_view Line, unsigned LineNumber) {
    size_t I = 0;
    while (I < Line.size()) {
      if (isFilterBlank(Line[I])) {
        ++I;
        continue;
      }
      if (Line[I] == '#')
        return; // comment up to the end of the line
      size_t Begin = I;
      bool DanglingBackslash = false;
      while (I < Line.size() && !isFilterBlank(Line[I]) && Line[I] != '#') {
        if (Line[I] == '\\') {
          if (I + 1 == Line.size()) {
            DanglingBackslash = true;
            ++I;
            break;
          }
          I += 2;
          continue;
        }
        ++I;
      }
      if (DanglingBackslash) {
        report(LineNumber, static_cast<unsigned>(I),
               "backslash at the end of the line: Score-P filter files do "
               "not support escaped line breaks; expected the pattern to end "
               "on this line");
        if (InRule)
          ++RulePatterns; // the broken pattern was meant; no second error
        return;
      }
      Token T;
      T.Text = Line.substr(Begin, I - Begin);
      T.Line = LineNumber;
      T.Column = static_cast<unsigned>(Begin + 1);
      processToken(T);
    }
  }

  void finishRule() {
    if (InRule && RulePatterns == 0)
      report(RuleKeyword, "'" + std::string(RuleKeyword.Text) +
                              "' without a pattern; expected one or more "
                              "patterns after it");
    InRule = false;
  }

  /// Dispatches T by what it is: a keyword of the other format, a block's
  /// BEGIN or END, a rule's INCLUDE or EXCLUDE, its MANGLED or DEMANGLED,
  /// an unknown keyword, or a pattern.
  void processToken(const Token &T) {
    std::string_view S = T.Text;
    if (isTauKeyword(S))
      rejectTauKeyword(T);
    else if (S == "SCOREP_REGION_NAMES_BEGIN" || S == "SCOREP_FILE_NAMES_BEGIN")
      openBlock(T);
    else if (S == "SCOREP_REGION_NAMES_END" || S == "SCOREP_FILE_NAMES_END")
      closeBlock(T);
    else if (S == "INCLUDE" || S == "EXCLUDE")
      startRule(T);
    else if (S == "MANGLED" || S == "DEMANGLED")
      setRuleMangling(T);
    else if (looksLikeScorePKeyword(S))
      report(T, "unknown keyword '" + std::string(S) +
                    "'; expected 'SCOREP_REGION_NAMES_BEGIN', "
                    "'SCOREP_REGION_NAMES_END', 'SCOREP_FILE_NAMES_BEGIN' or "
                    "'SCOREP_FILE_NAMES_END'");
    else
      takePattern(T);
  }

  /// A TAU keyword: the patterns after it are discarded up to the next
  /// keyword; only the first one in the file is reported.
  void rejectTauKeyword(const Token &T) {
    Discarding = true;
    if (ReportedMixing)
      return; // one report per file is enough
    ReportedMixing = true;
    report(T, "TAU keyword '" + std::string(T.Text) +
                  "' in a Score-P filter file (the format was detected "
                  "from '" +
                  Detected.Keyword + "' at line " +
                  std::to_string(Detected.Line) +
                  "); expected one format per file");
  }

  /// SCOREP_REGION_NAMES_BEGIN or SCOREP_FILE_NAMES_BEGIN.
  void openBlock(const Token &T) {
    std::string_view S = T.Text;
    Block Opened =
        S == "SCOREP_REGION_NAMES_BEGIN" ? Block::Regions : Block::Files;
    if (Current != Block::None) {
      finishRule();
      report(T, "'" + std::string(S) + "' inside the " + blockName(Current) +
                    " block opened at line " + std::to_string(BlockBegin.Line) +
                    "; expected '" + endKeyword(Current) + "' first");
      // Recover as if the missing END had been there.
    }
    Current = Opened;
    BlockBegin = T;
    Discarding = false;
  }

  /// SCOREP_REGION_NAMES_END or SCOREP_FILE_NAMES_END.
  void closeBlock(const Token &T) {
    std::string_view S = T.Text;
    Block Closed =
        S == "SCOREP_REGION_NAMES_END" ? Block::Regions : Block::Files;
    Discarding = false;
    if (Current == Block::None) {
      report(T, "'" + std::string(S) + "' without a matching '" +
                    beginKeyword(Closed) + "'");
      return;
    }
    finishRule();
    if (Closed != Current)
      report(T, "'" + std::string(S) + "' does not close the " +
                    blockName(Current) + " block opened at line " +
                    std::to_string(BlockBegin.Line) + "; expected '" +
                    endKeyword(Current) + "'");
    Current = Block::None;
  }

  /// INCLUDE or EXCLUDE: ends the rule before and starts a new one.
  void startRule(const Token &T) {
    std::string_view S = T.Text;
    finishRule();
    if (Current == Block::None) {
      report(T, "'" + std::string(S) +
                    "' outside a block; expected "
                    "'SCOREP_REGION_NAMES_BEGIN' or "
                    "'SCOREP_FILE_NAMES_BEGIN' before rules");
      Discarding = true;
      return;
    }
    Discarding = false;
    InRule = true;
    RuleExclude = S == "EXCLUDE";
    RuleMangled = false;
    RulePatterns = 0;
    RuleKeyword = T;
  }

  /// MANGLED or DEMANGLED: how the rule's next patterns match, in a region
  /// rule only.
  void setRuleMangling(const Token &T) {
    std::string_view S = T.Text;
    if (Discarding)
      return;
    if (Current == Block::None) {
      report(T, "'" + std::string(S) +
                    "' outside a block; expected it after INCLUDE or "
                    "EXCLUDE in a SCOREP_REGION_NAMES block");
      Discarding = true;
    } else if (Current == Block::Files) {
      report(T, "'" + std::string(S) +
                    "' in a SCOREP_FILE_NAMES block; MANGLED and "
                    "DEMANGLED apply only to rules in a "
                    "SCOREP_REGION_NAMES block");
    } else if (!InRule) {
      report(T, "'" + std::string(S) +
                    "' without a rule; expected it after INCLUDE or "
                    "EXCLUDE");
      Discarding = true;
    } else {
      RuleMangled = S == "MANGLED";
    }
  }

  /// Any other token: a pattern of the rule open, or an error when no rule
  /// is.
  void takePattern(const Token &T) {
    std::string_view S = T.Text;
    if (Discarding)
      return;
    if (Current == Block::None) {
      report(T, "unexpected '" + std::string(S) +
                    "' outside a block; expected "
                    "'SCOREP_REGION_NAMES_BEGIN' or "
                    "'SCOREP_FILE_NAMES_BEGIN'" +
                    caseHint(S));
      Discarding = true;
      return;
    }
    if (!InRule) {
      report(T, "pattern '" + std::string(S) +
                    "' is not part of a rule in "
                    "the " +
                    blockName(Current) + " block opened at line " +
                    std::to_string(BlockBegin.Line) +
                    "; expected 'INCLUDE' or 'EXCLUDE' before it" +
                    caseHint(S));
      Discarding = true;
      return;
    }
    addPattern(T);
  }

  void addPattern(const Token &T) {
    ++RulePatterns;
    std::string Hint = caseHint(T.Text);
    if (!Hint.empty())
      report(T.Line, T.Column,
             "'" + std::string(T.Text) +
                 "' is taken as a pattern, not as a keyword" + Hint,
             Diagnostic::Severity::Warning);
    ScorePRule Rule;
    PatternError Error;
    if (!WildcardPattern::compile(std::string(T.Text), Rule.Pattern, Error)) {
      report(T.Line, T.Column + static_cast<unsigned>(Error.Offset),
             Error.Message + " in pattern '" + std::string(T.Text) + "'");
      return;
    }
    Rule.Exclude = RuleExclude;
    Rule.Mangled = RuleMangled;
    Rule.Origin.File = Name;
    Rule.Origin.Line = T.Line;
    Rule.Origin.Column = T.Column;
    Rule.Text = RuleExclude ? "EXCLUDE " : "INCLUDE ";
    if (RuleMangled)
      Rule.Text += "MANGLED ";
    Rule.Text += T.Text;
    if (Current == Block::Regions)
      Rules.RegionRules.push_back(std::move(Rule));
    else
      Rules.FileRules.push_back(std::move(Rule));
  }

  const std::string &Name;
  const DetectedFormat &Detected;
  FilterRules &Rules;
  DiagnosticCollector Problems;

  Block Current = Block::None;
  Token BlockBegin;
  bool InRule = false;
  bool RuleExclude = false;
  bool RuleMangled = false;
  unsigned RulePatterns = 0;
  Token RuleKeyword;
  /// Set after an error that makes the following patterns meaningless
  /// (a rule outside a block); cleared by the next keyword.
  bool Discarding = false;
  bool ReportedMixing = false;
};

} // namespace

bool parseScorePFilter(std::string_view Text, const std::string &Name,
                       const DetectedFormat &Detected, FilterRules &Rules,
                       std::vector<Diagnostic> &Diags) {
  ScorePParser Parser(Name, Detected, Rules, Diags);
  return Parser.parse(Text);
}

} // namespace filter
} // namespace sextant
