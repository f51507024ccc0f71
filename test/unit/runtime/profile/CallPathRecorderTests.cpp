//===- test/unit/runtime/profile/CallPathRecorderTests.cpp - Shadow stack -===//
//
// Part of Sextant. Visits, inclusive and exclusive time of the shadow stack,
// and its repairs: the exit of a deeper frame, the exit of a region not on
// the stack, frames abandoned below a new frame (by frame address), and
// closing everything at the end; context frames, through which an OpenMP
// worker's tree hangs beneath its parallel region.
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

/// The node at Path (region ids from the root), or null.
const CallPathTree::Node *findPath(const CallPathRecorder &Recorder,
                                   const std::vector<uint32_t> &Path) {
  NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path) {
    Node = Recorder.tree().findChild(Node, Region);
    if (Node == CallPathTree::NoNode)
      return nullptr;
  }
  return &Recorder.tree().node(Node);
}

bool hasPath(const CallPathRecorder &Recorder,
             const std::vector<uint32_t> &Path) {
  return findPath(Recorder, Path) != nullptr;
}

/// Enters Path (outermost first) at Start, Start + 1, ..., then exits it
/// innermost first, one tick apart.
void enterAndExitPath(CallPathRecorder &Recorder,
                      const std::vector<uint32_t> &Path, Ticks Start) {
  Ticks Now = Start;
  for (uint32_t Region : Path)
    Recorder.enter(Region, Now++);
  for (size_t Level = Path.size(); Level-- > 0;)
    Recorder.exit(Path[Level], Now++);
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

TEST_CASE("tryEnterReused opens a frame only on the node its slot kept",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // Nothing kept yet, not even a stack: refused, nothing changes.
  CHECK_FALSE(Recorder.tryEnterReused(1, 10, 0));
  CHECK(Recorder.depth() == 0);
  CHECK(Recorder.tree().empty());
  CHECK_FALSE(Recorder.exit(1, 11)); // ignored: not open
  CHECK(Recorder.counters().IgnoredExits == 1);

  Recorder.enter(1, 20);
  Recorder.enter(2, 21);
  Recorder.exit(2, 23);
  // The slot at depth 1 kept region 2 under 1: reused.
  CHECK(Recorder.tryEnterReused(2, 30, 0));
  Recorder.exit(2, 34);
  // Another region at that depth: refused; enter() makes its node.
  CHECK_FALSE(Recorder.tryEnterReused(3, 40, 0));
  CHECK(Recorder.depth() == 1);
  Recorder.enter(3, 40);
  Recorder.exit(3, 41);
  Recorder.exit(1, 50);
  // Region 3 kept at depth 1, but now entered at the outermost level: the
  // slot at depth 0 kept region 1, so 3 is refused there.
  CHECK_FALSE(Recorder.tryEnterReused(3, 60, 0));
  // Region 2 entered under a different parent (3, not 1): its slot is
  // refused, the node under 3 is a new one.
  Recorder.enter(3, 60);
  Recorder.enter(1, 61);
  Recorder.exit(1, 62);
  Recorder.exit(3, 63);
  Recorder.enter(1, 70);
  CHECK_FALSE(Recorder.tryEnterReused(3, 71, 0)); // slot 1 kept 1 under 3
  Recorder.enter(3, 71);
  Recorder.exit(3, 72);
  CHECK(Recorder.tryEnterReused(3, 73, 0)); // now it kept 3 under 1
  Recorder.exit(3, 74);
  Recorder.exit(1, 75);

  CHECK(nodeAt(Recorder, {1}).Visits == 2);
  CHECK(nodeAt(Recorder, {1, 2}).Visits == 2);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 6);
  CHECK(nodeAt(Recorder, {1, 3}).Visits == 3);
  CHECK(nodeAt(Recorder, {3}).Visits == 1);
  CHECK(nodeAt(Recorder, {3, 1}).Visits == 1);
  CHECK(Recorder.depth() == 0);
  CHECK(Recorder.counters().IgnoredExits == 1);
}

