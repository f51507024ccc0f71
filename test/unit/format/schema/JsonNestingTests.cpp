//===- test/unit/format/schema/JsonNestingTests.cpp - JSON nesting bound --===//
//
// Part of Sextant. jsonNestingProblem counts the open arrays and objects of
// a JSON text, outside strings, and names the line of the first bracket
// deeper than the bound.
//
//===----------------------------------------------------------------------===//

#include "format/schema/JsonNesting.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;

namespace {

std::string nested(size_t Depth) {
  return std::string(Depth, '[') + std::string(Depth, ']');
}

} // namespace

TEST_CASE("nesting up to the bound passes, one level more fails",
          "[format::JsonNesting]") {
  CHECK(jsonNestingProblem(nested(MaxJsonNesting)).empty());
  CHECK(jsonNestingProblem(nested(MaxJsonNesting + 1)) ==
        "nesting deeper than 512 levels at line 1");
  // Four levels: the object, its array, the object in it, the inner array.
  CHECK(jsonNestingProblem("{\"a\": [{\"b\": []}]}", 4).empty());
  CHECK(jsonNestingProblem("{\"a\": [{\"b\": []}]}", 3) ==
        "nesting deeper than 3 levels at line 1");
}

TEST_CASE("the line of the bracket that goes too deep is named",
          "[format::JsonNesting]") {
  CHECK(jsonNestingProblem("{\n  \"a\": [\n    [\n", 2) ==
        "nesting deeper than 2 levels at line 3");
}

TEST_CASE("brackets inside strings do not count", "[format::JsonNesting]") {
  CHECK(jsonNestingProblem("[\"[[[[\", \"{{{{\"]", 1).empty());
  // An escaped quote does not end the string.
  CHECK(jsonNestingProblem("[\"\\\"[[[[\"]", 1).empty());
  CHECK(jsonNestingProblem("[\"\\\\\", [[]]]", 2) ==
        "nesting deeper than 2 levels at line 1");
}

TEST_CASE("the call trees are not bounded", "[format::JsonNesting]") {
  CHECK(jsonNestingProblem(nested(100000), CallTreeNesting).empty());
  CHECK_FALSE(jsonNestingProblem(nested(100000)).empty());
}
