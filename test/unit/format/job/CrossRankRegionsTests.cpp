//===- test/unit/format/job/CrossRankRegionsTests.cpp ---------------------===//
//
// The regions of a job.
//
// Part of Sextant. format/CrossRankRegions: regions are the same across
// ranks when name, linkage name, file, line and module agree; the union
// numbers them in the order first seen and maps each rank's ids to its own.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankRegions.h"

#include "RankFileFixtures.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using nlohmann::json;
using namespace sextant::test;

TEST_CASE("the union renumbers the ranks' regions", "[regions]") {
  RegionUnion Union;
  RegionRenumbering Rank0 = Union.addRankRegions(
      regionsFile(json::array({region(1, "main"), region(2, "work")}), 3));
  RegionRenumbering Rank1 = Union.addRankRegions(regionsFile(
      json::array({region(1, "work"), region(2, "main"), region(3, "work", 7)}),
      3));
  CHECK(Rank0 == RegionRenumbering{{1, 1}, {2, 2}});
  // "work" at line 7 is another region.
  CHECK(Rank1 == RegionRenumbering{{1, 2}, {2, 1}, {3, 3}});
  REQUIRE(Union.regions().size() == 3);
  CHECK(Union.regions()[2]["id"] == 3);
  CHECK(Union.regions()[2]["begin_line"] == 7);
  CHECK(Union.nameOf(2) == "work");
  CHECK(Union.nameOf(0) == "?");
  CHECK(Union.nameOf(4) == "?");
}

TEST_CASE("stand-ins are keyed by their name", "[regions]") {
  RegionUnion Union;
  uint32_t A = Union.addStandIn("lost");
  CHECK(Union.addStandIn("lost") == A);
  CHECK(Union.addStandIn("other") != A);
  CHECK(Union.regions()[A - 1]["file"] == "");
}

TEST_CASE("the job's regions.json keeps the lowest rank's version",
          "[regions]") {
  RegionUnion Union;
  json First = regionsFile(json::array({region(1, "main")}), 3);
  Union.addRankRegions(First);
  json Out = json::parse(jobRegionsJson(Union, First));
  CHECK(Out["format"] == "sextant-regions");
  CHECK(Out["format_version"] == 3);
  CHECK(Out["regions"].size() == 1);
  CHECK(json::parse(jobRegionsJson(RegionUnion(), json()))["format_version"] ==
        1);
}