TEST_CASE("canExitTopUnthrottled admits the top frame's region below the "
          "throttling threshold's visit count only",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.setThrottleThreshold({/*Visits=*/2, /*MaxInclusiveTicks=*/100});
  Recorder.enter(1, 10);
  Recorder.enter(2, 11);
  CHECK_FALSE(Recorder.canExitTopUnthrottled(1)); // not the top frame
  REQUIRE(Recorder.canExitTopUnthrottled(2));
  Recorder.exitTopUnthrottled(15);
  CHECK(Recorder.depth() == 1);
  CHECK(nodeAt(Recorder, {1, 2}).InclusiveTicks == 4);
  CHECK(nodeAt(Recorder, {1, 2}).ExclusiveTicks == 4);
  // The second visit reaches the threshold's count: refused, nothing
  // changes; exit() closes it and reports the node.
  Recorder.enter(2, 20);
  CHECK_FALSE(Recorder.canExitTopUnthrottled(2));
  CHECK(Recorder.depth() == 2);
  CHECK(Recorder.exit(2, 22) == &nodeAt(Recorder, {1, 2}));
  REQUIRE(Recorder.canExitTopUnthrottled(1));
  Recorder.exitTopUnthrottled(30);
  CHECK(Recorder.depth() == 0);
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 20);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 14);
}

TEST_CASE("a full stack refuses to reuse its end and grows in enter()",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // The first stack has 64 slots: the slot past the last is never reused.
  for (uint32_t Level = 0; Level < 64; ++Level)
    Recorder.enter(7, Level);
  CHECK_FALSE(Recorder.tryEnterReused(7, 100, 0));
  CHECK(Recorder.depth() == 64);
  Recorder.enter(7, 100); // grows the stack
  CHECK(Recorder.depth() == 65);
  for (uint32_t Level = 0; Level < 65; ++Level)
    Recorder.exit(7, 200);
  // Every slot used is reused, the next one (never used) is not.
  for (uint32_t Level = 0; Level < 65; ++Level)
    CHECK(Recorder.tryEnterReused(7, 300, 0));
  CHECK_FALSE(Recorder.tryEnterReused(7, 300, 0));
  CHECK(Recorder.depth() == 65);
  for (uint32_t Level = 0; Level < 65; ++Level)
    Recorder.exit(7, 400);
  CHECK(Recorder.tree().size() == 66);
  CHECK(nodeAt(Recorder, {7, 7}).Visits == 2);
  CHECK(Recorder.counters().Repairs == 0);
  CHECK(Recorder.counters().IgnoredExits == 0);
}

TEST_CASE("the frames open when the stack grows keep their times",
          "[CallPathRecorder]") {
  // The first stack has 64 slots; the 65th frame moves every open frame to
  // the grown stack, where the frame below it then takes its child's time.
  CallPathRecorder Recorder;
  std::vector<uint32_t> Path;
  for (uint32_t Region = 1; Region <= 64; ++Region) {
    Recorder.enter(Region, 0);
    Path.push_back(Region);
  }
  Recorder.enter(65, 10);
  CHECK(Recorder.depth() == 65);
  CHECK(Recorder.regionAt(63) == 64);
  Recorder.exit(65, 30);
  CHECK(Recorder.isTop(64));
  Recorder.exit(64, 40);
  const CallPathTree::Node &Below = nodeAt(Recorder, Path);
  CHECK(Below.InclusiveTicks == 40);
  CHECK(Below.ExclusiveTicks == 20);
  Path.push_back(65);
  CHECK(nodeAt(Recorder, Path).InclusiveTicks == 20);
  Recorder.closeAll(50);
  CHECK(Recorder.depth() == 0);
  CHECK(Recorder.counters().FramesOpenAtEnd == 63);
}

TEST_CASE("a clock going backwards yields zero, not a huge time",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 100);
  Recorder.exit(1, 90);
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 0);
  CHECK(nodeAt(Recorder, {1}).ExclusiveTicks == 0);
}

TEST_CASE("children longer than their parent (a clock going back) come off "
          "the parent's exclusive sum, which reads as zero below zero",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 100);
  Recorder.enter(2, 100);
  Recorder.exit(2, 150); // the child took 50
  Recorder.exit(1, 120); // its parent 20: the clock went back
  const CallPathTree::Node &Parent = nodeAt(Recorder, {1});
  CHECK(Parent.InclusiveTicks == 20);
  CHECK(static_cast<int64_t>(Parent.ExclusiveTicks) == -30);
  CHECK(Parent.exclusive() == 0);
  CHECK(nodeAt(Recorder, {1, 2}).exclusive() == 50);
  Recorder.enter(1, 200);
  Recorder.exit(1, 300);
  CHECK(nodeAt(Recorder, {1}).InclusiveTicks == 120);
  CHECK(nodeAt(Recorder, {1}).exclusive() == 70);
}

