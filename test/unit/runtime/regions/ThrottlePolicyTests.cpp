//===- test/unit/runtime/regions/ThrottlePolicyTests.cpp ------------------===//
//
// Throttling decisions.
//
// Part of Sextant. The conversion of SEXTANT_THROTTLE into ticks and the
// decision the shadow stack takes at the N-th exit of a call path: only
// then, only when the mean inclusive time is below the bound, once per call
// path, never when throttling is off. Also the recorder's reuse of the node
// of the frame last opened at a depth, which must not confuse call paths.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"
#include "runtime/regions/ThrottlePolicy.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;

namespace {

ThrottleSetting setting(uint64_t Visits, uint64_t Nanoseconds) {
  ThrottleSetting Setting;
  Setting.Enabled = true;
  Setting.MinVisits = Visits;
  Setting.MaxMeanVisitNanoseconds = Nanoseconds;
  return Setting;
}

/// Calls region Region under the current top frame Count times, each call
/// lasting Duration ticks; returns how many exits reported the threshold.
int callRepeatedly(CallPathRecorder &Recorder, uint32_t Region, int Count,
                   Ticks Duration, Ticks &Now) {
  int Reports = 0;
  for (int I = 0; I < Count; ++I) {
    Recorder.enter(Region, Now);
    Now += Duration;
    if (const CallPathTree::Node *Node = Recorder.exit(Region, Now)) {
      ++Reports;
      CHECK(Node->Region == Region);
    }
    Now += 1;
  }
  return Reports;
}

} // namespace

TEST_CASE("SEXTANT_THROTTLE becomes a threshold in ticks", "[Throttling]") {
  // 1000 visits of less than 50 ns at 2 GHz: below 1000 * 100 ticks.
  ThrottleThreshold Threshold = throttleThreshold(setting(1000, 50), 2e9);
  CHECK(Threshold.Visits == 1000);
  CHECK(Threshold.MaxInclusiveTicks == 100000);
  // CLOCK_MONOTONIC ticks are nanoseconds.
  CHECK(throttleThreshold(setting(10, 7), 1e9).MaxInclusiveTicks == 70);

  // Off, or no clock: never.
  ThrottleSetting Off;
  CHECK(throttleThreshold(Off, 2e9).Visits == 0);
  CHECK(throttleThreshold(setting(10, 7), 0).Visits == 0);
  // A bound beyond 2^64 ticks admits every node.
  CHECK(throttleThreshold(setting(UINT64_MAX, UINT64_MAX), 3e9)
            .MaxInclusiveTicks == UINT64_MAX);

  CHECK(reachesThrottleThreshold(Threshold, 1000, 99999));
  CHECK_FALSE(reachesThrottleThreshold(Threshold, 1000, 100000));
  CHECK_FALSE(reachesThrottleThreshold(Threshold, 999, 10));
  CHECK_FALSE(reachesThrottleThreshold(Threshold, 1001, 10));
}

TEST_CASE("a short region is reported once, at its N-th exit", "[Throttling]") {
  CallPathRecorder Recorder;
  Recorder.setThrottleThreshold(throttleThreshold(setting(100, 50), 1e9));
  Ticks Now = 0;
  Recorder.enter(1, Now); // main
  // 10 ns per call: below 50 ns. Reported at the 100th exit only.
  CHECK(callRepeatedly(Recorder, 2, 99, 10, Now) == 0);
  Recorder.enter(2, Now);
  Now += 10;
  const CallPathTree::Node *Reported = Recorder.exit(2, Now);
  REQUIRE(Reported);
  CHECK(Reported->Visits == 100);
  CHECK(Reported->InclusiveTicks == 1000);
  CHECK(callRepeatedly(Recorder, 2, 500, 10, Now) == 0);
  // The enclosing region (1 visit) is not.
  CHECK(Recorder.exit(1, Now) == nullptr);
}

TEST_CASE("a long region is never reported", "[Throttling]") {
  CallPathRecorder Recorder;
  Recorder.setThrottleThreshold(throttleThreshold(setting(100, 50), 1e9));
  Ticks Now = 0;
  // 50 ns per call is not below 50 ns.
  CHECK(callRepeatedly(Recorder, 3, 1000, 50, Now) == 0);
}

TEST_CASE("each call path is checked on its own", "[Throttling]") {
  CallPathRecorder Recorder;
  Recorder.setThrottleThreshold(throttleThreshold(setting(10, 100), 1e9));
  Ticks Now = 0;
  // Region 5 under region 1: 10 short visits, reported.
  Recorder.enter(1, Now);
  CHECK(callRepeatedly(Recorder, 5, 10, 5, Now) == 1);
  Recorder.exit(1, Now);
  // Region 5 under region 2: a new path, reported again at its own 10th.
  Recorder.enter(2, Now);
  CHECK(callRepeatedly(Recorder, 5, 9, 5, Now) == 0);
  CHECK(callRepeatedly(Recorder, 5, 1, 5, Now) == 1);
  Recorder.exit(2, Now);
}

TEST_CASE("without a threshold nothing is reported", "[Throttling]") {
  CallPathRecorder Recorder;
  Ticks Now = 0;
  CHECK(callRepeatedly(Recorder, 1, 100000, 1, Now) == 0);
  Recorder.setThrottleThreshold(ThrottleThreshold());
  CHECK(callRepeatedly(Recorder, 1, 1000, 1, Now) == 0);
}

TEST_CASE("the reused node of a stack slot keeps call paths apart",
          "[Throttling][CallPathRecorder]") {
  CallPathRecorder Recorder;
  Ticks Now = 0;
  // a;c and b;c: at depth 1 the slot holds c under a when c is entered
  // under b, which must still be a new node.
  for (int Round = 0; Round < 3; ++Round) {
    Recorder.enter(1, Now++);
    Recorder.enter(3, Now++);
    Recorder.exit(3, Now++);
    Recorder.exit(1, Now++);
    Recorder.enter(2, Now++);
    Recorder.enter(3, Now++);
    Recorder.exit(3, Now++);
    Recorder.exit(2, Now++);
  }
  const CallPathTree &Tree = Recorder.tree();
  CallPathTree::NodeIndex A = Tree.findChild(CallPathTree::RootNode, 1);
  CallPathTree::NodeIndex B = Tree.findChild(CallPathTree::RootNode, 2);
  REQUIRE(A != CallPathTree::NoNode);
  REQUIRE(B != CallPathTree::NoNode);
  CallPathTree::NodeIndex AC = Tree.findChild(A, 3);
  CallPathTree::NodeIndex BC = Tree.findChild(B, 3);
  REQUIRE(AC != CallPathTree::NoNode);
  REQUIRE(BC != CallPathTree::NoNode);
  CHECK(AC != BC);
  CHECK(Tree.node(A).Visits == 3);
  CHECK(Tree.node(B).Visits == 3);
  CHECK(Tree.node(AC).Visits == 3);
  CHECK(Tree.node(BC).Visits == 3);
  CHECK(Tree.size() == 5);

  // The same region at the same depth under the same parent reuses the
  // node; a different region at that depth does not.
  Recorder.enter(1, Now++);
  Recorder.enter(4, Now++);
  Recorder.exit(4, Now++);
  Recorder.enter(3, Now++);
  Recorder.exit(3, Now++);
  Recorder.exit(1, Now++);
  CHECK(Tree.node(AC).Visits == 4);
  CHECK(Tree.node(Tree.findChild(A, 4)).Visits == 1);
  CHECK(Recorder.depth() == 0);
}
