//===- test/unit/runtime/regions/RegionArmingTests.cpp --------------------===//
//
// Disarming and re-arming.
//
// Part of Sextant. The values stored into handles for filtered, throttled
// and paused regions; handle sites of unloaded modules, which are never
// written again; and disarming and re-arming while real threads are inside
// regions, following the guard protocol of instrumented code (the exit
// guard reuses the value loaded at entry): every pair stays balanced and
// the visits add up.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"
#include "runtime/regions/RegionArming.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <thread>
#include <vector>

using namespace sextant::runtime;

namespace {

uint32_t loadHandle(const uint32_t &Handle) {
  return __atomic_load_n(&Handle, __ATOMIC_RELAXED);
}

HandleSite siteOf(uint32_t &Handle) {
  HandleSite Site;
  Site.Handle = &Handle;
  return Site;
}

/// A checker whose modules "unload" when told; the site of Unloaded is
/// then invalid.
class FakeChecker final : public SiteChecker {
public:
  uint64_t Unloads = 0;
  const uint32_t *Unloaded = nullptr;
  int Checks = 0;

  uint64_t unloadCount() override { return Unloads; }
  bool isValid(const HandleSite &Site) override {
    ++Checks;
    return Site.Handle != Unloaded;
  }
};

} // namespace

TEST_CASE("handles hold the id or SEXTANT_FILTERED", "[RegionArming]") {
  RegionArming Arming;
  uint32_t Plain = SEXTANT_INVALID, Filtered = SEXTANT_INVALID;
  CHECK(Arming.addSite(1, false, siteOf(Plain)) == 1);
  CHECK(loadHandle(Plain) == 1);
  CHECK(Arming.addSite(2, true, siteOf(Filtered)) == SEXTANT_FILTERED);
  CHECK(loadHandle(Filtered) == SEXTANT_FILTERED);
  CHECK(Arming.handleValue(1) == 1);
  CHECK(Arming.handleValue(2) == SEXTANT_FILTERED);
  CHECK(Arming.handleValue(3) == SEXTANT_FILTERED); // unknown

  SECTION("pause and resume") {
    CHECK(Arming.pause());
    CHECK_FALSE(Arming.pause()); // pauses do not nest
    CHECK(Arming.paused());
    CHECK(loadHandle(Plain) == SEXTANT_FILTERED);
    // A region registered while paused starts disarmed...
    uint32_t Late = SEXTANT_INVALID;
    CHECK(Arming.addSite(4, false, siteOf(Late)) == SEXTANT_FILTERED);
    CHECK(Arming.resume());
    CHECK_FALSE(Arming.resume());
    // ...and is armed by the resume, while the filtered one stays off.
    CHECK(loadHandle(Late) == 4);
    CHECK(loadHandle(Plain) == 1);
    CHECK(loadHandle(Filtered) == SEXTANT_FILTERED);
  }
  SECTION("throttling is permanent") {
    CHECK(Arming.throttle(1));
    CHECK_FALSE(Arming.throttle(1));
    CHECK(Arming.isThrottled(1));
    CHECK(loadHandle(Plain) == SEXTANT_FILTERED);
    Arming.pause();
    Arming.resume();
    CHECK(loadHandle(Plain) == SEXTANT_FILTERED);
    // A second descriptor of the throttled region registers disarmed.
    uint32_t Second = SEXTANT_INVALID;
    CHECK(Arming.addSite(1, false, siteOf(Second)) == SEXTANT_FILTERED);
    // Filtered and unknown regions are not throttled.
    CHECK_FALSE(Arming.throttle(2));
    CHECK_FALSE(Arming.throttle(7));
    CHECK_FALSE(Arming.isThrottled(2));
  }
  SECTION("every site of a region is written, each once") {
    uint32_t Other = SEXTANT_INVALID;
    Arming.addSite(1, false, siteOf(Other));
    Arming.addSite(1, false, siteOf(Other));
    CHECK(Arming.siteCount() == 3);
    Arming.pause();
    CHECK(loadHandle(Plain) == SEXTANT_FILTERED);
    CHECK(loadHandle(Other) == SEXTANT_FILTERED);
  }
}

TEST_CASE("sites of unloaded modules are dropped, not written",
          "[RegionArming]") {
  FakeChecker Checker;
  RegionArming Arming(&Checker);
  uint32_t Stays = SEXTANT_INVALID, Goes = SEXTANT_INVALID;
  sextant_region_descriptor Descriptor{};
  HandleSite StaysSite = siteOf(Stays), GoesSite = siteOf(Goes);
  StaysSite.Descriptor = &Descriptor;
  GoesSite.Descriptor = &Descriptor;
  Arming.addSite(1, false, StaysSite);
  Arming.addSite(2, false, GoesSite);

  // No unload since registration: nothing is checked.
  Arming.pause();
  CHECK(Checker.Checks == 0);
  Arming.resume();

  // The module of Goes is unloaded; its memory now holds something else.
  Checker.Unloads = 1;
  Checker.Unloaded = &Goes;
  Goes = 0xABCD;
  Arming.pause();
  CHECK(Goes == 0xABCD);
  CHECK(loadHandle(Stays) == SEXTANT_FILTERED);
  CHECK(Arming.siteCount() == 1);
  CHECK(Checker.Checks == 2);
  // Checked sites are not checked again until the next unload.
  Arming.resume();
  CHECK(Checker.Checks == 2);
  CHECK(loadHandle(Stays) == 1);
  CHECK(Goes == 0xABCD);

  // Runtime-owned sites (no descriptor) are never checked.
  uint32_t Owned = SEXTANT_INVALID;
  Arming.addSite(3, false, siteOf(Owned));
  Checker.Unloads = 2;
  Checker.Unloaded = &Owned;
  Arming.pause();
  CHECK(loadHandle(Owned) == SEXTANT_FILTERED);
}

