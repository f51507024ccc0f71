//===- test/unit/format/FoldedStacksTests.cpp - Flame-graph input ---------===//
//
// Part of Sextant. Frame names, rounding to microseconds, call paths of
// value 0 left out, visits as the value, and a failing sink.
//
//===----------------------------------------------------------------------===//

#include "format/FoldedStacks.h"

#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>

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
                                     "main;work;odd:name here 2\n");
  CHECK(renderFoldedStacks(Named, FoldedMetric::Visits) ==
        "main 1\nmain;work 5\nmain;work;odd:name here 3\nwork 1\n");
  CHECK(foldedFrameName("a;b\r\nc") == "a:b  c");
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