//===----------------------------------------------------------------------===//
// Context frames: an OpenMP worker adopts its parallel region's call path
//===----------------------------------------------------------------------===//

TEST_CASE("a worker's frames hang beneath the adopted context",
          "[OpenMP][CallPathRecorder]") {
  // main(1) -> solve(2) -> omp parallel(3) on the primary; a worker runs
  // the implicit task (4) calling kernel (5) twice.
  CallPathRecorder Worker;
  const uint32_t Context[] = {1, 2, 3};
  Worker.adoptContext(Context, 3);
  CHECK(Worker.depth() == 3);
  CHECK(Worker.contextDepth() == 3);
  Worker.enter(4, 100);
  Worker.enter(5, 110);
  Worker.exit(5, 130);
  Worker.enter(5, 140);
  Worker.exit(5, 150);
  Worker.exit(4, 200);
  Worker.releaseContext(200);
  CHECK(Worker.depth() == 0);
  CHECK(Worker.contextDepth() == 0);

  const CallPathTree::Node *Task = findPath(Worker, {1, 2, 3, 4});
  REQUIRE(Task);
  CHECK(Task->Visits == 1);
  CHECK(Task->InclusiveTicks == 100);
  CHECK(Task->ExclusiveTicks == 70);
  const CallPathTree::Node *Kernel = findPath(Worker, {1, 2, 3, 4, 5});
  REQUIRE(Kernel);
  CHECK(Kernel->Visits == 2);
  CHECK(Kernel->InclusiveTicks == 30);
  // Context nodes: no visits, no exclusive time, the worker's time as
  // inclusive time.
  for (std::vector<uint32_t> Path :
       {std::vector<uint32_t>{1}, {1, 2}, {1, 2, 3}}) {
    const CallPathTree::Node *Node = findPath(Worker, Path);
    REQUIRE(Node);
    CHECK(Node->Visits == 0);
    CHECK(Node->ExclusiveTicks == 0);
    CHECK(Node->InclusiveTicks == 100);
  }

  // The next region reuses the nodes.
  Worker.adoptContext(Context, 3);
  Worker.enter(4, 300);
  Worker.exit(4, 310);
  Worker.releaseContext(310);
  CHECK(findPath(Worker, {1, 2, 3, 4})->Visits == 2);
  CHECK(findPath(Worker, {1})->InclusiveTicks == 110);
  CHECK(Worker.counters().Repairs == 0);
}

TEST_CASE("a different context is adopted on its own nodes",
          "[OpenMP][CallPathRecorder]") {
  // adoptContext reuses the slots of the last context: a context that
  // differs in a middle frame must not reuse the nodes below it.
  CallPathRecorder Worker;
  const uint32_t First[] = {1, 2, 3};
  const uint32_t Second[] = {1, 9, 3};
  for (const uint32_t *Context : {First, Second, First}) {
    Worker.adoptContext(Context, 3);
    Worker.enter(4, 0);
    Worker.exit(4, 10);
    Worker.releaseContext(10);
  }
  CHECK(findPath(Worker, {1, 2, 3, 4})->Visits == 2);
  CHECK(findPath(Worker, {1, 9, 3, 4})->Visits == 1);
  CHECK(findPath(Worker, {1})->InclusiveTicks == 30);
  CHECK(findPath(Worker, {1, 9})->InclusiveTicks == 10);
}

