//===- test/unit/format/schema/ExperimentJsonTests.cpp - experiment.json --===//
//
// Part of Sextant. experiment.json: the record written reads back field by
// field and writes the same bytes again, with every member set and with
// the members that may be null; the members and their order; and one
// golden file that pins the byte layout.
//
//===----------------------------------------------------------------------===//

#include "format/schema/ExperimentJson.h"

#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"

#include "test/unit/support/SampleExperiment.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::format;
using namespace sextant::test;

namespace {

/// Writes Written as experiment.json and reads it back.
ExperimentMetadata writeAndRead(const ExperimentMetadata &Written,
                                const ScratchDirectory &Directory) {
  Directory.create();
  Directory.write(files::Experiment, renderExperimentJson(Written));
  ExperimentMetadata Read;
  std::string Error;
  INFO(Error);
  REQUIRE(readExperimentMetadata(Directory.path(), Read, Error));
  return Read;
}

} // namespace

TEST_CASE("experiment.json reads back into the record it was written from",
          "[ExperimentJson]") {
  ScratchDirectory Directory("experiment-json-full");
  ExperimentMetadata Written = sampleExperimentMetadata();
  ExperimentMetadata Read = writeAndRead(Written, Directory);
  checkSameMetadata(Read, Written);
  CHECK(renderExperimentJson(Read) == Directory.read(files::Experiment));
  CHECK(Read.maximumMetrics() == std::vector<std::string>{"peak-rss"});
}

TEST_CASE("members without a value are null and read back empty",
          "[ExperimentJson]") {
  ScratchDirectory Directory("experiment-json-nulls");
  ExperimentMetadata Written;
  Written.Program = "/bin/app";
  Written.Clock = "CLOCK_MONOTONIC";
  std::string Json = renderExperimentJson(Written);
  nlohmann::json Parsed = nlohmann::json::parse(Json);
  for (const char *Member :
       {"clock_calibration", "event_pair_cost_seconds", "instrumentation",
        "runtime_filter", "ended_by_signal", "snapshot_seconds",
        "forked_from_pid", "mpi_rank", "mpi_ranks", "trace", "metrics"}) {
    INFO(Member);
    CHECK(Parsed.at(Member).is_null());
  }
  CHECK_FALSE(Parsed.contains("combined"));
  ExperimentMetadata Read = writeAndRead(Written, Directory);
  checkSameMetadata(Read, Written);
  CHECK(renderExperimentJson(Read) == Json);
  CHECK(Read.maximumMetrics().empty());
}

TEST_CASE("experiment.json has its members in the documented order",
          "[ExperimentJson]") {
  nlohmann::ordered_json Parsed = nlohmann::ordered_json::parse(
      renderExperimentJson(sampleExperimentMetadata()));
  std::vector<std::string> Keys;
  for (auto Member = Parsed.begin(); Member != Parsed.end(); ++Member)
    Keys.push_back(Member.key());
  CHECK(Keys == std::vector<std::string>{"format",
                                         "format_version",
                                         "sextant_version",
                                         "program",
                                         "arguments",
                                         "pid",
                                         "hostname",
                                         "working_directory",
                                         "output_directory",
                                         "start_time",
                                         "end_time",
                                         "wall_time_seconds",
                                         "clock",
                                         "clock_ticks_per_second",
                                         "clock_calibration",
                                         "event_pair_cost_seconds",
                                         "enabled",
                                         "instrumentation",
                                         "threads",
                                         "threads_not_merged",
                                         "regions_registered",
                                         "regions_filtered",
                                         "regions_rejected_abi_mismatch",
                                         "regions_throttled",
                                         "throttle",
                                         "pauses",
                                         "paused_at_end",
                                         "user_regions_ended_implicitly",
                                         "repairs",
                                         "exits_repaired",
                                         "exits_ignored",
                                         "frames_open_at_end",
                                         "runtime_filter",
                                         "runtime_filter_loaded",
                                         "ended_by_signal",
                                         "snapshot_seconds",
                                         "forked_from_pid",
                                         "mpi_rank",
                                         "mpi_ranks",
                                         "trace",
                                         "metrics",
                                         "combined"});
  CHECK(Parsed["format"] == "sextant-experiment");
  CHECK(Parsed["format_version"] == 1);
  CHECK(Parsed["trace"]["bytes_per_event"] == 2.5);
  CHECK(Parsed["metrics"]["measured"][2]["accumulation"] == "maximum");
  CHECK(Parsed["metrics"]["derived"][0]["name"] == "IPC");
}

