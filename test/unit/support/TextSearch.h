//===- test/unit/support/TextSearch.h - Counting in text --------*- C++ -*-===//
//
// Part of Sextant's unit tests. How often a piece of text occurs in a
// document, for tests of text formats (the SVG views) that count elements.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_TEXTSEARCH_H
#define SEXTANT_TEST_UNIT_SUPPORT_TEXTSEARCH_H

#include <string>

namespace sextant {
namespace test {

/// How often Needle occurs in Text (occurrences may overlap).
inline size_t countOf(const std::string &Text, const std::string &Needle) {
  size_t Count = 0;
  for (size_t At = Text.find(Needle); At != std::string::npos;
       At = Text.find(Needle, At + 1))
    ++Count;
  return Count;
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_TEXTSEARCH_H