TEST_CASE("a context kept open between tasks serves only the same path",
          "[OpenMP][CallPathRecorder]") {
  // The worker keeps {1, 2, 3} open after its task (no releaseContext) and
  // takes it over for the next task of the same path.
  CallPathRecorder Worker;
  const uint32_t Context[] = {1, 2, 3};
  const uint32_t OtherMiddle[] = {1, 9, 3};
  const uint32_t Shorter[] = {1, 2};
  const uint32_t Longer[] = {1, 2, 3, 4};
  CHECK_FALSE(Worker.holdsContext(Context, 3));
  Worker.adoptContext(Context, 3);
  CHECK(Worker.holdsContext(Context, 3));
  Worker.enter(4, 100);
  CHECK_FALSE(Worker.holdsContext(Context, 3)); // a frame above it
  Worker.exit(4, 200);
  CHECK(Worker.holdsContext(Context, 3));
  CHECK_FALSE(Worker.holdsContext(OtherMiddle, 3));
  CHECK_FALSE(Worker.holdsContext(Shorter, 2));
  CHECK_FALSE(Worker.holdsContext(Longer, 4));
  Worker.enter(4, 300);
  Worker.exit(4, 310);
  Worker.releaseContext(310);
  CHECK_FALSE(Worker.holdsContext(Context, 3));

  // The same tree as an adoption and a release per task: the context
  // nodes add the sum of their children's time at the release.
  CallPathRecorder PerTask;
  const Ticks Tasks[][2] = {{100, 200}, {300, 310}};
  for (const Ticks *Task : Tasks) {
    PerTask.adoptContext(Context, 3);
    PerTask.enter(4, Task[0]);
    PerTask.exit(4, Task[1]);
    PerTask.releaseContext(Task[1]);
  }
  for (std::vector<uint32_t> Path :
       {std::vector<uint32_t>{1}, {1, 2}, {1, 2, 3}, {1, 2, 3, 4}}) {
    const CallPathTree::Node *Kept = findPath(Worker, Path);
    const CallPathTree::Node *Released = findPath(PerTask, Path);
    REQUIRE(Kept);
    REQUIRE(Released);
    CHECK(Kept->Visits == Released->Visits);
    CHECK(Kept->InclusiveTicks == Released->InclusiveTicks);
    CHECK(Kept->ExclusiveTicks == Released->ExclusiveTicks);
  }
  CHECK(findPath(Worker, {1})->InclusiveTicks == 110);
  CHECK(findPath(Worker, {1, 2, 3, 4})->Visits == 2);
  CHECK(Worker.counters().Repairs == 0);
}

TEST_CASE("holdsOnlyContext is depth() == contextDepth()",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Recorder;
  const uint32_t Context[] = {1, 2};
  auto Expected = [&Recorder] {
    return Recorder.depth() == Recorder.contextDepth();
  };
  CHECK(Recorder.holdsOnlyContext()); // empty, before the stack exists
  Recorder.enter(5, 0);
  CHECK_FALSE(Recorder.holdsOnlyContext());
  Recorder.exit(5, 10);
  CHECK(Recorder.holdsOnlyContext());
  Recorder.adoptContext(Context, 2);
  CHECK(Recorder.holdsOnlyContext());
  for (uint32_t Region = 3; Region < 70; ++Region) { // the stack grows
    Recorder.enter(Region, 10);
    CHECK(Recorder.holdsOnlyContext() == Expected());
  }
  for (uint32_t Region = 70; Region-- > 3;) {
    CHECK_FALSE(Recorder.holdsOnlyContext());
    Recorder.exit(Region, 20);
  }
  CHECK(Recorder.holdsOnlyContext());
  Recorder.releaseContext(30);
  CHECK(Recorder.holdsOnlyContext());
  Recorder.enter(5, 40);
  CHECK_FALSE(Recorder.holdsOnlyContext());
}

TEST_CASE("tryEnterNode enters a kept node only beneath its parent",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  Recorder.enter(2, 0);
  CallPathTree::NodeIndex Loop = Recorder.nodeAt(1);
  Recorder.exit(2, 10);
  Recorder.enter(3, 10);
  CallPathTree::NodeIndex Barrier = Recorder.nodeAt(1);
  Recorder.exit(3, 20);
  // Alternating siblings: the kept nodes are entered again.
  CHECK_FALSE(Recorder.tryEnterNode(2, 20, Barrier));
  REQUIRE(Recorder.tryEnterNode(2, 20, Loop));
  CHECK(Recorder.depth() == 2);
  Recorder.exit(2, 25);
  REQUIRE(Recorder.tryEnterNode(3, 25, Barrier));
  Recorder.exit(3, 30);
  // Not beneath the top frame, or not a node of the tree: nothing changes.
  Recorder.exit(1, 30);
  CHECK_FALSE(Recorder.tryEnterNode(2, 30, Loop));
  CHECK_FALSE(Recorder.tryEnterNode(2, 30, 1000));
  CHECK(Recorder.depth() == 0);
  CHECK(findPath(Recorder, {1, 2})->Visits == 2);
  CHECK(findPath(Recorder, {1, 2})->InclusiveTicks == 15);
  CHECK(findPath(Recorder, {1, 3})->Visits == 2);
  CHECK(findPath(Recorder, {1, 3})->InclusiveTicks == 15);
}