namespace {

/// What one worker thread saw: armed entries of each path.
struct WorkerCounts {
  uint64_t OuterArmed = 0;
  uint64_t InnerUnderOuter = 0;
  uint64_t InnerAtRoot = 0;
};

/// One instrumented call of "outer" that calls "inner", written the way the
/// plugin instruments them: each handle loaded once, the exit guard reusing
/// the loaded value.
void instrumentedCall(CallPathRecorder &Recorder, Ticks &Now,
                      const uint32_t &OuterHandle, const uint32_t &InnerHandle,
                      WorkerCounts &Counts) {
  uint32_t Outer = loadHandle(OuterHandle);
  if (Outer != SEXTANT_FILTERED) {
    Recorder.enter(Outer, ++Now);
    ++Counts.OuterArmed;
  }
  for (int Call = 0; Call < 2; ++Call) {
    uint32_t Inner = loadHandle(InnerHandle);
    if (Inner != SEXTANT_FILTERED) {
      Recorder.enter(Inner, ++Now);
      if (Outer != SEXTANT_FILTERED)
        ++Counts.InnerUnderOuter;
      else
        ++Counts.InnerAtRoot;
    }
    std::this_thread::yield(); // give the controller a chance to switch
    if (Inner != SEXTANT_FILTERED)
      Recorder.exit(Inner, ++Now);
  }
  if (Outer != SEXTANT_FILTERED)
    Recorder.exit(Outer, ++Now);
}

} // namespace

TEST_CASE("disarming and re-arming while threads are inside regions",
          "[RegionArming][threads]") {
  RegionArming Arming;
  uint32_t OuterHandle = SEXTANT_INVALID, InnerHandle = SEXTANT_INVALID;
  Arming.addSite(1, false, siteOf(OuterHandle));
  Arming.addSite(2, false, siteOf(InnerHandle));

  constexpr int Workers = 4;
  constexpr int CallsPerWorker = 20000;
  std::vector<CallPathRecorder> Recorders(Workers);
  std::vector<WorkerCounts> Counts(Workers);
  std::atomic<int> Running{Workers};
  std::vector<std::thread> Threads;
  for (int W = 0; W < Workers; ++W)
    Threads.emplace_back([&, W] {
      Ticks Now = 0;
      for (int Call = 0; Call < CallsPerWorker; ++Call)
        instrumentedCall(Recorders[W], Now, OuterHandle, InnerHandle,
                         Counts[W]);
      Running.fetch_sub(1);
    });

  // Pause and resume as fast as possible while the workers run; throttle
  // the inner region half-way.
  uint64_t Switches = 0;
  bool Throttled = false;
  while (Running.load() != 0) {
    Arming.pause();
    std::this_thread::yield();
    Arming.resume();
    std::this_thread::yield();
    if (++Switches == 200) {
      CHECK(Arming.throttle(2));
      Throttled = true;
    }
  }
  for (std::thread &Thread : Threads)
    Thread.join();
  INFO("pause/resume switches: " << Switches);
  CHECK(Switches > 0);

  uint64_t OuterTotal = 0, InnerTotal = 0;
  for (int W = 0; W < Workers; ++W) {
    const CallPathRecorder &Recorder = Recorders[W];
    CHECK(Recorder.depth() == 0);
    CHECK(Recorder.counters().Repairs == 0);
    CHECK(Recorder.counters().ExitsRepaired == 0);
    CHECK(Recorder.counters().IgnoredExits == 0);
    const CallPathTree &Tree = Recorder.tree();
    uint64_t OuterVisits = 0, InnerUnderOuter = 0, InnerAtRoot = 0;
    CallPathTree::NodeIndex Outer = Tree.findChild(CallPathTree::RootNode, 1);
    if (Outer != CallPathTree::NoNode) {
      OuterVisits = Tree.node(Outer).Visits;
      CallPathTree::NodeIndex Inner = Tree.findChild(Outer, 2);
      if (Inner != CallPathTree::NoNode)
        InnerUnderOuter = Tree.node(Inner).Visits;
    }
    CallPathTree::NodeIndex Inner = Tree.findChild(CallPathTree::RootNode, 2);
    if (Inner != CallPathTree::NoNode)
      InnerAtRoot = Tree.node(Inner).Visits;
    CHECK(OuterVisits == Counts[W].OuterArmed);
    CHECK(InnerUnderOuter == Counts[W].InnerUnderOuter);
    CHECK(InnerAtRoot == Counts[W].InnerAtRoot);
    // Inclusive time of every node covers its children.
    for (CallPathTree::NodeIndex Node = 1; Node < Tree.size(); ++Node)
      CHECK(Tree.node(Node).ExclusiveTicks <= Tree.node(Node).InclusiveTicks);
    OuterTotal += OuterVisits;
    InnerTotal += InnerUnderOuter + InnerAtRoot;
  }
  CHECK(OuterTotal <= uint64_t(Workers) * CallsPerWorker);
  CHECK(InnerTotal <= uint64_t(Workers) * CallsPerWorker * 2);
  // At the end the outer region is armed again; the inner one stays
  // throttled if the switch to throttle it came.
  CHECK(loadHandle(OuterHandle) == 1);
  CHECK(loadHandle(InnerHandle) == (Throttled ? SEXTANT_FILTERED : 2u));
}
