//===- format/FoldedFrameName.cpp - A region name in a folded stack -------===//
//
// Part of Sextant. See FoldedFrameName.h.
//
//===----------------------------------------------------------------------===//

#include "format/FoldedFrameName.h"

namespace sextant {
namespace format {

std::string foldedFrameName(const std::string &Name) {
  std::string Frame = Name;
  for (char &C : Frame) {
    if (C == ';')
      C = ':';
    else if (C == '\n' || C == '\r')
      C = ' ';
  }
  return Frame;
}

} // namespace format
} // namespace sextant
