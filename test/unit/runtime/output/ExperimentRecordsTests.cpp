//===- test/unit/runtime/output/ExperimentRecordsTests.cpp ----------------===//
//
// Run as records.
//
// Part of Sextant. The runtime's run and regions as format's records, and
// so as experiment.json and regions.json: times, counters derived from the
// region table, flags from their bits, the filter decision, throttling,
// and the members that are null when the runtime has no value.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentRecords.h"

#include "runtime/metrics/MetricSet.h"

#include "format/schema/ExperimentJson.h"
#include "format/schema/RegionsJson.h"

#include "test/unit/support/ExperimentInfoBuilder.h"
#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant;
using namespace sextant::runtime;
using namespace sextant::test;

namespace {

nlohmann::json experimentJson(const ExperimentInfo &Info,
                              const std::vector<RegionInfo> &Regions) {
  return nlohmann::json::parse(
      format::renderExperimentJson(experimentRecord(Info, Regions)));
}

nlohmann::json regionsJson(const std::vector<RegionInfo> &Regions) {
  return nlohmann::json::parse(
      format::renderRegionsJson(regionRecords(Regions)));
}

} // namespace

TEST_CASE("experiment.json records the run", "[ExperimentRecords]") {
  std::string Text = format::renderExperimentJson(
      experimentRecord(sampleExperimentInfo(), filteredRegions()));
  INFO(Text);
  nlohmann::json Json = nlohmann::json::parse(Text);
  CHECK(Json["format"] == "sextant-experiment");
  CHECK(Json["format_version"] == 1);
  CHECK(Json["sextant_version"] == "0.1.0");
  CHECK(Json["program"] == "/bin/app");
  CHECK(Json["arguments"] == nlohmann::json{"app", "a\"b"});
  CHECK(Json["pid"] == 99);
  CHECK(Json["hostname"] == "host");
  CHECK(Json["working_directory"] == "/work");
  CHECK(Json["output_directory"] == "/work/out");
  CHECK(Json["start_time"] == "2023-11-14T22:13:20.000000005Z");
  CHECK(Json["end_time"] == "2023-11-14T22:13:21.250000000Z");
  CHECK(Json["wall_time_seconds"] == 1.25);
  CHECK(Json["clock"] == "CLOCK_MONOTONIC");
  CHECK(Json["threads"] == 4);
  CHECK(Json["threads_not_merged"] == 0);
  CHECK(Json["regions_registered"] == 2);
  CHECK(Json["regions_filtered"] == 1);
  CHECK(Json["regions_rejected_abi_mismatch"] == 0);
  CHECK(Json["repairs"] == 3);
  CHECK(Json["exits_repaired"] == 15);
  CHECK(Json["exits_ignored"] == 2);
  CHECK(Json["frames_open_at_end"] == 1);
  CHECK(Json["runtime_filter"] == "rt.filt");
  CHECK(Json["runtime_filter_loaded"] == true);
  CHECK(Text.front() == '{');
  CHECK(Text.substr(Text.size() - 3) == "\n}\n");

  ExperimentInfo NoFilter = sampleExperimentInfo();
  NoFilter.FilterFile.clear();
  NoFilter.FilterLoaded = false;
  CHECK(experimentJson(NoFilter, {})["runtime_filter"].is_null());
}

TEST_CASE("experiment.json lists the ways the code called the runtime",
          "[ExperimentRecords]") {
  ExperimentInfo Info = sampleExperimentInfo();
  Info.Instrumentation = 0;
  CHECK(experimentJson(Info, {})["instrumentation"] == nlohmann::json::array());
  Info.Instrumentation = InstrumentedByUserApi | InstrumentedByPlugin;
  CHECK(experimentJson(Info, {})["instrumentation"] ==
        nlohmann::json{"plugin", "api"});
  Info.Instrumentation = InstrumentedByCygProfileHooks;
  CHECK(experimentJson(Info, {})["instrumentation"] ==
        nlohmann::json{"finstrument-functions"});
}

TEST_CASE("regions.json lists every region with its filter decision",
          "[ExperimentRecords]") {
  nlohmann::json Json = regionsJson(filteredRegions());
  INFO(Json.dump(2));
  CHECK(Json["format"] == "sextant-regions");
  const nlohmann::json &Main = Json["regions"][0];
  CHECK(Main["id"] == 1);
  CHECK(Main["name"] == "main");
  CHECK(Main["mangled"] == "main");
  CHECK(Main["file"] == "/src/a.c");
  CHECK(Main["begin_line"] == 3);
  CHECK(Main["end_line"] == 8);
  CHECK(Main["module"] == "/bin/app");
  CHECK(Main["flags"]["debug_info"] == true);
  CHECK(Main["flags"]["may_unwind"] == false);
  CHECK(Main["flags"]["demangled"] == true);
  CHECK(Main["flags"]["user"] == false);
  CHECK(Main["filtered"] == false);
  CHECK(Main["filter_reason"] == "included: no runtime filter");
  CHECK(Main["filter_rule"].is_null());
  const nlohmann::json &Tiny = Json["regions"][1];
  CHECK(Tiny["filtered"] == true);
  CHECK(Tiny["filter_reason"] == "excluded by rt.filt:2:11 (EXCLUDE tiny)");
  CHECK(Tiny["filter_rule"] == nlohmann::json{{"file", "rt.filt"},
                                              {"line", 2},
                                              {"column", 11},
                                              {"rule", "EXCLUDE tiny"},
                                              {"pattern", "tiny"}});
}

