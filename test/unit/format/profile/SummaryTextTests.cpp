//===- test/unit/format/profile/SummaryTextTests.cpp - The summary text ---===//
//
// Part of Sextant. The layout of the summary (summary.txt, `sextant report
// --summary`): its header with every optional line, the flat profile, the
// throttled regions and the call tree (the views themselves: FlatProfile
// and CallTreeView tests); and the same text from the files read back.
//
//===----------------------------------------------------------------------===//

#include "format/profile/SummaryText.h"

#include "format/schema/ExperimentJson.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"
#include "format/profile/ProfileJson.h"
#include "format/schema/RegionsJson.h"
#include "format/profile/TextLayout.h"

#include "test/unit/format/profile/DeepProfile.h"
#include "test/unit/support/SampleExperiment.h"
#include "test/unit/support/SampleRegions.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using namespace sextant::test;

namespace {

/// A run of /bin/app on 3 threads, 2.5 s, in /runs/x.
ExperimentMetadata runMetadata() {
  ExperimentMetadata M;
  M.SextantVersion = "0.1.0";
  M.Program = "/bin/app";
  M.Arguments = {"./app", "-n", "it's 2"};
  M.Pid = 4242;
  M.Hostname = "node1";
  M.OutputDirectory = "/runs/x";
  M.Threads = 3;
  M.WallSeconds = 2.5;
  M.StartTime = "1970-01-01T00:00:00.000000000Z";
  M.EndTime = "1970-01-01T00:00:02.500000000Z";
  M.Clock = "CLOCK_MONOTONIC";
  M.ClockCalibration = "none needed: CLOCK_MONOTONIC counts nanoseconds";
  M.Repairs = 1;
  M.ExitsRepaired = 5;
  return M;
}

} // namespace

TEST_CASE("the summary has a header, the flat profile and the call tree",
          "[SummaryText]") {
  std::vector<RegionRecord> Regions = {
      makeRegionRecord(1, "main", "/src/app.c", 10),
      makeRegionRecord(2, "kernel", "/src/k.c", 4, "/lib/libk.so"),
      makeRegionRecord(3, "unused", "/src/u.c", 1)};
  Regions[2].Filtered = true;
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 2.0, 0.5, "main");
  addPath(Profile, {1, 2}, 10, 1.5, 1.5, "kernel");

  std::string Summary = renderSummaryText(runMetadata(), Regions, Profile);
  INFO(Summary);
  CHECK(Summary.rfind("Sextant 0.1.0 profile summary\n\n", 0) == 0);
  CHECK(Summary.find("program:    /bin/app\n") != std::string::npos);
  CHECK(Summary.find("arguments:  ./app -n 'it'\\''s 2'\n") !=
        std::string::npos);
  CHECK(Summary.find("pid:        4242\n") != std::string::npos);
  CHECK(Summary.find("threads:    3\n") != std::string::npos);
  CHECK(Summary.find("wall time:  2.500000 s (1970-01-01T00:00:00.000000000Z "
                     "to 1970-01-01T00:00:02.500000000Z)\n") !=
        std::string::npos);
  CHECK(Summary.find("clock:      CLOCK_MONOTONIC (none needed: "
                     "CLOCK_MONOTONIC counts nanoseconds)\n") !=
        std::string::npos);
  CHECK(Summary.find("output:     /runs/x\n") != std::string::npos);
  CHECK(Summary.find("regions:    3 registered, 1 filtered\n") !=
        std::string::npos);
  CHECK(Summary.find("exits:      5 repaired (in 1 repairs), 0 ignored, 0 "
                     "frames still open at the end\n") != std::string::npos);
  CHECK(Summary.find("trace:      off\n") != std::string::npos);
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

TEST_CASE("an empty profile says so", "[SummaryText]") {
  std::string Summary = renderSummaryText({}, {}, {});
  CHECK(Summary.find("(no region was entered)") != std::string::npos);
  CHECK(Summary.find("(empty)") != std::string::npos);
}

TEST_CASE("the summary reports clock, cost, throttling and pauses",
          "[SummaryText]") {
  std::vector<RegionRecord> Regions = {
      makeRegionRecord(1, "main", "/src/app.c", 10),
      makeRegionRecord(2, "work", "/src/app.c", 20)};
  Regions[1].Throttled = ThrottleRecord{0.25, 100000, 42e-9};
  ExperimentMetadata M = runMetadata();
  M.Clock = "TSC";
  M.ClockTicksPerSecond = 2.5e9;
  M.ClockCalibration = "TSC against CLOCK_MONOTONIC over 1.000 ms at "
                       "start-up";
  M.EventPairCostSeconds = 25.5e-9;
  M.Throttle = {true, 100000, 500};
  M.Pauses = 2;

  std::string Summary = renderSummaryText(M, Regions, {});
  INFO(Summary);
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

  M.Throttle = ThrottleSettingRecord();
  M.Enabled = false;
  Summary = renderSummaryText(M, {}, {});
  CHECK(Summary.find("throttling: off\n") != std::string::npos);
  CHECK(Summary.find("enabled:    no (SEXTANT_ENABLE=0)") != std::string::npos);
  CHECK(Summary.find("Throttled regions") == std::string::npos);
}

