//===- filter/FilterSet.cpp - Score-P and TAU filter rules ------*- C++ -*-===//
//
// Part of Sextant. Reads filter files (format detection, then the Score-P or
// TAU parser) and applies the rules of all files to a function:
//
//  1. Score-P file rules, last match wins; a final EXCLUDE is final.
//  2. TAU file exclude lists, then TAU file include lists.
//  3. Score-P region rules, last match wins.
//  4. TAU routine exclude lists, then TAU routine include lists.
//
// Each step can only exclude; the first step that excludes decides. A
// function nothing excluded is included, and the explanation names the most
// specific rule that included it. includes() runs the same evaluation
// without building any explanation text.
//
//===----------------------------------------------------------------------===//

#include "filter/FilterSet.h"

#include "filter/DiagnosticCollector.h"
#include "filter/FilterFileReader.h"
#include "filter/FilterFormat.h"
#include "filter/FilterRules.h"
#include "filter/ScorePFilterParser.h"
#include "filter/TauFilterParser.h"

namespace sextant {
namespace filter {

struct FilterSet::Impl {
  FilterRules Rules;
};

namespace {

/// What decided, as pointers into the rules; no strings are built.
struct Evaluation {
  enum class By {
    Default,
    ScorePFileRule,
    ScorePRegionRule,
    TauFileExclude,
    TauFileInclude,
    TauFileIncludeMissing,
    TauExclude,
    TauInclude,
    TauIncludeMissing
  };
  bool Included = true;
  By Decider = By::Default;
  const ScorePRule *ScoreP = nullptr;
  const TauFileEntry *TauFile = nullptr;
  const TauRoutineEntry *TauRoutine = nullptr;
};

std::string_view baseName(std::string_view Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string_view::npos ? Path : Path.substr(Slash + 1);
}

bool tauFileMatches(const TauFileEntry &Entry, std::string_view Path) {
  if (Entry.Pattern.matches(Path))
    return true;
  std::string_view Base = baseName(Path);
  return Base.size() != Path.size() && Entry.Pattern.matches(Base);
}

/// The last rule in Rules that matches, or null.
template <typename NameOf>
const ScorePRule *lastMatch(const std::vector<ScorePRule> &Rules, NameOf Name) {
  for (auto It = Rules.rbegin(), End = Rules.rend(); It != End; ++It)
    if (It->Pattern.matches(Name(*It)))
      return &*It;
  return nullptr;
}

Evaluation evaluate(const FilterRules &R, const FunctionIdentity &F) {
  Evaluation E;
  const ScorePRule *FileRule = nullptr;
  const TauFileEntry *TauFileIncluded = nullptr;
  if (!F.SourceFile.empty()) {
    FileRule = lastMatch(R.FileRules,
                         [&](const ScorePRule &) { return F.SourceFile; });
    if (FileRule && FileRule->Exclude) {
      E.Included = false;
      E.Decider = Evaluation::By::ScorePFileRule;
      E.ScoreP = FileRule;
      return E;
    }
    for (const TauFileEntry &Entry : R.TauFileExcludes) {
      if (tauFileMatches(Entry, F.SourceFile)) {
        E.Included = false;
        E.Decider = Evaluation::By::TauFileExclude;
        E.TauFile = &Entry;
        return E;
      }
    }
    if (!R.TauFileIncludes.empty()) {
      for (const TauFileEntry &Entry : R.TauFileIncludes) {
        if (tauFileMatches(Entry, F.SourceFile)) {
          TauFileIncluded = &Entry;
          break;
        }
      }
      if (!TauFileIncluded) {
        E.Included = false;
        E.Decider = Evaluation::By::TauFileIncludeMissing;
        return E;
      }
    }
  }

  std::string_view Mangled =
      F.MangledName.empty() ? F.DisplayName : F.MangledName;
  const ScorePRule *RegionRule =
      lastMatch(R.RegionRules, [&](const ScorePRule &Rule) {
        return Rule.Mangled ? Mangled : F.DisplayName;
      });
  if (RegionRule && RegionRule->Exclude) {
    E.Included = false;
    E.Decider = Evaluation::By::ScorePRegionRule;
    E.ScoreP = RegionRule;
    return E;
  }

  const TauRoutineEntry *TauIncluded = nullptr;
  if (!R.TauExcludes.empty() || !R.TauIncludes.empty()) {
    TauRoutineName Name(F.DisplayName);
    for (const TauRoutineEntry &Entry : R.TauExcludes) {
      if (Entry.Pattern.matches(Name)) {
        E.Included = false;
        E.Decider = Evaluation::By::TauExclude;
        E.TauRoutine = &Entry;
        return E;
      }
    }
    if (!R.TauIncludes.empty()) {
      for (const TauRoutineEntry &Entry : R.TauIncludes) {
        if (Entry.Pattern.matches(Name)) {
          TauIncluded = &Entry;
          break;
        }
      }
      if (!TauIncluded) {
        E.Included = false;
        E.Decider = Evaluation::By::TauIncludeMissing;
        return E;
      }
    }
  }

  if (RegionRule) {
    E.Decider = Evaluation::By::ScorePRegionRule;
    E.ScoreP = RegionRule;
  } else if (TauIncluded) {
    E.Decider = Evaluation::By::TauInclude;
    E.TauRoutine = TauIncluded;
  } else if (FileRule) {
    E.Decider = Evaluation::By::ScorePFileRule;
    E.ScoreP = FileRule;
  } else if (TauFileIncluded) {
    E.Decider = Evaluation::By::TauFileInclude;
    E.TauFile = TauFileIncluded;
  }
  return E;
}

std::string originText(const RuleOrigin &Origin) {
  std::string Text = Origin.File;
  if (Origin.Line != 0) {
    Text += ':' + std::to_string(Origin.Line);
    if (Origin.Column != 0)
      Text += ':' + std::to_string(Origin.Column);
  }
  return Text;
}

std::string listOrigins(const std::vector<RuleOrigin> &Lists) {
  std::string Text;
  for (const RuleOrigin &Origin : Lists) {
    if (!Text.empty())
      Text += ", ";
    RuleOrigin WithoutColumn = Origin;
    WithoutColumn.Column = 0;
    Text += originText(WithoutColumn);
  }
  return Text;
}

Decision explain(const FilterRules &R, const FunctionIdentity &F,
                 const Evaluation &E) {
  Decision D;
  D.Included = E.Included;
  const char *Verb = E.Included ? "included by " : "excluded by ";
  auto setRule = [&](const RuleOrigin &Origin, std::string RuleText,
                     std::string Pattern, const std::string &Detail) {
    D.Matched = true;
    D.Rule = Origin;
    D.RuleText = std::move(RuleText);
    D.Pattern = std::move(Pattern);
    D.Reason = Verb + originText(Origin) + " (" + Detail + ")";
  };
  switch (E.Decider) {
  case Evaluation::By::Default:
    D.Reason = "included: no rule matched";
    break;
  case Evaluation::By::ScorePRegionRule:
    setRule(E.ScoreP->Origin, E.ScoreP->Text, E.ScoreP->Pattern.text(),
            E.ScoreP->Text);
    break;
  case Evaluation::By::ScorePFileRule:
    setRule(E.ScoreP->Origin, E.ScoreP->Text, E.ScoreP->Pattern.text(),
            "file rule " + E.ScoreP->Text);
    break;
  case Evaluation::By::TauFileExclude:
  case Evaluation::By::TauFileInclude: {
    const char *List = E.Decider == Evaluation::By::TauFileExclude
                           ? "BEGIN_FILE_EXCLUDE_LIST"
                           : "BEGIN_FILE_INCLUDE_LIST";
    setRule(E.TauFile->Origin, List, E.TauFile->Text,
            std::string(List) + " entry '" + E.TauFile->Text + "'");
    break;
  }
  case Evaluation::By::TauExclude:
  case Evaluation::By::TauInclude: {
    const char *List = E.Decider == Evaluation::By::TauExclude
                           ? "BEGIN_EXCLUDE_LIST"
                           : "BEGIN_INCLUDE_LIST";
    const std::string &Entry = E.TauRoutine->Pattern.text();
    setRule(E.TauRoutine->Origin, List, Entry,
            std::string(List) + " entry '" + Entry + "'");
    break;
  }
  case Evaluation::By::TauFileIncludeMissing:
    D.Reason = "excluded: source file '" + std::string(F.SourceFile) +
               "' is not in the TAU file include list" +
               (R.TauFileIncludeLists.size() > 1 ? "s" : "") + " of " +
               listOrigins(R.TauFileIncludeLists);
    break;
  case Evaluation::By::TauIncludeMissing:
    D.Reason = std::string("excluded: not in the TAU include list") +
               (R.TauIncludeLists.size() > 1 ? "s" : "") + " of " +
               listOrigins(R.TauIncludeLists);
    break;
  }
  return D;
}

const FilterRules &emptyRules() {
  static const FilterRules Empty;
  return Empty;
}

} // namespace

std::string Diagnostic::str() const {
  std::string Text = File;
  if (Line != 0) {
    Text += ':' + std::to_string(Line);
    if (Column != 0)
      Text += ':' + std::to_string(Column);
  }
  Text += isError() ? ": error: " : ": warning: ";
  Text += Message;
  return Text;
}

FilterSet::FilterSet() : Rules(std::make_unique<Impl>()) {}
FilterSet::~FilterSet() = default;
FilterSet::FilterSet(FilterSet &&) noexcept = default;
FilterSet &FilterSet::operator=(FilterSet &&) noexcept = default;

bool FilterSet::addFile(const std::string &Path,
                        std::vector<Diagnostic> &Diags) {
  std::string Text, Error;
  if (!readFilterFile(Path, Text, Error)) {
    DiagnosticCollector(Path, Diags)
        .report(0, 0, "cannot read filter file: " + Error);
    return false;
  }
  return addText(Text, Path, Diags);
}

bool FilterSet::addText(std::string_view Text, const std::string &Name,
                        std::vector<Diagnostic> &Diags) {
  DetectedFormat Detected = detectFilterFormat(Text);
  FilterRules Parsed;
  bool Ok = true;
  switch (Detected.Format) {
  case FilterFormat::Empty:
    return true;
  case FilterFormat::Unknown: {
    DiagnosticCollector(Name, Diags)
        .report(
            Detected.Line, Detected.Column,
            "unknown keyword '" + Detected.Keyword +
                "'; expected a Score-P block ('SCOREP_REGION_NAMES_BEGIN' or "
                "'SCOREP_FILE_NAMES_BEGIN') or a TAU list "
                "('BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
                "'BEGIN_FILE_EXCLUDE_LIST' or 'BEGIN_FILE_INCLUDE_LIST')" +
                caseHint(Detected.Keyword));
    return false;
  }
  case FilterFormat::ScoreP:
    Ok = parseScorePFilter(Text, Name, Detected, Parsed, Diags);
    break;
  case FilterFormat::Tau:
    Ok = parseTauFilter(Text, Name, Detected, Parsed, Diags);
    break;
  }
  if (!Ok)
    return false;
  if (!Rules)
    Rules = std::make_unique<Impl>();
  Rules->Rules.append(std::move(Parsed));
  return true;
}

bool FilterSet::empty() const { return !Rules || Rules->Rules.empty(); }

Decision FilterSet::decide(const FunctionIdentity &F) const {
  const FilterRules &R = Rules ? Rules->Rules : emptyRules();
  return explain(R, F, evaluate(R, F));
}

bool FilterSet::includes(const FunctionIdentity &F) const {
  if (empty())
    return true;
  return evaluate(Rules->Rules, F).Included;
}

} // namespace filter
} // namespace sextant