TEST_CASE("context frames are adopted only by an empty stack",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(7, 0);
  const uint32_t Context[] = {1, 2};
  Recorder.adoptContext(Context, 2);
  CHECK(Recorder.depth() == 1);
  CHECK(Recorder.contextDepth() == 0);
  Recorder.exit(7, 10);
  Recorder.adoptContext(Context, 0);
  CHECK(Recorder.depth() == 0);
}

TEST_CASE("exits of context regions are ignored and closeAll releases the "
          "context",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Worker;
  const uint32_t Context[] = {1, 2};
  Worker.adoptContext(Context, 2);
  Worker.enter(4, 10);
  Worker.enter(5, 20);
  // An exit of a context region does not close the worker's frames.
  Worker.exit(1, 25);
  CHECK(Worker.depth() == 4);
  CHECK(Worker.counters().IgnoredExits == 1);
  // A mismatched exit repairs only down to the context.
  Worker.exit(4, 30);
  CHECK(Worker.depth() == 2);
  CHECK(Worker.counters().ExitsRepaired == 1);
  Worker.enter(4, 40);
  Worker.closeAll(50);
  CHECK(Worker.depth() == 0);
  CHECK(Worker.contextDepth() == 0);
  CHECK(Worker.counters().FramesOpenAtEnd == 1);
  CHECK(findPath(Worker, {1})->Visits == 0);
  CHECK(findPath(Worker, {1})->InclusiveTicks == 30);
  CHECK(findPath(Worker, {1, 2, 4})->InclusiveTicks == 30);
}

TEST_CASE("releaseContext closes frames left open above the context",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Worker;
  const uint32_t Context[] = {1};
  Worker.adoptContext(Context, 1);
  Worker.enter(4, 0);
  Worker.enter(5, 5);
  Worker.releaseContext(20);
  CHECK(Worker.depth() == 0);
  CHECK(Worker.counters().ExitsRepaired == 2);
  CHECK(findPath(Worker, {1, 4})->InclusiveTicks == 20);
  CHECK(findPath(Worker, {1})->InclusiveTicks == 20);
}

// A slot is reused on its region alone (canEnterReused): each write of a
// different node into a slot must mark the slot above it unused, or a later
// enter at that depth would reuse a child of the node replaced.

TEST_CASE("a new node in a slot is not followed by the old node's child",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // A > B > C, then D > B > C: neither B nor C is A's.
  enterAndExitPath(Recorder, {1, 2, 3}, 0);
  Recorder.enter(4, 10);
  CHECK_FALSE(Recorder.tryEnterReused(2, 11, 0));
  Recorder.enter(2, 11);
  CHECK_FALSE(Recorder.tryEnterReused(3, 12, 0));
  Recorder.enter(3, 12);
  Recorder.exit(3, 14);
  Recorder.exit(2, 16);
  Recorder.exit(4, 18);
  CHECK(findPath(Recorder, {1, 2})->Visits == 1);
  CHECK(findPath(Recorder, {1, 2, 3})->Visits == 1);
  CHECK(findPath(Recorder, {4, 2})->Visits == 1);
  CHECK(findPath(Recorder, {4, 2})->InclusiveTicks == 5);
  CHECK(findPath(Recorder, {4, 2, 3})->Visits == 1);
  CHECK(findPath(Recorder, {4, 2, 3})->InclusiveTicks == 2);
  // Back to A: its slot is new again, and so are the ones above it.
  Recorder.enter(1, 20);
  CHECK_FALSE(Recorder.tryEnterReused(2, 21, 0));
  Recorder.enter(2, 21);
  CHECK_FALSE(Recorder.tryEnterReused(3, 22, 0));
  Recorder.enter(3, 22);
  Recorder.exit(3, 23);
  // The same node found again by enter() keeps the slot above it.
  Recorder.exit(2, 24);
  CHECK(Recorder.tryEnterReused(2, 25, 0));
  CHECK(Recorder.tryEnterReused(3, 26, 0));
  Recorder.exit(3, 27);
  Recorder.exit(2, 28);
  Recorder.exit(1, 29);
  CHECK(findPath(Recorder, {1, 2})->Visits == 3);
  CHECK(findPath(Recorder, {1, 2, 3})->Visits == 3);
  CHECK(findPath(Recorder, {4, 2, 3})->Visits == 1);
}

