//===- filter/FilterRules.h - Parsed filter rules ---------------*- C++ -*-===//
//
// Part of Sextant. The rules a parser extracts from one filter file, in the
// shape FilterSet evaluates them: Score-P region and file rules (one entry
// per pattern, in file order), and the TAU routine and file lists. Parsers
// fill a fresh FilterRules; FilterSet appends it to its own only when the
// file had no error.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_FILTERRULES_H
#define SEXTANT_FILTER_FILTERRULES_H

#include "filter/FilterSet.h"
#include "filter/TauRoutinePattern.h"
#include "filter/WildcardPattern.h"

#include <string>
#include <vector>

namespace sextant {
namespace filter {

/// One pattern of a Score-P INCLUDE or EXCLUDE rule.
struct ScorePRule {
  bool Exclude = false;
  bool Mangled = false; ///< match the mangled name instead of the display name
  WildcardPattern Pattern;
  RuleOrigin Origin; ///< position of the pattern
  std::string Text;  ///< e.g. "EXCLUDE MANGLED _Z*"
};

/// One routine entry of a TAU BEGIN_EXCLUDE_LIST or BEGIN_INCLUDE_LIST.
struct TauRoutineEntry {
  TauRoutinePattern Pattern;
  RuleOrigin Origin; ///< position of the entry
};

/// One entry of a TAU BEGIN_FILE_EXCLUDE_LIST or BEGIN_FILE_INCLUDE_LIST.
struct TauFileEntry {
  WildcardPattern Pattern; ///< the TAU pattern translated to fnmatch
  std::string Text;        ///< the entry as written
  RuleOrigin Origin;       ///< position of the entry
};

/// Everything read from one or more filter files.
struct FilterRules {
  std::vector<ScorePRule> RegionRules;
  std::vector<ScorePRule> FileRules;
  std::vector<TauRoutineEntry> TauExcludes;
  std::vector<TauRoutineEntry> TauIncludes;
  std::vector<TauFileEntry> TauFileExcludes;
  std::vector<TauFileEntry> TauFileIncludes;
  /// The BEGIN_INCLUDE_LIST / BEGIN_FILE_INCLUDE_LIST lines of lists that
  /// hold at least one entry (an empty TAU include list restricts nothing).
  std::vector<RuleOrigin> TauIncludeLists;
  std::vector<RuleOrigin> TauFileIncludeLists;

  bool empty() const {
    return RegionRules.empty() && FileRules.empty() && TauExcludes.empty() &&
           TauIncludes.empty() && TauFileExcludes.empty() &&
           TauFileIncludes.empty();
  }

  /// Appends Other's rules after these.
  void append(FilterRules &&Other);
};

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_FILTERRULES_H
