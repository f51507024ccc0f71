//===- test/unit/runtime/regions/UserRegionStackTests.cpp -----------------===//
//
// Open user regions.
//
// Part of Sextant. Ends of user regions by name: nesting, an end of an
// enclosing region ending the regions inside it, an end of a region that is
// not open, and begins and ends on both sides of a pause, checked against a
// real shadow stack that must stay balanced. Also the name cache.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathRecorder.h"
#include "runtime/regions/UserRegionStack.h"
#include "runtime/regions/UserRegionTable.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::runtime;

namespace {

/// A thread's user regions and shadow stack, with a logical clock.
struct Thread {
  UserRegionStack Users;
  CallPathRecorder Recorder;
  Ticks Now = 0;
  std::vector<uint32_t> Exits;

  void begin(std::string_view Name, uint32_t Id, bool Armed) {
    Users.push(Name, Id, Armed);
    if (Armed)
      Recorder.enter(Id, ++Now);
  }
  bool end(std::string_view Name) {
    return Users.end(Name, [&](uint32_t Id) {
      Exits.push_back(Id);
      Recorder.exit(Id, ++Now);
    });
  }
};

uint64_t visitsAt(const CallPathRecorder &Recorder,
                  const std::vector<uint32_t> &Path) {
  CallPathTree::NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path) {
    Node = Recorder.tree().findChild(Node, Region);
    if (Node == CallPathTree::NoNode)
      return 0;
  }
  return Recorder.tree().node(Node).Visits;
}

} // namespace

TEST_CASE("user regions nest and end by name", "[UserRegions]") {
  Thread T;
  T.begin("solve", 1, true);
  T.begin("assemble", 2, true);
  CHECK(T.end("assemble"));
  T.begin("assemble", 2, true);
  CHECK(T.end("assemble"));
  CHECK(T.end("solve"));
  CHECK(T.Exits == std::vector<uint32_t>{2, 2, 1});
  CHECK(T.Users.depth() == 0);
  CHECK(T.Recorder.depth() == 0);
  CHECK(visitsAt(T.Recorder, {1, 2}) == 2);
  CHECK(T.Users.endedImplicitly() == 0);
  CHECK(T.Recorder.counters().Repairs == 0);
}

TEST_CASE("an end of an enclosing region ends the regions inside it",
          "[UserRegions]") {
  Thread T;
  T.begin("outer", 1, true);
  T.begin("a", 2, true);
  T.begin("b", 3, true);
  CHECK(T.end("outer"));
  // One exit, of outer: the shadow stack closes b and a as a repair.
  CHECK(T.Exits == std::vector<uint32_t>{1});
  CHECK(T.Users.depth() == 0);
  CHECK(T.Recorder.depth() == 0);
  CHECK(T.Users.endedImplicitly() == 2);
  CHECK(T.Recorder.counters().Repairs == 1);
  CHECK(T.Recorder.counters().ExitsRepaired == 2);
  // Their own ends come too late and change nothing.
  CHECK_FALSE(T.end("b"));
  CHECK_FALSE(T.end("a"));
  CHECK(T.Recorder.depth() == 0);
}

TEST_CASE("an end of a region that is not open changes nothing",
          "[UserRegions]") {
  Thread T;
  CHECK_FALSE(T.end("never"));
  T.begin("x", 1, true);
  CHECK_FALSE(T.end("y"));
  CHECK(T.Users.depth() == 1);
  CHECK(T.Recorder.depth() == 1);
  CHECK(T.Exits.empty());
  // Recursion: the innermost of the same name ends first.
  T.begin("x", 1, true);
  CHECK(T.end("x"));
  CHECK(T.Users.depth() == 1);
  CHECK(T.end("x"));
  CHECK(visitsAt(T.Recorder, {1, 1}) == 1);
  CHECK(T.Recorder.depth() == 0);
}

TEST_CASE("begins and ends on both sides of a pause stay balanced",
          "[UserRegions]") {
  SECTION("begun while paused, ended after the resume: no exit") {
    Thread T;
    T.begin("main", 1, true);
    T.begin("io", 2, /*Armed=*/false);
    CHECK(T.end("io"));
    CHECK(T.Exits.empty());
    CHECK(T.Recorder.depth() == 1);
    CHECK(T.end("main"));
    CHECK(T.Recorder.depth() == 0);
    CHECK(T.Recorder.counters().IgnoredExits == 0);
    CHECK(visitsAt(T.Recorder, {1, 2}) == 0);
  }
  SECTION("begun before the pause, ended while paused: recorded") {
    Thread T;
    T.begin("io", 2, true);
    CHECK(T.end("io"));
    CHECK(T.Exits == std::vector<uint32_t>{2});
    CHECK(T.Recorder.depth() == 0);
  }
  SECTION("an unrecorded region ending recorded ones inside it") {
    Thread T;
    T.begin("phase", 1, /*Armed=*/false);
    T.begin("a", 2, true);
    T.begin("b", 3, true);
    CHECK(T.end("phase"));
    // Each recorded region inside ends, innermost first.
    CHECK(T.Exits == std::vector<uint32_t>{3, 2});
    CHECK(T.Recorder.depth() == 0);
    CHECK(T.Users.endedImplicitly() == 2);
    CHECK(T.Recorder.counters().IgnoredExits == 0);
  }
  SECTION("the same name open twice, once recorded") {
    Thread T;
    T.begin("r", 5, true);
    T.begin("r", 5, /*Armed=*/false);
    CHECK(T.end("r")); // the inner one: nothing recorded
    CHECK(T.Exits.empty());
    CHECK(T.Recorder.depth() == 1);
    CHECK(T.end("r"));
    CHECK(T.Exits == std::vector<uint32_t>{5});
    CHECK(T.Recorder.depth() == 0);
  }
}

TEST_CASE("user regions are found by name, not by pointer", "[UserRegions]") {
  UserRegionTable Table;
  auto [Solve, Created] = Table.get("solve");
  CHECK(Created);
  CHECK(Solve->Name == "solve");
  CHECK(std::string(Solve->Descriptor.display_name) == "solve");
  CHECK(std::string(Solve->Descriptor.file).empty());
  CHECK(Solve->Descriptor.handle == &Solve->Handle);
  CHECK((Solve->Descriptor.flags & SEXTANT_REGION_USER) != 0);
  CHECK((Solve->Descriptor.flags >> SEXTANT_ABI_VERSION_SHIFT) ==
        SEXTANT_ABI_VERSION);
  CHECK(Solve->Handle == SEXTANT_INVALID);

  std::string Buffer = "solve";
  auto [Again, CreatedAgain] = Table.get(Buffer);
  CHECK(Again == Solve);
  CHECK_FALSE(CreatedAgain);

  UserRegionCache Cache;
  CHECK(Cache.find("solve", hashRegionName("solve")) == nullptr);
  Cache.remember(Solve);
  CHECK(Cache.find(Buffer, hashRegionName(Buffer)) == Solve);
  // The same buffer now holding another name is another region.
  Buffer = "other";
  CHECK(Cache.find(Buffer, hashRegionName(Buffer)) == nullptr);
  CHECK(hashRegionName("solve") != hashRegionName("other"));
}
