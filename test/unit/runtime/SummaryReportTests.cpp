//===- test/unit/runtime/SummaryReportTests.cpp - summary.txt -------------===//
//
// Part of Sextant. The flat profile (regions summed over call paths,
// recursion counted once, sorting) and the layout of summary.txt.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/SummaryReport.h"

#include "TestRegions.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;
using namespace sextant::runtime::test;

TEST_CASE("the flat profile sums each region over its call paths",
          "[SummaryReport]") {
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 100, 20);
  addVisits(Tree, {1, 2}, 3, 50, 30);
  addVisits(Tree, {1, 2, 3}, 6, 20, 20);
  addVisits(Tree, {1, 3}, 2, 30, 30);
  std::vector<FlatProfileEntry> Flat = computeFlatProfile(Tree);
  REQUIRE(Flat.size() == 3);
  // Sorted by exclusive time: 3 (50), 2 (30), 1 (20).
  CHECK(Flat[0].Region == 3u);
  CHECK(Flat[0].ExclusiveTicks == 50);
  CHECK(Flat[0].InclusiveTicks == 50);
  CHECK(Flat[0].Visits == 8);
  CHECK(Flat[1].Region == 2u);
  CHECK(Flat[1].InclusiveTicks == 50);
  CHECK(Flat[2].Region == 1u);
  CHECK(Flat[2].InclusiveTicks == 100);
}

TEST_CASE("recursive calls are not counted twice in inclusive time",
          "[SummaryReport]") {
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 100, 10);
  addVisits(Tree, {1, 5}, 1, 90, 10);
  addVisits(Tree, {1, 5, 5}, 1, 80, 10);
  addVisits(Tree, {1, 5, 5, 6}, 1, 70, 20);
  addVisits(Tree, {1, 5, 5, 6, 5}, 1, 50, 50);
  std::vector<FlatProfileEntry> Flat = computeFlatProfile(Tree);
  REQUIRE(Flat.size() == 3);
  CHECK(Flat[0].Region == 5u);
  CHECK(Flat[0].ExclusiveTicks == 70);
  CHECK(Flat[0].InclusiveTicks == 90); // only the outermost activation
  CHECK(Flat[0].Visits == 3);
  CHECK(Flat[1].Region == 6u);
  CHECK(Flat[1].InclusiveTicks == 70);
}

TEST_CASE("ties in the flat profile are ordered by region id",
          "[SummaryReport]") {
  CallPathTree Tree;
  addVisits(Tree, {4}, 1, 5, 5);
  addVisits(Tree, {2}, 1, 5, 5);
  addVisits(Tree, {3}, 1, 5, 5);
  std::vector<FlatProfileEntry> Flat = computeFlatProfile(Tree);
  REQUIRE(Flat.size() == 3);
  CHECK(Flat[0].Region == 2u);
  CHECK(Flat[1].Region == 3u);
  CHECK(Flat[2].Region == 4u);
}

TEST_CASE("summary.txt has a header, the flat profile and the call tree",
          "[SummaryReport]") {
  ExperimentInfo Info;
  Info.SextantVersion = "0.1.0";
  Info.ProgramPath = "/bin/app";
  Info.Arguments = {"./app", "-n", "it's 2"};
  Info.Pid = 4242;
  Info.Hostname = "node1";
  Info.OutputDirectory = "/runs/x";
  Info.ThreadsSeen = 3;
  Info.WallSeconds = 2.5;
  Info.StartTime = {0, 0};
  Info.EndTime = {2, 500000000};
  Info.Repairs.Repairs = 1;
  Info.Repairs.ExitsRepaired = 5;
  std::vector<RegionInfo> Regions = {
      makeRegion(1, "main", "/src/app.c", 10),
      makeRegion(2, "kernel", "/src/k.c", 4, "/lib/libk.so"),
      makeRegion(3, "unused", "/src/u.c", 1)};
  Regions[2].Filtered = true;
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 2000000000, 500000000);
  addVisits(Tree, {1, 2}, 10, 1500000000, 1500000000);

  std::string Summary = renderSummary(Info, Tree, Regions);
  INFO(Summary);
  CHECK(Summary.find("program:    /bin/app\n") != std::string::npos);
  CHECK(Summary.find("arguments:  ./app -n 'it'\\''s 2'\n") !=
        std::string::npos);
  CHECK(Summary.find("pid:        4242\n") != std::string::npos);
  CHECK(Summary.find("threads:    3\n") != std::string::npos);
  CHECK(Summary.find("wall time:  2.500000 s (1970-01-01T00:00:00.000000000Z "
                     "to 1970-01-01T00:00:02.500000000Z)\n") !=
        std::string::npos);
  CHECK(Summary.find("output:     /runs/x\n") != std::string::npos);
  CHECK(Summary.find("regions:    3 registered, 1 filtered\n") !=
        std::string::npos);
  CHECK(Summary.find("exits:      5 repaired (in 1 repairs), 0 ignored, 0 "
                     "frames still open at the end\n") != std::string::npos);
  // Flat profile rows: kernel first (75 % of the exclusive time).
  CHECK(Summary.find("      1.500000      1.500000          10    75.00"
                     "  kernel  (/src/k.c:4 [/lib/libk.so])\n") !=
        std::string::npos);
  CHECK(Summary.find("      0.500000      2.000000           1    25.00"
                     "  main  (/src/app.c:10)\n") != std::string::npos);
  CHECK(Summary.find("kernel  (") < Summary.find("main  ("));
  // Call tree, indented by depth.
  CHECK(Summary.find("      2.000000           1  main\n"
                     "      1.500000          10    kernel\n") !=
        std::string::npos);
  CHECK(Summary.find("unused") == std::string::npos);
}

TEST_CASE("an empty profile says so", "[SummaryReport]") {
  ExperimentInfo Info;
  std::string Summary = renderSummary(Info, CallPathTree(), {});
  CHECK(Summary.find("(no region was entered)") != std::string::npos);
  CHECK(Summary.find("(empty)") != std::string::npos);
}
