//===- format/schema/JsonNesting.cpp - How deep a JSON text nests ---------===//
//
// Part of Sextant. See JsonNesting.h. One pass over the text that follows
// strings (and their escapes) and counts the open brackets.
//
//===----------------------------------------------------------------------===//

#include "format/schema/JsonNesting.h"

#include <algorithm>

namespace sextant {
namespace format {

std::string jsonNestingProblem(std::string_view Text, size_t MaxDepth) {
  if (MaxDepth == CallTreeNesting)
    return std::string();
  size_t Depth = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character, also a quote
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      if (++Depth > MaxDepth) {
        size_t Line = 1 + static_cast<size_t>(
                              std::count(Text.begin(), Text.begin() + I, '\n'));
        return "nesting deeper than " + std::to_string(MaxDepth) +
               " levels at line " + std::to_string(Line);
      }
    } else if ((C == ']' || C == '}') && Depth > 0) {
      --Depth;
    }
  }
  return std::string();
}

} // namespace format
} // namespace sextant
