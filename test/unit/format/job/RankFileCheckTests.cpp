//===- test/unit/format/job/RankFileCheckTests.cpp ------------------------===//
//
// A rank's files checked for the job's merge.
//
// Part of Sextant. format/job/RankFileCheck: the place and the rule of the
// first field the merge could not read, and partialFromRank() leaving such
// a rank out with a warning instead of throwing.
//
//===----------------------------------------------------------------------===//

#include "format/job/PartialJob.h"
#include "format/job/RankFileCheck.h"

#include "RankFileFixtures.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using namespace sextant::test;
using nlohmann::json;

TEST_CASE("A mistyped experiment field is named with the rule",
          "[job][check]") {
  CHECK(checkRankExperiment(json{{"pid", 7}, {"threads", 2}}).empty());
  CHECK(checkRankExperiment(json{{"pid", "x"}}) ==
        "pid: expected an integer, found a string");
  CHECK(checkRankExperiment(json{{"threads", -2}}) ==
        "threads: expected a non-negative integer, found a negative integer");
  CHECK(checkRankExperiment(json{{"mpi_ranks", 1e300}}) ==
        "mpi_ranks: expected a non-negative integer, found a number with a "
        "fraction or exponent");
  CHECK(
      checkRankExperiment(json{{"metrics", {{"measured", {{{"name", 3}}}}}}}) ==
      "metrics.measured[0].name: expected a string, found a non-negative "
      "integer");
}

TEST_CASE("A region needs its id; nested places are named", "[job][check]") {
  CHECK(checkRankRegions(regionsFile(json::array({region(1, "f")}))).empty());
  json NoId = regionsFile(json::array({region(1, "f"), region(2, "g")}));
  NoId["regions"][1].erase("id");
  CHECK(checkRankRegions(NoId) ==
        "regions[1].id: missing (expected a non-negative integer)");
  json Deep = json::array(
      {node(1, "f", 1, 1, 1, json::array({node(2, "g", 1, 1, 1)}))});
  CHECK(checkRankProfile(Deep).empty());
  Deep[0]["children"][0]["attributes"]["region_id"] = "2";
  CHECK(checkRankProfile(Deep) == "[0].children[0].attributes.region_id: "
                                  "expected a non-negative integer, found a "
                                  "string");
  CHECK(checkRankMpi(
            json{{"functions", {{{"name", "MPI_Send"}, {"calls", "many"}}}}}) ==
        "functions[0].calls: expected a number, found a string");
}

TEST_CASE("A rank with a mistyped field is left out, not thrown",
          "[job][check]") {
  RankFiles Files;
  Files.Rank = 2;
  Files.Profile = json::array({node(1, "f", 1, 1, 1)}).dump();
  Files.Regions = regionsFile(json::array({region(1, "f")})).dump();
  Files.Experiment = json{{"pid", "x"}, {"mpi_ranks", 4}}.dump();
  PartialJob Partial = partialFromRank(Files);
  REQUIRE(Partial.Ranks.size() == 1);
  CHECK_FALSE(Partial.Ranks[0].Read);
  bool Named = false;
  for (const std::string &Problem : Partial.Problems)
    Named |= Problem == "rank 2: rank-2/experiment.json: pid: expected an "
                        "integer, found a string; the rank is left out of "
                        "the combined profile";
  CHECK(Named);
}
