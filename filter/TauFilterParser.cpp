//===- filter/TauFilterParser.cpp - TAU select files ------------*- C++ -*-===//
//
// Part of Sextant. A line-driven state machine: outside a list, inside one
// of the four lists, or inside a skipped section. Parsing goes on after an
// error so that one run shows every problem.
//
//===----------------------------------------------------------------------===//

#include "filter/TauFilterParser.h"
#include "filter/DiagnosticCollector.h"

#include "filter/TextLines.h"

namespace sextant {
namespace filter {

namespace {

enum class Section {
  None,
  Exclude,
  Include,
  FileExclude,
  FileInclude,
  Instrument,
  Loops
};

struct SectionKeywords {
  Section Kind;
  const char *Begin;
  const char *End;
};

const SectionKeywords Sections[] = {
    {Section::Exclude, "BEGIN_EXCLUDE_LIST", "END_EXCLUDE_LIST"},
    {Section::Include, "BEGIN_INCLUDE_LIST", "END_INCLUDE_LIST"},
    {Section::FileExclude, "BEGIN_FILE_EXCLUDE_LIST", "END_FILE_EXCLUDE_LIST"},
    {Section::FileInclude, "BEGIN_FILE_INCLUDE_LIST", "END_FILE_INCLUDE_LIST"},
    {Section::Instrument, "BEGIN_INSTRUMENT_SECTION", "END_INSTRUMENT_SECTION"},
    {Section::Loops, "BEGIN_LOOPS_LIST", "END_LOOPS_LIST"},
};

const SectionKeywords &keywordsOf(Section Kind) {
  for (const SectionKeywords &K : Sections)
    if (K.Kind == Kind)
      return K;
  return Sections[0];
}

bool isSkippedSection(Section Kind) {
  return Kind == Section::Instrument || Kind == Section::Loops;
}

class TauParser {
public:
  TauParser(const std::string &Name, const DetectedFormat &Detected,
            FilterRules &Rules, std::vector<Diagnostic> &Diags)
      : Name(Name), Detected(Detected), Rules(Rules), Problems(Name, Diags) {}

  bool parse(std::string_view Text) {
    forEachLine(Text, [this](std::string_view Line, unsigned LineNumber) {
      parseLine(Line, LineNumber);
    });
    if (Current != Section::None)
      report(BeginLine, BeginColumn,
             std::string("'") + keywordsOf(Current).Begin +
                 "' is never closed; expected '" + keywordsOf(Current).End +
                 "' before the end of the file");
    return !Problems.hadError();
  }

private:
  void report(unsigned Line, unsigned Column, std::string Message,
              Diagnostic::Severity Level = Diagnostic::Severity::Error) {
    Problems.report(Line, Column, std::move(Message), Level);
  }

  void parseLine(std::string_view Line, unsigned LineNumber) {
    size_t Begin = 0;
    while (Begin < Line.size() && isFilterBlank(Line[Begin]))
      ++Begin;
    size_t End = Line.size();
    while (End > Begin && isFilterBlank(Line[End - 1]))
      --End;
    if (Begin == End)
      return;
    std::string_view Content = Line.substr(Begin, End - Begin);
    unsigned Column = static_cast<unsigned>(Begin + 1);

    if (isSkippedSection(Current)) {
      if (Content == keywordsOf(Current).End)
        Current = Section::None;
      return;
    }
    if (Content.front() == '#')
      return; // comment line

    size_t TokenEnd = 0;
    while (TokenEnd < Content.size() && !isFilterBlank(Content[TokenEnd]))
      ++TokenEnd;
    std::string_view First = Content.substr(0, TokenEnd);

    if (isTauKeyword(First)) {
      size_t Rest = TokenEnd;
      while (Rest < Content.size() && isFilterBlank(Content[Rest]))
        ++Rest;
      if (Rest < Content.size())
        report(LineNumber, Column + static_cast<unsigned>(Rest),
               "unexpected '" + std::string(Content.substr(Rest)) +
                   "' after '" + std::string(First) +
                   "'; expected the keyword alone on its line");
      processKeyword(First, LineNumber, Column);
      return;
    }
    if (looksLikeTauKeyword(First)) {
      report(LineNumber, Column,
             "unknown keyword '" + std::string(First) +
                 "'; expected 'BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
                 "'BEGIN_FILE_EXCLUDE_LIST', 'BEGIN_FILE_INCLUDE_LIST', "
                 "'BEGIN_INSTRUMENT_SECTION' or the END_ keyword of the "
                 "open list");
      return;
    }
    if (looksLikeScorePKeyword(First) ||
        (Current == Section::None && isScorePKeyword(First))) {
      if (ReportedMixing)
        return; // one report per file is enough
      ReportedMixing = true;
      report(LineNumber, Column,
             "Score-P keyword '" + std::string(First) +
                 "' in a TAU selective instrumentation file (the format was "
                 "detected from '" +
                 Detected.Keyword + "' at line " +
                 std::to_string(Detected.Line) +
                 "); expected one format per file");
      return;
    }
    if (Current == Section::None) {
      report(LineNumber, Column,
             "unexpected '" + std::string(Content) +
                 "' outside a list; expected 'BEGIN_EXCLUDE_LIST', "
                 "'BEGIN_INCLUDE_LIST', 'BEGIN_FILE_EXCLUDE_LIST', "
                 "'BEGIN_FILE_INCLUDE_LIST' or 'BEGIN_INSTRUMENT_SECTION'" +
                 caseHint(First));
      return;
    }
    addEntry(Content, LineNumber, Column);
  }

