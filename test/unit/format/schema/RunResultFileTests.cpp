//===- test/unit/format/schema/RunResultFileTests.cpp - sextant run's file
//-===//
//
// Part of Sextant. The lines of the file in which a runtime tells
// `sextant run` where it wrote its experiment (RunResultFile.h).
//
//===----------------------------------------------------------------------===//

#include "format/schema/RunResultFile.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

TEST_CASE("a runtime's line in sextant run's result file", "[RunResultFile]") {
  CHECK(runResultLine(4242, "/jobs/sextant-app-20261207-120000-17/rank-1") ==
        "4242 /jobs/sextant-app-20261207-120000-17/rank-1\n");
  // Blanks stay as they are; a newline cannot be written on one line.
  CHECK(runResultLine(7, "/my runs/a") == "7 /my runs/a\n");
  CHECK(runResultLine(7, "/odd\nname").empty());
  CHECK(runResultLine(7, "").empty());
}

TEST_CASE("sextant run finds its child's directory among the lines",
          "[RunResultFile]") {
  std::string Text = runResultLine(100, "/a/rank-0") +
                     runResultLine(1001, "/b") +
                     runResultLine(10, "/my runs/c");
  CHECK(runResultDirectory(Text, 100) == "/a/rank-0");
  CHECK(runResultDirectory(Text, 1001) == "/b");
  // 10 is not a prefix of 100 or 1001.
  CHECK(runResultDirectory(Text, 10) == "/my runs/c");
  CHECK(runResultDirectory(Text, 1).empty());
  CHECK(runResultDirectory("", 100).empty());
  // A process that wrote twice (its experiment moved): its last line.
  CHECK(runResultDirectory(Text + runResultLine(100, "/a2"), 100) == "/a2");
  // A line cut short (no newline) is not taken.
  CHECK(runResultDirectory("100 /a\n100 /partial", 100) == "/a");
  CHECK(runResultDirectory("100 ", 100).empty());
  CHECK(runResultDirectory("100 \n", 100).empty());
}
