//===- filter/ScorePFilterParser.h - Score-P filter files -------*- C++ -*-===//
//
// Part of Sextant. Reads the Score-P filter format:
//
//   SCOREP_REGION_NAMES_BEGIN
//     EXCLUDE *
//     INCLUDE main compute*
//             solve
//     EXCLUDE MANGLED _ZN6detail*
//   SCOREP_REGION_NAMES_END
//   SCOREP_FILE_NAMES_BEGIN
//     EXCLUDE */vendor/*
//   SCOREP_FILE_NAMES_END
//
// Tokens are separated by blanks; a backslash escapes the next character
// (a blank or '#' then belongs to the pattern, and fnmatch(3) sees the
// backslash too); '#' that is not escaped starts a comment up to the end of
// the line; a backslash at the end of a line is an error (Score-P does not
// continue lines). Keywords are case-sensitive. MANGLED and DEMANGLED may
// appear in a region rule and apply to the patterns after them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_SCOREPFILTERPARSER_H
#define SEXTANT_FILTER_SCOREPFILTERPARSER_H

#include "filter/FilterFormat.h"
#include "filter/FilterRules.h"
#include "filter/FilterSet.h"

#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace filter {

/// Parses Text, a Score-P filter file named Name whose format was detected
/// as Detected, appending its rules to Rules and its problems to Diags.
/// Returns false if there was any error (Rules is then incomplete).
bool parseScorePFilter(std::string_view Text, const std::string &Name,
                       const DetectedFormat &Detected, FilterRules &Rules,
                       std::vector<Diagnostic> &Diags);

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_SCOREPFILTERPARSER_H
