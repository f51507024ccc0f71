//===- tools/sextant/GeneratedFilter.h - Filters from a score ---*- C++ -*-===//
//
// Part of Sextant. The filter file `sextant score -g` writes: Score-P
// format, one `EXCLUDE MANGLED <linkage name>` rule per excluded region
// (linkage names have no blanks, display names of C++ functions do), the
// display name and the figures that decided in a comment above each rule,
// and a header comment with the command, the date, the thresholds and what
// to do with each of the two blocks: the first holds the rules for functions
// the compiler instrumented, which act at compile time (recompile with the
// filter) and at run time; the second the rules for regions the runtime
// creates (RegionOrigin.h), which only the runtime filter (SEXTANT_FILTER)
// can apply. Both blocks are always there, so one file serves the compiler
// and the runtime alike.
// A linkage name that no filter line can hold (a line break or a NUL in it,
// which an asm label can put there) gets no rule: a comment says it was left
// out, and the caller warns.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_GENERATEDFILTER_H
#define SEXTANT_TOOLS_GENERATEDFILTER_H

#include "RegionScore.h"

#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// The filter text excluding every score with ExcludedByFilter set whose
/// linkage name filterPatternCanHold(), in the block its origin says.
/// CommandWords is the command line
/// that made it, Date when. The linkage names left out are appended to
/// LeftOut when it is given.
std::string renderGeneratedFilter(const format::Experiment &E,
                                  const std::vector<RegionScore> &Scores,
                                  const FilterThresholds &Thresholds,
                                  const std::vector<std::string> &CommandWords,
                                  const std::string &Date,
                                  std::vector<std::string> *LeftOut = nullptr);

/// Whether a Score-P filter line can hold Name as a pattern that matches
/// exactly Name: not when Name holds a line end (LF, CR), which the format
/// cannot escape, or a NUL, at which the matching would stop.
bool filterPatternCanHold(const std::string &Name);

/// Name as one pattern token of a Score-P filter that matches exactly Name:
/// blanks (space, tab, vertical tab, form feed) and the characters fnmatch(3)
/// or the filter reader treat specially are escaped with a backslash, and so
/// is the first character of a name that would read as a keyword. Other
/// control characters stand for themselves. Only for names that
/// filterPatternCanHold().
std::string escapeFilterPattern(const std::string &Name);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_GENERATEDFILTER_H
