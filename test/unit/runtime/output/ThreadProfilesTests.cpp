//===- test/unit/runtime/output/ThreadProfilesTests.cpp -------------------===//
//
// Per-thread output.
//
// Part of Sextant. profile-threads.json (threads in index order, the bound
// on separately kept threads and the entry summing the others) and
// profile.folded (paths, rounding, names that would break the format).
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ThreadProfiles.h"

#include "runtime/output/ProfileModel.h"

#include "format/profile/FoldedStacks.h"

#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace sextant;
using namespace sextant::runtime;
using namespace sextant::test;

namespace {

std::vector<RegionInfo> sampleRegions() {
  return {makeRegion(1, "main", "/src/app.c", 10),
          makeRegion(2, "work", "/src/app.c", 20),
          makeRegion(3, "odd;name\nhere", "/src/app.c", 30)};
}

} // namespace

TEST_CASE("profile-threads.json keeps threads within the bound",
          "[ThreadProfiles]") {
  std::vector<RegionInfo> Regions = sampleRegions();
  ThreadProfileSet Threads(2);
  for (uint64_t Index : {2, 0, 3, 1}) {
    CallPathTree Tree;
    addVisits(Tree, {1}, 1, 1000 * (Index + 1), 500);
    addVisits(Tree, {1, 2}, Index + 1, 500 * (Index + 1), 500 * (Index + 1));
    Threads.add(Index, 100 + static_cast<long>(Index),
                Index == 0 ? "main" : "worker", Tree);
  }
  CHECK(Threads.threadsBeyondBound() == 2);
  std::vector<const KeptThreadTree *> Entries = Threads.entries();
  REQUIRE(Entries.size() == 3);
  CHECK(Entries[0]->Index == 0);
  CHECK(Entries[1]->Index == 1);
  CHECK(Entries[2]->BeyondBound);
  CHECK(Entries[2]->MergedThreads == 2);
  // Threads 2 and 3 summed: work visits 3 + 4.
  CallPathTree::NodeIndex Main =
      Entries[2]->Tree.findChild(CallPathTree::RootNode, 1);
  REQUIRE(Main != CallPathTree::NoNode);
  CHECK(Entries[2]->Tree.node(Entries[2]->Tree.findChild(Main, 2)).Visits == 7);

  std::string Text = renderThreadProfiles(Threads, Regions, 1e-9);
  nlohmann::ordered_json Json = nlohmann::ordered_json::parse(Text);
  std::vector<std::string> Keys;
  for (auto Member = Json.begin(); Member != Json.end(); ++Member)
    Keys.push_back(Member.key());
  CHECK(Keys == std::vector<std::string>{"format", "format_version",
                                         "max_separate_threads",
                                         "threads_beyond_bound", "threads"});
  CHECK(Json["format"] == "sextant-thread-profiles");
  CHECK(Json["format_version"] == 1);
  CHECK(Json["max_separate_threads"] == 2);
  CHECK(Json["threads_beyond_bound"] == 2);
  const nlohmann::ordered_json &List = Json["threads"];
  REQUIRE(List.size() == 3);
  CHECK(List[0]["index"] == 0);
  CHECK(List[0]["tid"] == 100);
  CHECK(List[0]["name"] == "main");
  CHECK(List[0]["merged_threads"] == 1);
  CHECK(List[0]["roots"][0]["frame"] ==
        nlohmann::ordered_json{{"name", "main"}, {"type", "function"}});
  CHECK(List[1]["index"] == 1);
  CHECK(List[1]["tid"] == 101);
  CHECK(List[1]["name"] == "worker");
  CHECK(List[2]["index"] == 2);
  CHECK(List[2]["tid"] == 0);
  CHECK(List[2]["name"] == "<2 more threads>");
  CHECK(List[2]["merged_threads"] == 2);
  // Threads 2 and 3 summed: work visits 3 + 4.
  CHECK(List[2]["roots"][0]["children"][0]["metrics"]["visits"] == 7);
  CHECK(Text.substr(Text.size() - 3) == "]}\n");

  // No bound at all: every thread is summed into one entry.
  ThreadProfileSet None(0);
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 10, 10);
  None.add(0, 7, "main", Tree);
  nlohmann::json NoneJson =
      nlohmann::json::parse(renderThreadProfiles(None, Regions, 1e-9));
  REQUIRE(NoneJson["threads"].size() == 1);
  CHECK(NoneJson["threads"][0]["index"] == 0);
  CHECK(NoneJson["threads"][0]["tid"] == 0);
  CHECK(NoneJson["threads"][0]["name"] == "<1 more threads>");
}

TEST_CASE("profile.folded has one line per path with exclusive time",
          "[FoldedStacks]") {
  std::vector<RegionInfo> Regions = sampleRegions();
  CallPathTree Tree;
  // Ticks of 1 ns: main 3.2 ms inclusive, 1.0004 ms exclusive; work under
  // main 2.2 ms; the odd name under work 0.4 us (rounds to 0: left out) and
  // main;work;odd is 1.6 us (rounds to 2).
  addVisits(Tree, {1}, 1, 3200000, 1000400);
  addVisits(Tree, {1, 2}, 5, 2200000, 2199600);
  addVisits(Tree, {1, 2, 3}, 3, 1600, 1600);
  addVisits(Tree, {2}, 1, 400, 400);
  std::string Folded =
      format::renderFoldedStacks(buildCallPathProfile(Tree, Regions, 1e-9));
  CHECK(Folded == "main 1000\n"
                  "main;work 2200\n"
                  "main;work;odd:name\\x0ahere 2\n");
  CHECK(format::renderFoldedStacks(
            buildCallPathProfile(CallPathTree(), Regions, 1e-9))
            .empty());
}