TEST_CASE("tryEnterNode marks the slot above the kept node unused",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Recorder;
  Recorder.enter(1, 0);
  Recorder.enter(3, 0);
  CallPathTree::NodeIndex Barrier = Recorder.nodeAt(1);
  Recorder.exit(3, 1);
  enterAndExitPath(Recorder, {2, 5}, 1);
  // The slot at depth 1 held 2 under 1, the one at depth 2 5 under that.
  REQUIRE(Recorder.tryEnterNode(3, 10, Barrier));
  CHECK_FALSE(Recorder.tryEnterReused(5, 11, 0));
  Recorder.enter(5, 11);
  Recorder.exit(5, 12);
  Recorder.exit(3, 13);
  // The same node again keeps the slot above it.
  REQUIRE(Recorder.tryEnterNode(3, 20, Barrier));
  CHECK(Recorder.tryEnterReused(5, 21, 0));
  Recorder.exit(5, 22);
  Recorder.exit(3, 23);
  Recorder.exit(1, 24);
  CHECK(findPath(Recorder, {1, 2, 5})->Visits == 1);
  CHECK(findPath(Recorder, {1, 3, 5})->Visits == 2);
}

TEST_CASE("an adopted context marks the slots above a changed frame unused",
          "[OpenMP][CallPathRecorder]") {
  CallPathRecorder Worker;
  const uint32_t First[] = {1, 2};
  Worker.adoptContext(First, 2);
  Worker.enter(5, 0);
  Worker.exit(5, 1);
  Worker.releaseContext(2);
  // The slots hold 1, 2 under it, 5 under that. A context of 3 alone
  // replaces the first; a context 1, 4 the second.
  const uint32_t Second[] = {3};
  Worker.adoptContext(Second, 1);
  CHECK_FALSE(Worker.tryEnterReused(2, 10, 0));
  Worker.enter(2, 10);
  CHECK_FALSE(Worker.tryEnterReused(5, 11, 0));
  Worker.enter(5, 11);
  Worker.exit(5, 12);
  Worker.exit(2, 13);
  Worker.releaseContext(14);
  const uint32_t Third[] = {3, 4};
  Worker.adoptContext(Third, 2);
  CHECK_FALSE(Worker.tryEnterReused(5, 20, 0));
  Worker.enter(5, 20);
  Worker.exit(5, 21);
  Worker.releaseContext(22);
  CHECK(findPath(Worker, {1, 2, 5})->Visits == 1);
  CHECK(findPath(Worker, {3, 2})->Visits == 1);
  CHECK(findPath(Worker, {3, 2, 5})->Visits == 1);
  CHECK(findPath(Worker, {3, 4, 5})->Visits == 1);
  CHECK(Worker.counters().Repairs == 0);
}

