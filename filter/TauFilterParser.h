//===- filter/TauFilterParser.h - TAU select files --------------*- C++ -*-===//
//
// Part of Sextant. Reads TAU selective-instrumentation files:
//
//   BEGIN_EXCLUDE_LIST
//   void quicksort(int *, int, int)
//   void sort_#
//   END_EXCLUDE_LIST
//   BEGIN_FILE_EXCLUDE_LIST
//   */vendor/*
//   END_FILE_EXCLUDE_LIST
//
// One keyword or entry per line, surrounding blanks ignored, an entry may be
// enclosed in double quotes. A line whose first non-blank character is '#'
// is a comment (as in TAU, also inside lists). Routine entries use '#' as
// the wildcard for any sequence (and '?' for one character); file entries
// use '*' and '?'. BEGIN_INSTRUMENT_SECTION and BEGIN_LOOPS_LIST sections
// do not apply to function-level instrumentation: each gets a warning and
// its contents are skipped.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_TAUFILTERPARSER_H
#define SEXTANT_FILTER_TAUFILTERPARSER_H

#include "filter/FilterFormat.h"
#include "filter/FilterRules.h"
#include "filter/FilterSet.h"

#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace filter {

/// Translates a TAU file-list entry ('*' any sequence, '?' one character,
/// everything else literal) into an fnmatch(3) pattern.
std::string tauFilePatternToFnmatch(std::string_view Entry);

/// Parses Text, a TAU selective-instrumentation file named Name whose format
/// was detected as Detected, appending its rules to Rules and its problems to
/// Diags. Returns false if there was any error.
bool parseTauFilter(std::string_view Text, const std::string &Name,
                    const DetectedFormat &Detected, FilterRules &Rules,
                    std::vector<Diagnostic> &Diags);

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_TAUFILTERPARSER_H
