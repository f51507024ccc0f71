//===- test/unit/runtime/profile/RecorderCopyTests.cpp - Recorder copies --===//
//
// Part of Sextant. A copy of a recorder (a snapshot's, RecorderCopy.h),
// rebuilt and closed at a moment, holds exactly what the recorder itself
// holds when it is closed at that moment: visits, inclusive and exclusive
// times, repair counters, with frames open at any depth, context frames
// (an OpenMP worker's) and a tree that grew after the stack; the recorder
// copied is unchanged and goes on recording. Also CallPathTree::assignNodes
// and a copy that does not fit its tree.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/RecorderCopy.h"

#include <catch2/catch.hpp>

#include <new>
#include <vector>

using namespace sextant::runtime;

namespace {

/// Every node of A and B, index by index, has the same parent, region,
/// visits and times.
void checkSameTree(const CallPathTree &A, const CallPathTree &B) {
  REQUIRE(A.size() == B.size());
  for (CallPathTree::NodeIndex Index = 0; Index < A.size(); ++Index) {
    INFO("node " << Index);
    CHECK(A.node(Index).Parent == B.node(Index).Parent);
    CHECK(A.node(Index).Region == B.node(Index).Region);
    CHECK(A.node(Index).Visits == B.node(Index).Visits);
    CHECK(A.node(Index).InclusiveTicks == B.node(Index).InclusiveTicks);
    CHECK(A.node(Index).ExclusiveTicks == B.node(Index).ExclusiveTicks);
  }
}

void checkSameCounters(const RepairCounters &A, const RepairCounters &B) {
  CHECK(A.Repairs == B.Repairs);
  CHECK(A.ExitsRepaired == B.ExitsRepaired);
  CHECK(A.IgnoredExits == B.IgnoredExits);
  CHECK(A.FramesOpenAtEnd == B.FramesOpenAtEnd);
}

/// Copies Recorder, rebuilds the copy closed at Now, closes Recorder at Now
/// and checks that both hold the same.
void checkCopyClosesLikeRecorder(CallPathRecorder &Recorder, Ticks Now) {
  RecorderCopy Copy;
  REQUIRE(Copy.capture(Recorder, "worker 3"));
  CHECK(Copy.holdsCopy());
  CHECK(Copy.name() == "worker 3");
  CallPathRecorder Rebuilt;
  Copy.rebuild(Rebuilt, Now);
  CHECK(Rebuilt.depth() == 0);
  Recorder.closeAll(Now);
  checkSameTree(Rebuilt.tree(), Recorder.tree());
  checkSameCounters(Rebuilt.counters(), Recorder.counters());
}

} // namespace

TEST_CASE("a copy closed at a moment holds what the recorder closed then "
          "holds",
          "[RecorderCopy]") {
  CallPathRecorder Recorder;
  // main(1) -> solve(2) -> { kernel(3) x 3, io(4) } ; then solve open,
  // kernel open, an ignored exit and a repair counted.
  Recorder.enter(1, 0);
  Recorder.enter(2, 10);
  for (Ticks Start = 20; Start < 80; Start += 20) {
    Recorder.enter(3, Start);
    Recorder.exit(3, Start + 15);
  }
  Recorder.enter(4, 90);
  Recorder.exit(4, 95);
  Recorder.exit(7, 96); // not open: ignored
  Recorder.enter(5, 97);
  Recorder.enter(6, 98);
  Recorder.exit(5, 99); // closes 6 too: a repair
  Recorder.enter(3, 100);
  CHECK(Recorder.depth() == 3);
  checkCopyClosesLikeRecorder(Recorder, 250);
}

TEST_CASE("a copy of a worker keeps its context frames", "[RecorderCopy]") {
  CallPathRecorder Worker;
  const uint32_t Context[] = {1, 2, 3};
  Worker.adoptContext(Context, 3);
  Worker.enter(4, 100);
  Worker.enter(5, 110);
  Worker.exit(5, 130);
  Worker.enter(5, 140); // open at the copy
  checkCopyClosesLikeRecorder(Worker, 200);
  // Context nodes have no visits and the worker's time as inclusive time.
  CHECK(Worker.tree().node(1).Visits == 0);
  CHECK(Worker.tree().node(1).InclusiveTicks == 100);
}

