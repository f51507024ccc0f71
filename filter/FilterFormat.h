//===- filter/FilterFormat.h - Which format a filter file uses --*- C++ -*-===//
//
// Part of Sextant. A filter file is a Score-P filter file or a TAU
// selective-instrumentation file; its first significant keyword decides.
// The keyword tables here are shared by both parsers, which use them to
// reject files that mix the two formats.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_FILTERFORMAT_H
#define SEXTANT_FILTER_FILTERFORMAT_H

#include <string>
#include <string_view>

namespace sextant {
namespace filter {

enum class FilterFormat {
  Empty,   ///< nothing but blank lines and comments
  ScoreP,  ///< SCOREP_REGION_NAMES_BEGIN ... blocks
  Tau,     ///< BEGIN_EXCLUDE_LIST ... lists
  Unknown, ///< the first keyword belongs to neither format
};

/// The outcome of format detection, with the keyword that decided it.
struct DetectedFormat {
  FilterFormat Format = FilterFormat::Empty;
  std::string Keyword; ///< the first significant token
  unsigned Line = 0;
  unsigned Column = 0;
};

/// Looks at the first token that is not blank or in a comment.
DetectedFormat detectFilterFormat(std::string_view Text);

/// SCOREP_REGION_NAMES_BEGIN/END, SCOREP_FILE_NAMES_BEGIN/END, INCLUDE,
/// EXCLUDE, MANGLED, DEMANGLED.
bool isScorePKeyword(std::string_view Token);

/// BEGIN_/END_ EXCLUDE_LIST, INCLUDE_LIST, FILE_EXCLUDE_LIST,
/// FILE_INCLUDE_LIST, INSTRUMENT_SECTION, LOOPS_LIST.
bool isTauKeyword(std::string_view Token);

/// "SCOREP_" followed by capitals and underscores: meant as a Score-P
/// keyword, whether or not it is one.
bool looksLikeScorePKeyword(std::string_view Token);

/// "BEGIN_" or "END_" followed by capitals and underscores: meant as a TAU
/// keyword, whether or not it is one.
bool looksLikeTauKeyword(std::string_view Token);

/// If Token is a keyword of either format written in the wrong case,
/// returns " (keywords are case-sensitive: did you mean 'KEYWORD'?)";
/// otherwise an empty string.
std::string caseHint(std::string_view Token);

/// Short name of a format for messages: "Score-P" or "TAU".
const char *formatName(FilterFormat Format);

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_FILTERFORMAT_H
