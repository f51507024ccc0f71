//===- filter/TextLines.h - Filter text lines -------------------*- C++ -*-===//
//
// Part of Sextant. Splits filter-file text into numbered lines (LF or CRLF
// line ends, a last line without a line end included) for the parsers.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FILTER_TEXTLINES_H
#define SEXTANT_FILTER_TEXTLINES_H

#include <string_view>

namespace sextant {
namespace filter {

/// Calls Visit(Line, LineNumber) for each line of Text, LineNumber 1-based,
/// without the line end.
template <typename Visitor>
void forEachLine(std::string_view Text, Visitor Visit) {
  unsigned LineNumber = 0;
  while (!Text.empty()) {
    size_t End = Text.find('\n');
    std::string_view Line = Text.substr(0, End);
    Text.remove_prefix(End == std::string_view::npos ? Text.size() : End + 1);
    if (!Line.empty() && Line.back() == '\r')
      Line.remove_suffix(1);
    Visit(Line, ++LineNumber);
  }
}

/// True for the blanks that separate tokens in filter files.
inline bool isFilterBlank(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f';
}

} // namespace filter
} // namespace sextant

#endif // SEXTANT_FILTER_TEXTLINES_H