  void processKeyword(std::string_view Keyword, unsigned Line,
                      unsigned Column) {
    for (const SectionKeywords &K : Sections) {
      if (Keyword == K.Begin) {
        if (Current != Section::None) {
          report(Line, Column,
                 "'" + std::string(Keyword) + "' inside the '" +
                     keywordsOf(Current).Begin + "' list opened at line " +
                     std::to_string(BeginLine) + "; expected '" +
                     keywordsOf(Current).End + "' first");
          // Recover as if the missing END had been there.
        }
        Current = K.Kind;
        BeginLine = Line;
        BeginColumn = Column;
        ListHasEntries = false;
        if (isSkippedSection(K.Kind))
          report(Line, Column,
                 "'" + std::string(Keyword) +
                     "' does not apply to function-level instrumentation; "
                     "the section up to '" +
                     K.End + "' is ignored",
                 Diagnostic::Severity::Warning);
        return;
      }
      if (Keyword == K.End) {
        if (Current == Section::None) {
          report(Line, Column,
                 "'" + std::string(Keyword) + "' without a matching '" +
                     K.Begin + "'");
          return;
        }
        if (Current != K.Kind)
          report(Line, Column,
                 "'" + std::string(Keyword) + "' does not close the '" +
                     keywordsOf(Current).Begin + "' list opened at line " +
                     std::to_string(BeginLine) + "; expected '" +
                     keywordsOf(Current).End + "'");
        Current = Section::None;
        return;
      }
    }
  }

  void addEntry(std::string_view Content, unsigned Line, unsigned Column) {
    bool IsFileList =
        Current == Section::FileExclude || Current == Section::FileInclude;
    if (Content.size() >= 2 && Content.front() == '"' &&
        Content.back() == '"') {
      unsigned QuoteColumn = Column;
      Content = Content.substr(1, Content.size() - 2);
      ++Column;
      while (!Content.empty() && isFilterBlank(Content.front())) {
        Content.remove_prefix(1);
        ++Column;
      }
      while (!Content.empty() && isFilterBlank(Content.back()))
        Content.remove_suffix(1);
      if (Content.empty()) {
        report(Line, QuoteColumn,
               std::string("empty ") + (IsFileList ? "file name" : "routine") +
                   " entry in '" + keywordsOf(Current).Begin + "'; expected " +
                   (IsFileList ? "a file name or pattern"
                               : "a routine name or signature"));
        return;
      }
    }
    RuleOrigin Origin;
    Origin.File = Name;
    Origin.Line = Line;
    Origin.Column = Column;
    if (!ListHasEntries) {
      ListHasEntries = true;
      RuleOrigin ListOrigin;
      ListOrigin.File = Name;
      ListOrigin.Line = BeginLine;
      ListOrigin.Column = BeginColumn;
      if (Current == Section::Include)
        Rules.TauIncludeLists.push_back(ListOrigin);
      else if (Current == Section::FileInclude)
        Rules.TauFileIncludeLists.push_back(ListOrigin);
    }
    if (IsFileList) {
      TauFileEntry Entry;
      PatternError Error;
      // The translation escapes everything but '*' and '?': it cannot fail.
      WildcardPattern::compile(tauFilePatternToFnmatch(Content), Entry.Pattern,
                               Error);
      Entry.Text = std::string(Content);
      Entry.Origin = std::move(Origin);
      (Current == Section::FileExclude ? Rules.TauFileExcludes
                                       : Rules.TauFileIncludes)
          .push_back(std::move(Entry));
      return;
    }
    TauRoutineEntry Entry;
    Entry.Pattern = TauRoutinePattern(Content);
    Entry.Origin = std::move(Origin);
    (Current == Section::Exclude ? Rules.TauExcludes : Rules.TauIncludes)
        .push_back(std::move(Entry));
  }

  const std::string &Name;
  const DetectedFormat &Detected;
  FilterRules &Rules;
  DiagnosticCollector Problems;

  Section Current = Section::None;
  unsigned BeginLine = 0;
  unsigned BeginColumn = 0;
  bool ListHasEntries = false;
  bool ReportedMixing = false;
};

} // namespace

std::string tauFilePatternToFnmatch(std::string_view Entry) {
  std::string Pattern;
  Pattern.reserve(Entry.size() + 4);
  for (char C : Entry) {
    if (C == '[' || C == '\\')
      Pattern += '\\';
    Pattern += C;
  }
  return Pattern;
}

bool parseTauFilter(std::string_view Text, const std::string &Name,
                    const DetectedFormat &Detected, FilterRules &Rules,
                    std::vector<Diagnostic> &Diags) {
  TauParser Parser(Name, Detected, Rules, Diags);
  return Parser.parse(Text);
}

} // namespace filter
} // namespace sextant
