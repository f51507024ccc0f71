//===- tools/sextant/GeneratedFilter.h - Filters from a score ---*- C++ -*-===//
//
// Part of Sextant. The filter file `sextant score -g` writes: Score-P
// format, one `EXCLUDE MANGLED <linkage name>` rule per excluded region
// (linkage names have no blanks, display names of C++ functions do), the
// display name and the figures that decided in a comment above each rule,
// and a header comment with the command, the date and the thresholds.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_GENERATEDFILTER_H
#define SEXTANT_TOOLS_GENERATEDFILTER_H

#include "RegionScore.h"

#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// The filter text excluding every score with ExcludedByFilter set.
/// CommandWords is the command line that made it, Date when.
std::string renderGeneratedFilter(const format::Experiment &E,
                                  const std::vector<RegionScore> &Scores,
                                  const FilterThresholds &Thresholds,
                                  const std::vector<std::string> &CommandWords,
                                  const std::string &Date);

/// Name as one pattern token of a Score-P filter that matches exactly Name:
/// blanks and the characters fnmatch(3) or the filter reader treat specially
/// are escaped with a backslash, and so is the first character of a name
/// that would read as a keyword.
std::string escapeFilterPattern(const std::string &Name);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_GENERATEDFILTER_H
