//===- test/unit/runtime/CallPathRecorderTests.cpp - Shadow stack ---------===//
//
// Part of Sextant. Visits, inclusive and exclusive time of the shadow stack,
// and its repairs: the exit of a deeper frame, the exit of a region not on
// the stack, frames abandoned below a new frame (by frame address), and
// closing everything at the end.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace sextant::runtime;
using NodeIndex = CallPathTree::NodeIndex;

namespace {

/// The node at Path (region ids from the root); REQUIREs that it exists.
const CallPathTree::Node &nodeAt(const CallPathRecorder &Recorder,
                                 const std::vector<uint32_t> &Path) {
  const CallPathTree &Tree = Recorder.tree();
  NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path) {
    Node = Tree.findChild(Node, Region);
    REQUIRE(Node != CallPathTree::NoNode);
  }
  return Tree.node(Node);
}

bool hasPath(const CallPathRecorder &Recorder,
             const std::vector<uint32_t> &Path) {
  NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path) {
    Node = Recorder.tree().findChild(Node, Region);
    if (Node == CallPathTree::NoNode)
      return false;
  }
  return true;
}

} // namespace

TEST_CASE("inclusive and exclusive time of nested frames",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // main [0, 100): calls f [10, 40) and g [50, 90); f calls g [20, 30).
  Recorder.enter(1, 0);
  Recorder.enter(2, 10);
  Recorder.enter(3, 20);
  Recorder.exit(3, 30);
  Recorder.exit(2, 40);
  Recorder.enter(3, 50);
  Recorder.exit(3, 90);
  Recorder.exit(1, 100);
  CHECK(Recorder.depth() == 0);

  const CallPathTree::Node &Main = nodeAt(Recorder, {1});
  CHECK(Main.Visits == 1);
  CHECK(Main.InclusiveTicks == 100);
  CHECK(Main.ExclusiveTicks == 100 - 30 - 40);
  const CallPathTree::Node &F = nodeAt(Recorder, {1, 2});
  CHECK(F.InclusiveTicks == 30);
  CHECK(F.ExclusiveTicks == 20);
  CHECK(nodeAt(Recorder, {1, 2, 3}).InclusiveTicks == 10);
  CHECK(nodeAt(Recorder, {1, 2, 3}).ExclusiveTicks == 10);
  CHECK(nodeAt(Recorder, {1, 3}).InclusiveTicks == 40);
  CHECK(nodeAt(Recorder, {1, 3}).ExclusiveTicks == 40);

  RepairCounters Counters = Recorder.counters();
  CHECK(Counters.Repairs == 0);
  CHECK(Counters.ExitsRepaired == 0);
  CHECK(Counters.IgnoredExits == 0);
}

TEST_CASE("repeated calls add visits and times to one node",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  for (Ticks T = 0; T < 10; ++T) {
    Recorder.enter(2, 10 * T + 1);
    Recorder.exit(2, 10 * T + 4);
  }
  Recorder.exit(1, 200);
  CHECK(nodeAt(Recorder, {1, 2}).Visits == 10);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 30);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 170);
  CHECK(Recorder.tree().size() == 3);
}

TEST_CASE("recursion gets one node per depth and no double counting",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(7, 0);
  Recorder.enter(7, 10);
  Recorder.enter(7, 20);
  Recorder.exit(7, 25);
  Recorder.exit(7, 40);
  Recorder.exit(7, 100);
  CHECK(nodeAt(Recorder, {7}).InclusiveTicks == 100);
  CHECK(nodeAt(Recorder, {7}).ExclusiveTicks == 70);
  CHECK(nodeAt(Recorder, {7, 7}).InclusiveTicks == 30);
  CHECK(nodeAt(Recorder, {7, 7}).ExclusiveTicks == 25);
  CHECK(nodeAt(Recorder, {7, 7, 7}).InclusiveTicks == 5);
}

TEST_CASE("the exit of a deeper frame closes the frames above it",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);  // main
  Recorder.enter(2, 10); // a
  Recorder.enter(3, 20); // b, never exits
  Recorder.enter(4, 30); // c, never exits
  Recorder.exit(2, 50);  // a exits: b and c are closed at 50 too
  CHECK(Recorder.depth() == 1);
  CHECK(Recorder.regionAt(0) == 1u);
  CHECK(nodeAt(Recorder, {1, 2, 3, 4}).InclusiveTicks == 20);
  CHECK(nodeAt(Recorder, {1, 2, 3}).InclusiveTicks == 30);
  CHECK(nodeAt(Recorder, {1, 2, 3}).ExclusiveTicks == 10);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 40);
  CHECK(nodeAt(Recorder, {1, 2}).ExclusiveTicks == 10);

  // Calls after the repair are attributed to main again.
  Recorder.enter(5, 60);
  Recorder.exit(5, 70);
  Recorder.exit(1, 100);
  CHECK(hasPath(Recorder, {1, 5}));
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 100);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 100 - 40 - 10);

  RepairCounters Counters = Recorder.counters();
  CHECK(Counters.Repairs == 1);
  CHECK(Counters.ExitsRepaired == 2);
  CHECK(Counters.IgnoredExits == 0);
}

