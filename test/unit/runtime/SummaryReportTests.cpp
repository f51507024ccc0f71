//===- test/unit/runtime/SummaryReportTests.cpp - summary.txt -------------===//
//
// Part of Sextant. The layout of summary.txt: its header, the flat profile
// and the call tree (the views themselves: test/unit/format).
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentRecords.h"

#include "format/ExperimentJson.h"
#include "format/RegionsJson.h"
#include "format/SummaryText.h"

#include "runtime/output/ProfileModel.h"

#include "TestRegions.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;
using namespace sextant::runtime::test;

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

  std::string Summary = sextant::format::renderSummaryText(
      experimentRecord(Info, Regions), regionRecords(Regions),
      buildCallPathProfile(Tree, Regions, Info.Clock.SecondsPerTick));
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
  std::string Summary =
      sextant::format::renderSummaryText(experimentRecord(Info, {}), {}, {});
  CHECK(Summary.find("(no region was entered)") != std::string::npos);
  CHECK(Summary.find("(empty)") != std::string::npos);
}