TEST_CASE("frames reach their nodes after the node array moved",
          "[CallPathRecorder]") {
  // The tree's node array starts with room for 32 nodes; 40 new ones move
  // it at least once while frames are open or kept (Frame::NodeAddress).
  constexpr uint32_t NewNodes = 40;
  CallPathRecorder Recorder;
  enterAndExitPath(Recorder, {1, 2, 3}, 0);
  // Slot 0 gets new regions, slot 1 is marked unused, slot 2 keeps 3 under
  // 1 > 2 from before the move.
  for (uint32_t Region = 100; Region < 100 + NewNodes; ++Region)
    enterAndExitPath(Recorder, {Region}, 10);
  Recorder.enter(1, 20);
  Recorder.enter(2, 21); // the same node: slot 2 stays kept
  REQUIRE(Recorder.tryEnterReused(3, 22, 0));
  Recorder.exit(3, 25);
  // Open frames: 1 and 2 stay open while their children move the array.
  for (uint32_t Region = 200; Region < 200 + NewNodes; ++Region) {
    Recorder.enter(Region, 30);
    Recorder.exit(Region, 30); // no time: {1, 2} keeps its exclusive time
  }
  Recorder.exit(2, 40);
  Recorder.exit(1, 50);
  CHECK(Recorder.tree().size() == 4 + 2 * NewNodes);
  CHECK(findPath(Recorder, {1})->Visits == 2);
  CHECK(findPath(Recorder, {1})->InclusiveTicks == 35);
  CHECK(findPath(Recorder, {1})->ExclusiveTicks == 13);
  CHECK(findPath(Recorder, {1, 2})->Visits == 2);
  CHECK(findPath(Recorder, {1, 2})->InclusiveTicks == 22);
  CHECK(findPath(Recorder, {1, 2})->ExclusiveTicks == 18);
  CHECK(findPath(Recorder, {1, 2, 3})->Visits == 2);
  CHECK(findPath(Recorder, {1, 2, 3})->InclusiveTicks == 4);
  CHECK(findPath(Recorder, {1, 2, 200})->Visits == 1);
}

TEST_CASE("isBelowTopFrame bounds a frame address by the top frame's CFA or "
          "the stack's high end",
          "[CallPathRecorder]") {
  CallPathRecorder Recorder;
  // No frame opened yet, no stack known: never.
  CHECK_FALSE(Recorder.isBelowTopFrame(500));
  Recorder.setStackHigh(1000);
  CHECK_FALSE(Recorder.isBelowTopFrame(500));
  Recorder.enter(1, 0); // CFA unknown: bounded by the stack's high end
  CHECK(Recorder.isBelowTopFrame(500));
  CHECK(Recorder.isBelowTopFrame(1000));
  CHECK_FALSE(Recorder.isBelowTopFrame(1001));
  CHECK_FALSE(Recorder.topMayBeAbandoned(1000));
  Recorder.enter(2, 1, 800);
  CHECK(Recorder.isBelowTopFrame(799));
  CHECK_FALSE(Recorder.isBelowTopFrame(800));
  CHECK_FALSE(Recorder.isBelowTopFrame(900));
  CHECK(Recorder.topMayBeAbandoned(800));
  CHECK_FALSE(Recorder.topMayBeAbandoned(799));
  Recorder.exit(2, 2);
  // The stack's end moves: frames of unknown CFA follow.
  Recorder.setStackHigh(2000);
  CHECK(Recorder.isBelowTopFrame(2000));
  CHECK_FALSE(Recorder.isBelowTopFrame(2001));
  // A reused frame, a frame entered with a known CFA, then unknown again.
  REQUIRE(Recorder.tryEnterReused(2, 3, 0));
  CHECK(Recorder.isBelowTopFrame(2000));
  Recorder.exit(2, 4);
  REQUIRE(Recorder.tryEnterReused(2, 5, 700));
  CHECK_FALSE(Recorder.isBelowTopFrame(700));
  Recorder.exit(2, 6);
  Recorder.exit(1, 7);
  // The empty stack: the high end.
  CHECK(Recorder.isBelowTopFrame(2000));
  CHECK_FALSE(Recorder.isBelowTopFrame(2001));
  CHECK_FALSE(Recorder.topMayBeAbandoned(2000));
  CHECK(Recorder.closeAbandonedFrames(2000, 8) == 0);
  // Context frames have no CFA.
  const uint32_t Context[] = {3};
  Recorder.adoptContext(Context, 1);
  CHECK(Recorder.isBelowTopFrame(2000));
  CHECK_FALSE(Recorder.topMayBeAbandoned(2000));
  Recorder.releaseContext(9);
  // An unknown stack: never.
  Recorder.setStackHigh(0);
  CHECK_FALSE(Recorder.isBelowTopFrame(1));
  Recorder.enter(1, 10);
  CHECK_FALSE(Recorder.isBelowTopFrame(1));
  CHECK_FALSE(Recorder.isBelowTopFrame(500));
  Recorder.exit(1, 11);
  CHECK(Recorder.counters().Repairs == 0);
}