TEST_CASE("an experiment without instrumentation modes reads back without "
          "them, an empty list as empty",
          "[ExperimentJson]") {
  ScratchDirectory Directory("experiment-json-instrumentation");
  // A run whose code never called the runtime: an empty list, not null.
  ExperimentMetadata Written = sampleExperimentMetadata();
  Written.Instrumentation.emplace();
  CHECK(nlohmann::json::parse(renderExperimentJson(Written))
            .at("instrumentation") == nlohmann::json::array());
  ExperimentMetadata Read = writeAndRead(Written, Directory);
  REQUIRE(Read.Instrumentation.has_value());
  CHECK(Read.Instrumentation->empty());
  // Experiments written before the runtime recorded the modes lack the key.
  nlohmann::ordered_json Older = nlohmann::ordered_json::parse(
      renderExperimentJson(sampleExperimentMetadata()));
  Older.erase("instrumentation");
  Directory.write(files::Experiment, Older.dump(2));
  std::string Error;
  REQUIRE(readExperimentMetadata(Directory.path(), Read, Error));
  CHECK_FALSE(Read.Instrumentation.has_value());
  // Anything but an array of strings is an error that names the member.
  nlohmann::ordered_json Bad = Older;
  Bad["instrumentation"] = "plugin";
  Directory.write(files::Experiment, Bad.dump(2));
  CHECK_FALSE(readExperimentMetadata(Directory.path(), Read, Error));
  CHECK(Error.find("instrumentation") != std::string::npos);
}

TEST_CASE("roundAsWritten gives the numbers a reader gets back",
          "[ExperimentJson]") {
  ScratchDirectory Directory("experiment-json-rounding");
  ExperimentMetadata Written = sampleExperimentMetadata();
  Written.WallSeconds = 1.0 / 3;
  Written.ClockTicksPerSecond = 2445412345.6789;
  Written.EventPairCostSeconds = 2.0 / 3 * 1e-7;
  Written.Trace->BytesPerEvent = 7.0 / 3;
  ExperimentMetadata Rounded = roundAsWritten(Written);
  CHECK(Rounded.WallSeconds != Written.WallSeconds);
  checkSameMetadata(writeAndRead(Written, Directory), Rounded);
}

TEST_CASE("experiment.json keeps its byte layout", "[ExperimentJson]") {
  // The one exact-bytes check of experiment.json (the other tests parse
  // it): the layout earlier runtimes wrote, two blanks of indentation and
  // fixed decimals, is part of the format that tools and scripts read.
  CHECK(renderExperimentJson(sampleExperimentMetadata()) == R"json({
  "format": "sextant-experiment",
  "format_version": 1,
  "sextant_version": "0.1.0",
  "program": "/bin/app",
  "arguments": [
    "app",
    "a\"b",
    "it's"
  ],
  "pid": 99,
  "hostname": "host",
  "working_directory": "/work",
  "output_directory": "/work/out",
  "start_time": "2023-11-14T22:13:20.000000005Z",
  "end_time": "2023-11-14T22:13:21.250000000Z",
  "wall_time_seconds": 1.250000000,
  "clock": "TSC",
  "clock_ticks_per_second": 2500000000.500,
  "clock_calibration": "TSC against CLOCK_MONOTONIC over 1.000 ms",
  "event_pair_cost_seconds": 0.000000025500,
  "enabled": false,
  "instrumentation": [
    "finstrument-functions",
    "api"
  ],
  "threads": 4,
  "threads_not_merged": 1,
  "regions_registered": 2,
  "regions_filtered": 1,
  "regions_rejected_abi_mismatch": 3,
  "regions_throttled": 1,
  "throttle": {
    "enabled": true,
    "min_visits": 100000,
    "max_mean_visit_ns": 500
  },
  "pauses": 2,
  "paused_at_end": true,
  "user_regions_ended_implicitly": 5,
  "repairs": 3,
  "exits_repaired": 15,
  "exits_ignored": 2,
  "frames_open_at_end": 1,
  "runtime_filter": "rt.filt",
  "runtime_filter_loaded": true,
  "ended_by_signal": "SIGSEGV",
  "snapshot_seconds": 12.500000000,
  "forked_from_pid": 98,
  "mpi_rank": 1,
  "mpi_ranks": 4,
  "trace": {
    "directory": "trace",
    "format_version": 1,
    "buffer_size_bytes": 65536,
    "files": 4,
    "chunks_written": 9,
    "events_written": 1000,
    "bytes_written": 2500,
    "bytes_per_event": 2.500,
    "chunks_dropped": 2,
    "events_dropped": 500,
    "threads_without_trace": 1,
    "write_error": "cannot write 'trace/thread-3.sxt': No space left"
  },
  "metrics": {
    "requested": [
      "PAPI_TOT_INS",
      "PAPI_TOT_CYC",
      "peak-rss",
      "bogus"
    ],
    "measured": [
      {
        "name": "PAPI_TOT_INS",
        "unit": "count",
        "accumulation": "sum"
      },
      {
        "name": "PAPI_TOT_CYC",
        "unit": "count",
        "accumulation": "sum"
      },
      {
        "name": "peak-rss",
        "unit": "KiB",
        "accumulation": "maximum"
      }
    ],
    "derived": [
      {
        "name": "IPC",
        "unit": "instructions/cycle"
      }
    ],
    "unavailable": [
      {
        "name": "bogus",
        "reason": "no such event"
      }
    ],
    "multiplexed": true,
    "events_lost": 6,
    "threads_without_every_source": 7,
    "trace_samples_written": 8,
    "trace_samples_dropped": 9
  },
  "combined": true
}
)json");
}