TEST_CASE("the summary reports the trace, a fatal signal, a fork and "
          "rejected regions",
          "[SummaryText]") {
  ExperimentMetadata M = sampleExperimentMetadata();
  std::string Summary = renderSummaryText(M, sampleRegionRecords(), {});
  INFO(Summary);
  CHECK(Summary.find("threads:    4 (1 still busy at the end, not "
                     "merged)\n") != std::string::npos);
  CHECK(Summary.find("paused:     2 time(s), still paused at the end\n") !=
        std::string::npos);
  CHECK(Summary.find("regions:    3 registered, 1 filtered (runtime filter "
                     "rt.filt), 3 rejected (ABI version mismatch)\n") !=
        std::string::npos);
  CHECK(Summary.find("trace:      1000 events, 2500 bytes in 4 file(s) in "
                     "trace/ (2.50 bytes/event), buffer 65536 bytes per "
                     "thread; 500 events in 2 chunk(s) DROPPED, 1 thread(s) "
                     "NOT traced (out of memory) (cannot write "
                     "'trace/thread-3.sxt': No space left)\n") !=
        std::string::npos);
  CHECK(Summary.find("ended by:   SIGSEGV (the measurement was written in "
                     "the signal handler)\n") != std::string::npos);
  CHECK(Summary.find("forked:     from process 98 (this profile starts at "
                     "the fork)\n") != std::string::npos);
  M.RuntimeFilterLoaded = false;
  M.Trace->EventsDropped = 0;
  M.Trace->ThreadsWithoutTrace = 0;
  Summary = renderSummaryText(M, {}, {});
  CHECK(Summary.find("(runtime filter rt.filt NOT loaded)") !=
        std::string::npos);
  CHECK(Summary.find("bytes per thread; nothing dropped\n") !=
        std::string::npos);
}

TEST_CASE("the summary says how the program's code called the runtime",
          "[SummaryText]") {
  ExperimentMetadata M = runMetadata();
  // An experiment of an older runtime: no line.
  CHECK(renderSummaryText(M, {}, {}).find("instrument:") == std::string::npos);
  M.Instrumentation = {"finstrument-functions", "api"};
  std::string Summary = renderSummaryText(M, {}, {});
  INFO(Summary);
  CHECK(Summary.find("instrument: -finstrument-functions (GCC's mode: "
                     "functions measured through "
                     "__cyg_profile_func_enter/exit, not Sextant's plugin), "
                     "the user API (sextant_region_begin/end)\n") !=
        std::string::npos);
  M.Instrumentation = {"plugin", "later-mode"};
  CHECK(renderSummaryText(M, {}, {}).find(
            "instrument: Sextant's compiler plugin, later-mode\n") !=
        std::string::npos);
  M.Instrumentation.emplace();
  CHECK(renderSummaryText(M, {}, {}).find(
            "instrument: none (no instrumented function and no user region "
            "called the runtime)\n") != std::string::npos);
}

TEST_CASE("the summary of the files read back is the summary written",
          "[SummaryText]") {
  // Times that the files round: the writer renders the summary from what
  // the files hold (roundAsWritten), as `sextant report --summary` does.
  ExperimentMetadata M = sampleExperimentMetadata();
  M.WallSeconds = 2.0 / 3;
  M.EventPairCostSeconds = 1e-7 / 3;
  std::vector<RegionRecord> Regions = sampleRegionRecords();
  Regions[2].Throttled->MeanVisitSeconds = 1e-7 / 3;
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 1.0 / 3, 1.0 / 7);
  addPath(Profile, {1, 2}, 3, 1.0 / 11, 1.0 / 13);
  addPath(Profile, {1, 3}, 5, 1.0 / 17, 1.0 / 17);
  for (size_t Node = 0; Node < Profile.size(); ++Node)
    Profile.node(Node).HasSource = false;

  ScratchDirectory Directory("summary-text");
  Directory.create();
  Directory.write(files::Regions, renderRegionsJson(Regions));
  Directory.write(files::Profile, renderProfileJson(Profile));
  Directory.write(files::Experiment, renderExperimentJson(M));
  roundTimesAsWritten(Profile);
  std::string Written =
      renderSummaryText(roundAsWritten(M), roundAsWritten(Regions), Profile);

  Experiment E;
  std::string Error;
  INFO(Error);
  REQUIRE(readExperiment(Directory.path(), E, Error));
  CHECK(renderSummaryText(E.Metadata, E.Regions, E.Profile) == Written);
}

TEST_CASE("the call tree of a deep recursion stays small", "[SummaryText]") {
  // 100,000 levels: the indentation stops at MaxIndentDepth, the rows at
  // MaxViewDepth levels, the rest is one folded row.
  const size_t Depth = 100000;
  std::string Tree = renderSummaryText(
      {}, {makeRegionRecord(1, "f", "/src/f.c", 1)}, deepChain(Depth));
  Tree = Tree.substr(Tree.find("\nCall tree"));
  INFO(Tree.substr(0, 4000));
  CHECK(Tree.size() < 200 * (MaxViewDepth + 10));
  std::string Indent(TreeIndentWidth * MaxIndentDepth, ' ');
  CHECK(Tree.find("  " + Indent + "f\n") != std::string::npos);
  CHECK(Tree.find("  " + Indent + "[depth " +
                  std::to_string(MaxIndentDepth + 1) + "] f\n") !=
        std::string::npos);
  // The folded row: its inclusive time and the visits of every folded
  // level, at depth MaxViewDepth.
  std::string Folded = std::to_string(Depth - MaxViewDepth);
  CHECK(Tree.find(padLeft(formatFixed((Depth - MaxViewDepth) * 1e-6, 6), 14) +
                  padLeft(Folded, 12) + "  " + Indent + "[depth " +
                  std::to_string(MaxViewDepth) + "] (" + Folded +
                  " call paths deeper than " + std::to_string(MaxViewDepth) +
                  " levels folded into this row)\n") != std::string::npos);
  CHECK(Tree.find("[depth " + std::to_string(MaxViewDepth + 1) + "]") ==
        std::string::npos);
}