TEST_CASE("an exit of a region that is not on the stack is ignored",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.exit(9, 5); // nothing open at all
  Recorder.enter(1, 10);
  Recorder.enter(2, 20);
  Recorder.exit(9, 25); // not on the stack
  CHECK(Recorder.depth() == 2);
  Recorder.exit(2, 30);
  Recorder.exit(1, 40);
  Recorder.exit(1, 50); // already closed
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 30);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 10);
  RepairCounters Counters = Recorder.counters();
  CHECK(Counters.IgnoredExits == 3);
  CHECK(Counters.Repairs == 0);
  CHECK(Counters.ExitsRepaired == 0);
}

TEST_CASE("a mismatched exit closes the innermost frame of its region",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  Recorder.enter(2, 10);
  Recorder.enter(1, 20); // recursion through 2
  Recorder.enter(3, 30);
  Recorder.exit(1, 40); // closes 3 and the inner 1 only
  CHECK(Recorder.depth() == 2);
  CHECK(Recorder.regionAt(1) == 2u);
  CHECK(nodeAt(Recorder, {1, 2, 1}).InclusiveTicks == 20);
  CHECK(Recorder.counters().ExitsRepaired == 1);
}

TEST_CASE("frames whose stack frames are gone are closed at the next enter",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // The stack grows down: main at 1000, then descend at 900, 800, 700.
  Recorder.enter(1, 0, 1000);
  Recorder.enter(2, 10, 900);
  Recorder.enter(2, 20, 800);
  Recorder.enter(3, 30, 700);
  // A longjmp back into main, which calls after_jump at the same depth as
  // the first descend: every frame at or below 900 is gone.
  CHECK(Recorder.topMayBeAbandoned(900));
  CHECK(Recorder.closeAbandonedFrames(900, 50) == 3);
  Recorder.enter(4, 50, 900);
  Recorder.exit(4, 60);
  CHECK(Recorder.depth() == 1);
  CHECK(hasPath(Recorder, {1, 4}));
  CHECK_FALSE(hasPath(Recorder, {1, 2, 2, 3, 4}));
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 40);
  CHECK(nodeAt(Recorder, {1, 2, 2, 3}).InclusiveTicks == 20);

  RepairCounters Counters = Recorder.counters();
  CHECK(Counters.Repairs == 1);
  CHECK(Counters.ExitsRepaired == 3);
}

TEST_CASE("live ancestors and unknown frame addresses are never closed at "
          "enter",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0, 1000);
  CHECK_FALSE(Recorder.topMayBeAbandoned(900)); // a callee: deeper
  CHECK_FALSE(Recorder.topMayBeAbandoned(0));   // unknown new frame
  Recorder.enter(2, 10, 900);
  Recorder.enter(3, 20, 0); // frame address unknown
  CHECK_FALSE(Recorder.topMayBeAbandoned(950));
  CHECK(Recorder.closeAbandonedFrames(950, 30) == 0);
  CHECK(Recorder.depth() == 3);
  CHECK(Recorder.counters().Repairs == 0);
}

TEST_CASE("closeAll closes every open frame at one timestamp",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  Recorder.enter(2, 10);
  Recorder.enter(3, 20);
  Recorder.closeAll(100); // exit() called deep inside
  CHECK(Recorder.depth() == 0);
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 100);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 10);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 90);
  CHECK(nodeAt(Recorder, {1, 2, 3}).InclusiveTicks == 80);
  CHECK(nodeAt(Recorder, {1, 2, 3}).Visits == 1);
  CHECK(Recorder.counters().FramesOpenAtEnd == 3);
  Recorder.closeAll(200);
  CHECK(Recorder.counters().FramesOpenAtEnd == 3);
}

TEST_CASE("a deep stack grows and unwinds", "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  const uint32_t Depth = 10000;
  for (uint32_t Level = 0; Level < Depth; ++Level)
    Recorder.enter(Level % 3 + 1, Level);
  CHECK(Recorder.depth() == Depth);
  for (uint32_t Level = Depth; Level-- > 0;)
    Recorder.exit(Level % 3 + 1, 2 * Depth - Level);
  CHECK(Recorder.depth() == 0);
  CHECK(Recorder.tree().size() == Depth + 1);
  CHECK(Recorder.counters().Repairs == 0);
  CHECK(Recorder.counters().IgnoredExits == 0);
}

TEST_CASE("a clock going backwards yields zero, not a huge time",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 100);
  Recorder.exit(1, 90);
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 0);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 0);
}
