//===- common/ShellQuoting.cpp - Command lines as a shell reads them ------===//
//
// Part of Sextant. See ShellQuoting.h.
//
//===----------------------------------------------------------------------===//

#include "common/ShellQuoting.h"

#include <algorithm>
#include <string_view>

namespace sextant {

std::string shellQuoteWords(const std::vector<std::string> &Words) {
  std::string Line;
  for (const std::string &Word : Words) {
    if (!Line.empty())
      Line += ' ';
    bool Plain =
        !Word.empty() && std::all_of(Word.begin(), Word.end(), [](char C) {
          return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
                 (C >= '0' && C <= '9') ||
                 std::string_view("_-+=.,/:@%").find(C) !=
                     std::string_view::npos;
        });
    if (Plain) {
      Line += Word;
      continue;
    }
    Line += '\'';
    for (char C : Word) {
      if (C == '\'')
        Line += "'\\''";
      else
        Line += C;
    }
    Line += '\'';
  }
  return Line;
}

} // namespace sextant
