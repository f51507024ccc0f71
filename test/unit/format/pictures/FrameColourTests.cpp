//===- test/unit/format/pictures/FrameColourTests.cpp ---------------------===//
//
// The colour of a frame.
//
// Part of Sextant. Colours depend on the name alone, stay in the "hot"
// palette, and are fixed: the values below are what the SVG export and the
// HTML report show, so a change of the rule shows here.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/FrameColour.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;

TEST_CASE("frame colours are fixed functions of the name", "[FrameColour]") {
  CHECK(frameColour("main").hex() == frameColour(std::string("main")).hex());
  CHECK(frameColour("main").hex() != frameColour("solve(int)").hex());
  // FNV-1a of "" is 0x811c9dc5: red 205 + 0xc5 * 50 / 255, green
  // 0x9d * 230 / 255, blue 0x1c * 55 / 255.
  CHECK(frameColour("").hex() == "#f38d06");
  for (const char *Name : {"main", "MPI_Send", "a", "solve(int)", "\xff"}) {
    RgbColour C = frameColour(Name);
    CHECK(C.Red >= 205);
    CHECK(C.Green <= 230);
    CHECK(C.Blue <= 55);
  }
}
