//===- test/unit/runtime/ThreadProfilesTests.cpp - Per-thread output ------===//
//
// Part of Sextant. profile-threads.json (threads in index order, the bound
// on separately kept threads and the entry summing the others),
// profile.folded (paths, rounding, names that would break the format), and
// the new fields of experiment.json, regions.json and summary.txt.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentRecords.h"
#include "runtime/output/ExperimentWriter.h"
#include "runtime/output/ProfileModel.h"

#include "format/ExperimentJson.h"
#include "format/RegionsJson.h"
#include "format/SummaryText.h"
#include "runtime/output/ThreadProfiles.h"

#include "TestRegions.h"

#include "format/FoldedStacks.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant;
using namespace sextant::runtime;
using namespace sextant::runtime::test;

namespace {

std::vector<RegionInfo> sampleRegions() {
  return {makeRegion(1, "main", "/src/app.c", 10),
          makeRegion(2, "work", "/src/app.c", 20),
          makeRegion(3, "odd;name\nhere", "/src/app.c", 30)};
}

size_t count(const std::string &Text, const std::string &Part) {
  size_t Found = 0;
  for (size_t At = Text.find(Part); At != std::string::npos;
       At = Text.find(Part, At + 1))
    ++Found;
  return Found;
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
  std::vector<const ThreadProfile *> Entries = Threads.entries();
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

  std::string Json = renderThreadProfiles(Threads, Regions, 1e-9);
  CHECK(Json.rfind("{\"format\":\"sextant-thread-profiles\",\"format_version\""
                   ":1,\"max_separate_threads\":2,\"threads_beyond_bound\":2,"
                   "\"threads\":[",
                   0) == 0);
  CHECK(Json.find("{\"index\":0,\"tid\":100,\"name\":\"main\","
                  "\"merged_threads\":1,\"roots\":[{\"frame\":{\"name\":"
                  "\"main\",\"type\":\"function\"}") != std::string::npos);
  CHECK(Json.find("{\"index\":1,\"tid\":101,\"name\":\"worker\"") !=
        std::string::npos);
  CHECK(Json.find("{\"index\":2,\"tid\":0,\"name\":\"<2 more threads>\","
                  "\"merged_threads\":2,\"roots\":[") != std::string::npos);
  CHECK(count(Json, "\"index\":") == 3);
  CHECK(Json.find("\"visits\":7") != std::string::npos);
  CHECK(Json.substr(Json.size() - 3) == "]}\n");

  // No bound at all: every thread is summed into one entry.
  ThreadProfileSet None(0);
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 10, 10);
  None.add(0, 7, "main", Tree);
  std::string NoneJson = renderThreadProfiles(None, Regions, 1e-9);
  CHECK(NoneJson.find("{\"index\":0,\"tid\":0,\"name\":\"<1 more threads>\"") !=
        std::string::npos);
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
                  "main;work;odd:name here 2\n");
  CHECK(format::foldedFrameName("a;b\r\nc") == "a:b  c");
  CHECK(format::renderFoldedStacks(
            buildCallPathProfile(CallPathTree(), Regions, 1e-9))
            .empty());
}

TEST_CASE("the output reports clock, cost, throttling and pauses",
          "[ExperimentWriter][Control]") {
  std::vector<RegionInfo> Regions = sampleRegions();
  Regions[1].Throttled = true;
  Regions[1].Throttle.AfterSeconds = 0.25;
  Regions[1].Throttle.Visits = 100000;
  Regions[1].Throttle.MeanVisitSeconds = 42e-9;

  ExperimentInfo Info;
  Info.SextantVersion = "0.1.0";
  Info.ProgramPath = "/bin/app";
  Info.Clock = {"TSC", 1 / 2.5e9};
  Info.Clock.TicksPerSecond = 2.5e9;
  Info.Clock.Calibration = "TSC against CLOCK_MONOTONIC over 1.000 ms at "
                           "start-up";
  Info.EventPairCostSeconds = 25.5e-9;
  Info.Throttle.Enabled = true;
  Info.Throttle.MinVisits = 100000;
  Info.Throttle.MaxMeanVisitNanoseconds = 500;
  Info.Pauses = 2;

  std::string Experiment =
      sextant::format::renderExperimentJson(experimentRecord(Info, Regions));
  CHECK(Experiment.find("\"clock\": \"TSC\",\n  \"clock_ticks_per_second\": "
                        "2500000000.000,\n  \"clock_calibration\": \"TSC "
                        "against CLOCK_MONOTONIC over 1.000 ms at "
                        "start-up\",\n  \"event_pair_cost_seconds\": "
                        "0.000000025500,\n  \"enabled\": true,") !=
        std::string::npos);
  CHECK(Experiment.find("\"regions_throttled\": 1,") != std::string::npos);
  CHECK(Experiment.find("\"throttle\": {\n    \"enabled\": true,\n    "
                        "\"min_visits\": 100000,\n    \"max_mean_visit_ns\": "
                        "500\n  },") != std::string::npos);
  CHECK(Experiment.find("\"pauses\": 2,") != std::string::npos);
  CHECK(Experiment.find("\"paused_at_end\": false,") != std::string::npos);

  std::string RegionsJson =
      sextant::format::renderRegionsJson(regionRecords(Regions));
  CHECK(count(RegionsJson, "\"throttled\": null") == 2);
  CHECK(RegionsJson.find("\"throttled\": {\n        \"after_seconds\": "
                         "0.250000000,\n        \"visits\": 100000,\n        "
                         "\"mean_visit_seconds\": 0.000000042000\n      }") !=
        std::string::npos);

  std::string Summary = sextant::format::renderSummaryText(
      experimentRecord(Info, Regions), regionRecords(Regions), {});
  CHECK(Summary.find("clock:      TSC at 2500.000 MHz (TSC against "
                     "CLOCK_MONOTONIC over 1.000 ms at start-up)\n") !=
        std::string::npos);
  CHECK(Summary.find("event cost: 25.5 ns per enter+exit pair") !=
        std::string::npos);
  CHECK(Summary.find("throttling: on (100000 visits with a mean below 500 "
                     "ns), 1 region(s) throttled\n") != std::string::npos);
  CHECK(Summary.find("paused:     2 time(s)\n") != std::string::npos);
  CHECK(Summary.find("Throttled regions") != std::string::npos);
  CHECK(Summary.find("      0.250000      100000        42.0  work  "
                     "(/src/app.c:20)\n") != std::string::npos);

  Info.Throttle = ThrottleSetting();
  Info.Enabled = false;
  Summary =
      sextant::format::renderSummaryText(experimentRecord(Info, {}), {}, {});
  CHECK(Summary.find("throttling: off\n") != std::string::npos);
  CHECK(Summary.find("enabled:    no (SEXTANT_ENABLE=0)") != std::string::npos);
  CHECK(Summary.find("Throttled regions") == std::string::npos);
}
