//===- format/TextLayout.h - Columns of the text views ----------*- C++ -*-===//
//
// Part of Sextant. The column layout shared by the text views (summary.txt
// of a process and of an MPI job): right-aligned fields.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_TEXTLAYOUT_H
#define SEXTANT_FORMAT_TEXTLAYOUT_H

#include <string>

namespace sextant {
namespace format {

/// Text right-aligned in a field of Width characters (never cut).
inline std::string padLeft(const std::string &Text, size_t Width) {
  if (Text.size() >= Width)
    return Text;
  return std::string(Width - Text.size(), ' ') + Text;
}

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_TEXTLAYOUT_H
