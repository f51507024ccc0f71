//===- test/unit/format/profile/FoldedStacksTests.cpp - Flame-graph input -===//
//
// Part of Sextant. Frame names, rounding to microseconds, call paths of
// value 0 left out, visits as the value, a failing sink, and times whose
// microseconds do not fit 64 bits (saturated).
//
//===----------------------------------------------------------------------===//

#include "format/profile/FoldedStacks.h"

#include "test/unit/format/profile/DeepProfile.h"
#include "test/unit/support/SampleRegions.h"

#include "format/profile/TextLayout.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::format;
using namespace sextant::test;

TEST_CASE("folded stacks have one line per call path with time",
          "[FoldedStacks]") {
  CallPathProfile Profile;
  // main 3.2 ms inclusive, 1.0004 ms exclusive; work under main 2.2 ms;
  // main;work;odd is 1.6 us (rounds to 2); odd under work 0.4 us (rounds
  // to 0: left out).
  addPath(Profile, {1}, 1, 3200e-6, 1000.4e-6);
  addPath(Profile, {1, 2}, 5, 2200e-6, 2199.6e-6);
  size_t Odd = addPath(Profile, {1, 2, 3}, 3, 1.6e-6, 1.6e-6);
  addPath(Profile, {2}, 1, 0.4e-6, 0.4e-6);
  (void)Odd;
  CallPathProfile Named;
  for (size_t I = 0; I < Profile.size(); ++I) {
    CallPathNode Node = Profile.node(I);
    Node.Name = Node.RegionId == 1   ? "main"
                : Node.RegionId == 2 ? "work"
                                     : "odd;name\nhere";
    Named.addNode(Node.Parent, Node);
  }
  CHECK(renderFoldedStacks(Named) == "main 1000\n"
                                     "main;work 2200\n"
                                     "main;work;odd:name\\x0ahere 2\n");
  CHECK(renderFoldedStacks(Named, FoldedMetric::Visits) ==
        "main 1\nmain;work 5\nmain;work;odd:name\\x0ahere 3\nwork 1\n");
  CHECK(foldedFrameName("a;b\r\n\033[1mc") == "a:b\\x0d\\x0a\\x1b[1mc");
  CHECK(renderFoldedStacks(CallPathProfile()).empty());
}

TEST_CASE("writing stops when the sink fails", "[FoldedStacks]") {
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 1, 1);
  addPath(Profile, {2}, 1, 1, 1);
  int Lines = 0;
  CHECK_FALSE(writeFoldedStacks(Profile, FoldedMetric::Visits,
                                [&](const std::string &) {
                                  ++Lines;
                                  return false;
                                }));
  CHECK(Lines == 1);
}

TEST_CASE("frames deeper than the bound are folded into a marker frame",
          "[FoldedStacks]") {
  // 1,000 levels of 0.6 us each: every level rounds to 1 us, and the 744
  // levels below MaxViewDepth are one line with their sum.
  const size_t Depth = 1000;
  std::vector<std::string> Lines;
  writeFoldedStacks(deepChain(Depth, 0.6e-6),
                    FoldedMetric::ExclusiveMicroseconds,
                    [&](const std::string &Line) {
                      Lines.push_back(Line);
                      return true;
                    });
  REQUIRE(Lines.size() == MaxViewDepth + 1);
  std::string Stack = "f";
  for (unsigned Level = 1; Level < MaxViewDepth; ++Level)
    Stack += ";f";
  CHECK(Lines[MaxViewDepth - 1] == Stack + " 1\n");
  CHECK(Lines.back() == Stack + ";" + FoldedFramesMarker + " " +
                            std::to_string(Depth - MaxViewDepth) + "\n");
  // A line per call path shown, the rest folded: the text stays linear.
  std::string Visits =
      renderFoldedStacks(deepChain(100000), FoldedMetric::Visits);
  CHECK(Visits.size() < 2 * MaxViewDepth * MaxViewDepth);
  CHECK(Visits.substr(Visits.rfind(';')) ==
        std::string(";") + FoldedFramesMarker + " " +
            std::to_string(100000 - MaxViewDepth) + "\n");
}

TEST_CASE("a folded line with the value 0 is left out", "[FoldedStacks]") {
  // 0.4 us per level rounds to 0 on every line: the folded line sums the
  // rounded values, so that the total stays the one without folding.
  std::string Text = renderFoldedStacks(deepChain(MaxViewDepth + 10, 0.4e-6));
  CHECK(Text.empty());
}

TEST_CASE("times beyond 64 bits of microseconds saturate", "[FoldedStacks]") {
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 1e308, 1e308);
  addPath(Profile, {2}, 1, 1.9e13, 1.9e13); // 1.9e19 us > 2^64 - 1
  addPath(Profile, {3}, 1, 1e-300, -1e308);
  CHECK(renderFoldedStacks(Profile) == "r1 18446744073709551615\n"
                                       "r2 18446744073709551615\n");
}