TEST_CASE("a copy of an empty recorder and of one without open frames",
          "[RecorderCopy]") {
  CallPathRecorder Empty;
  checkCopyClosesLikeRecorder(Empty, 5);
  CallPathRecorder Idle;
  Idle.enter(1, 0);
  Idle.exit(1, 7);
  checkCopyClosesLikeRecorder(Idle, 50);
}

TEST_CASE("the recorder copied is unchanged and records on", "[RecorderCopy]") {
  CallPathRecorder Recorder;
  // A deep stack (it grows past its first size) over a tree of many nodes.
  for (uint32_t Region = 1; Region <= 200; ++Region)
    Recorder.enter(Region, Region);
  RecorderCopy Copy;
  REQUIRE(Copy.capture(Recorder, ""));
  CHECK(Copy.name().empty());
  CHECK(Recorder.depth() == 200);
  for (uint32_t Region = 200; Region >= 1; --Region)
    Recorder.exit(Region, 1000);
  CHECK(Recorder.depth() == 0);
  CHECK(Recorder.counters().Repairs == 0);

  CallPathRecorder Rebuilt;
  Copy.rebuild(Rebuilt, 1000);
  // The same times as the exits at 1000 gave the recorder itself.
  checkSameTree(Rebuilt.tree(), Recorder.tree());
  CHECK(Rebuilt.counters().FramesOpenAtEnd == 200);

  // The rebuilt recorder records on like any: a new path, a known one.
  Rebuilt.enter(1, 2000);
  Rebuilt.enter(500, 2001);
  Rebuilt.exit(500, 2002);
  Rebuilt.exit(1, 2003);
  CHECK(Rebuilt.tree().node(1).Visits == 2);
  CHECK(Rebuilt.tree().size() == Recorder.tree().size() + 1);
}

TEST_CASE("a moved copy keeps its mapping, an empty copy rebuilds nothing",
          "[RecorderCopy]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  RecorderCopy First;
  REQUIRE(First.capture(Recorder, "main"));
  RecorderCopy Second(std::move(First));
  CHECK_FALSE(First.holdsCopy());
  CHECK(Second.holdsCopy());
  CHECK(Second.name() == "main");
  CallPathRecorder Rebuilt;
  Second.rebuild(Rebuilt, 10);
  CHECK(Rebuilt.tree().node(1).InclusiveTicks == 10);

  CallPathRecorder Untouched;
  First.rebuild(Untouched, 10);
  CHECK(Untouched.tree().empty());
}

TEST_CASE("assignNodes copies a tree's nodes with their indices",
          "[CallPathTree]") {
  CallPathTree Original;
  CallPathTree::NodeIndex A = Original.child(CallPathTree::RootNode, 7);
  CallPathTree::NodeIndex B = Original.child(A, 8);
  for (uint32_t Region = 100; Region < 300; ++Region)
    Original.child(B, Region); // the hash table grows
  Original.node(B).Visits = 4;
  CallPathTree Copy;
  Copy.assignNodes(&Original.node(CallPathTree::RootNode), Original.size());
  checkSameTree(Copy, Original);
  CHECK(Copy.findChild(CallPathTree::RootNode, 7) == A);
  CHECK(Copy.findChild(A, 8) == B);
  CHECK(Copy.findChild(B, 299) == Original.findChild(B, 299));
  CHECK(Copy.findChild(B, 300) == CallPathTree::NoNode);
  CallPathTree::NodeIndex New = Copy.child(B, 300);
  CHECK(New == Original.size());
  CHECK_THROWS_AS(Copy.assignNodes(nullptr, 0), std::bad_alloc);
  CHECK(Copy.size() == Original.size() + 1); // unchanged by the failure
}

TEST_CASE("a copy whose frames are not in its tree is refused",
          "[RecorderCopy]") {
  CallPathTree::Node Root;
  CallPathRecorder::OpenFrame Frame{1, 5, 0, 0}; // node 5 of a 1-node tree
  CallPathRecorder Rebuilt;
  CHECK_THROWS_AS(Rebuilt.restoreCopy(&Root, 1, &Frame, 1, 0, RepairCounters()),
                  std::bad_alloc);
  CHECK(Rebuilt.depth() == 0);
  CHECK(Rebuilt.tree().empty());
}
