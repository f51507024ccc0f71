//===- test/unit/format/schema/RegionsJsonTests.cpp - regions.json --------===//
//
// Part of Sextant. regions.json: the records written read back field by
// field (flags, filter rule, throttling) and write the same bytes again;
// the values of a region; one golden region that pins the byte layout.
//
//===----------------------------------------------------------------------===//

#include "format/schema/RegionsJson.h"

#include "format/schema/ExperimentJson.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"

#include "test/unit/support/SampleExperiment.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::format;
using namespace sextant::test;

TEST_CASE("regions.json reads back into the records it was written from",
          "[RegionsJson]") {
  ScratchDirectory Directory("regions-json");
  Directory.create();
  std::vector<RegionRecord> Written = sampleRegionRecords();
  Directory.write(files::Regions, renderRegionsJson(Written));
  Directory.write(files::Profile, "[]\n");
  Directory.write(files::Experiment,
                  renderExperimentJson(sampleExperimentMetadata()));
  Experiment E;
  std::string Error;
  INFO(Error);
  REQUIRE(readExperiment(Directory.path(), E, Error));
  checkSameRegions(E.Regions, Written);
  CHECK(renderRegionsJson(E.Regions) == Directory.read(files::Regions));
  CHECK(E.libraryOf(3) == "libr.so");
  CHECK(E.libraryOf(1).empty());
}

TEST_CASE("regions.json records each region's flags, filter decision and "
          "throttling",
          "[RegionsJson]") {
  nlohmann::json Parsed =
      nlohmann::json::parse(renderRegionsJson(sampleRegionRecords()));
  CHECK(Parsed["format"] == "sextant-regions");
  CHECK(Parsed["format_version"] == 1);
  const nlohmann::json &Regions = Parsed["regions"];
  REQUIRE(Regions.size() == 3);
  CHECK(Regions[0]["id"] == 1);
  CHECK(Regions[0]["name"] == "r1(int)");
  CHECK(Regions[0]["mangled"] == "_Z2r1i");
  CHECK(Regions[0]["file"] == "/src/a.c");
  CHECK(Regions[0]["begin_line"] == 10);
  CHECK(Regions[0]["end_line"] == 15);
  CHECK(Regions[0]["module"] == "/bin/app");
  for (const char *Flag :
       {"debug_info", "may_unwind", "demangled", "user", "openmp", "mpi",
        "library"}) {
    INFO(Flag);
    CHECK(Regions[0]["flags"][Flag] == true);
    CHECK(Regions[2]["flags"][Flag] == false);
  }
  CHECK(Regions[0]["filtered"] == false);
  CHECK(Regions[0]["filter_reason"] == "included: no runtime filter");
  CHECK(Regions[0]["filter_rule"].is_null());
  CHECK(Regions[0]["throttled"].is_null());
  CHECK(Regions[1]["filtered"] == true);
  CHECK(Regions[1]["filter_rule"] == nlohmann::json{{"file", "rt.filt"},
                                                    {"line", 2},
                                                    {"column", 11},
                                                    {"rule", "EXCLUDE r2*"},
                                                    {"pattern", "r2*"}});
  CHECK(Regions[2]["throttled"]["after_seconds"] == 0.25);
  CHECK(Regions[2]["throttled"]["visits"] == 100000);
  CHECK(Regions[2]["throttled"]["mean_visit_seconds"] == 42e-9);
}

TEST_CASE("roundAsWritten gives the throttling a reader gets back",
          "[RegionsJson]") {
  std::vector<RegionRecord> Regions = sampleRegionRecords();
  Regions[2].Throttled->AfterSeconds = 1.0 / 3;
  Regions[2].Throttled->MeanVisitSeconds = 1e-7 / 3;
  std::vector<RegionRecord> Rounded = roundAsWritten(Regions);
  nlohmann::json Parsed = nlohmann::json::parse(renderRegionsJson(Regions));
  const nlohmann::json &Throttled = Parsed["regions"][2]["throttled"];
  CHECK(Throttled["after_seconds"].get<double>() ==
        Rounded[2].Throttled->AfterSeconds);
  CHECK(Throttled["mean_visit_seconds"].get<double>() ==
        Rounded[2].Throttled->MeanVisitSeconds);
  CHECK(Rounded[2].Throttled->AfterSeconds !=
        Regions[2].Throttled->AfterSeconds);
}

TEST_CASE("regions.json keeps its byte layout", "[RegionsJson]") {
  // The one exact-bytes check of regions.json (the other tests parse it):
  // the layout earlier runtimes wrote, with fixed decimals, is part of the
  // format.
  std::vector<RegionRecord> Regions = sampleRegionRecords();
  Regions.erase(Regions.begin());
  Regions[0].Id = 1;
  Regions[1].Id = 2;
  CHECK(renderRegionsJson(Regions) == R"json({
  "format": "sextant-regions",
  "format_version": 1,
  "regions": [
    {
      "id": 1,
      "name": "r2(int)",
      "mangled": "_Z2r2i",
      "file": "/src/a.c",
      "begin_line": 20,
      "end_line": 25,
      "module": "/bin/app",
      "flags": {
        "debug_info": false,
        "may_unwind": false,
        "demangled": true,
        "user": false,
        "openmp": false,
        "mpi": false,
        "library": false
      },
      "filtered": true,
      "filter_reason": "excluded by rt.filt:2:11 (EXCLUDE r2*)",
      "filter_rule": {
        "file": "rt.filt",
        "line": 2,
        "column": 11,
        "rule": "EXCLUDE r2*",
        "pattern": "r2*"
      },
      "throttled": null
    },
    {
      "id": 2,
      "name": "r3(int)",
      "mangled": "_Z2r3i",
      "file": "/src/a.c",
      "begin_line": 30,
      "end_line": 35,
      "module": "/lib/libr.so",
      "flags": {
        "debug_info": false,
        "may_unwind": false,
        "demangled": false,
        "user": false,
        "openmp": false,
        "mpi": false,
        "library": false
      },
      "filtered": false,
      "filter_reason": "included: no runtime filter",
      "filter_rule": null,
      "throttled": {
        "after_seconds": 0.250000000,
        "visits": 100000,
        "mean_visit_seconds": 0.000000042000
      }
    }
  ]
}
)json");
}