TEST_CASE("the output reports clock, cost, throttling and pauses",
          "[ExperimentRecords][Control]") {
  std::vector<RegionInfo> Regions = {makeRegion(1, "main", "/src/app.c", 10),
                                     makeRegion(2, "work", "/src/app.c", 20),
                                     makeRegion(3, "odd", "/src/app.c", 30)};
  Regions[1].Throttled = true;
  Regions[1].Throttle.AfterSeconds = 0.25;
  Regions[1].Throttle.Visits = 100000;
  Regions[1].Throttle.MeanVisitSeconds = 42e-9;

  ExperimentInfo Info = sampleExperimentInfo();
  Info.Clock = {"TSC", 1 / 2.5e9};
  Info.Clock.TicksPerSecond = 2.5e9;
  Info.Clock.Calibration = "TSC against CLOCK_MONOTONIC over 1.000 ms at "
                           "start-up";
  Info.EventPairCostSeconds = 25.5e-9;
  Info.Throttle.Enabled = true;
  Info.Throttle.MinVisits = 100000;
  Info.Throttle.MaxMeanVisitNanoseconds = 500;
  Info.Pauses = 2;

  nlohmann::json Experiment = experimentJson(Info, Regions);
  CHECK(Experiment["clock"] == "TSC");
  CHECK(Experiment["clock_ticks_per_second"] == 2500000000.0);
  CHECK(Experiment["clock_calibration"] ==
        "TSC against CLOCK_MONOTONIC over 1.000 ms at start-up");
  CHECK(Experiment["event_pair_cost_seconds"] == 25.5e-9);
  CHECK(Experiment["enabled"] == true);
  CHECK(Experiment["regions_throttled"] == 1);
  CHECK(Experiment["throttle"] == nlohmann::json{{"enabled", true},
                                                 {"min_visits", 100000},
                                                 {"max_mean_visit_ns", 500}});
  CHECK(Experiment["pauses"] == 2);
  CHECK(Experiment["paused_at_end"] == false);

  nlohmann::json RegionsJson = regionsJson(Regions);
  CHECK(RegionsJson["regions"][0]["throttled"].is_null());
  CHECK(RegionsJson["regions"][2]["throttled"].is_null());
  CHECK(RegionsJson["regions"][1]["throttled"] ==
        nlohmann::json{{"after_seconds", 0.25},
                       {"visits", 100000},
                       {"mean_visit_seconds", 42e-9}});
}

TEST_CASE("trace, metrics, a fork, a signal and an MPI rank are recorded",
          "[ExperimentRecords]") {
  ExperimentInfo Info = sampleExperimentInfo();
  CHECK(experimentJson(Info, {})["trace"].is_null());
  CHECK(experimentJson(Info, {})["metrics"].is_null());
  CHECK(experimentJson(Info, {})["mpi_rank"].is_null());
  CHECK(experimentJson(Info, {})["forked_from_pid"].is_null());
  CHECK(experimentJson(Info, {})["snapshot_seconds"].is_null());
  Info.TraceEnabled = true;
  Info.TraceBufferSize = 4096;
  Info.Trace.Files = 2;
  Info.Trace.EventsWritten = 8;
  Info.Trace.BytesWritten = 20;
  Info.Trace.FirstError = "disk full";
  Info.EndSignal = "SIGSEGV";
  Info.Snapshot = true;
  Info.SnapshotSeconds = 3.5;
  Info.ParentPid = 98;
  Info.Rank = 0;
  Info.RankCount = 2;
  ProfileMetrics Metrics;
  Metrics.Requested = {"peak-rss", "bogus"};
  Metrics.Metrics = {
      {"peak-rss", "KiB", 1.0, format::MetricAccumulation::Maximum}};
  Metrics.Unavailable = {{"bogus", "unknown"}};
  Metrics.LostEvents = 3;
  Info.Metrics = &Metrics;

  format::ExperimentMetadata M = experimentRecord(Info, {});
  REQUIRE(M.Trace);
  CHECK(M.Trace->Directory == "trace");
  CHECK(M.Trace->BufferSizeBytes == 4096);
  CHECK(M.Trace->Files == 2);
  CHECK(M.Trace->BytesPerEvent == 2.5);
  CHECK(M.Trace->WriteError == "disk full");
  CHECK(M.EndedBySignal == "SIGSEGV");
  CHECK(M.SnapshotSeconds == 3.5);
  CHECK(M.ForkedFromPid == 98);
  CHECK(M.MpiRank == 0u);
  CHECK(M.MpiRanks == 2u);
  REQUIRE(M.Metrics);
  CHECK(M.Metrics->Requested == Metrics.Requested);
  CHECK(M.maximumMetrics() == std::vector<std::string>{"peak-rss"});
  REQUIRE(M.Metrics->UnavailableMetrics.size() == 1);
  CHECK(M.Metrics->UnavailableMetrics[0].Reason == "unknown");
  CHECK(M.Metrics->EventsLost == 3);

  Info.Trace.EventsWritten = 0;
  CHECK(experimentJson(Info, {})["trace"]["bytes_per_event"].is_null());
}
