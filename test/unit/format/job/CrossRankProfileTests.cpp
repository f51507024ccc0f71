//===- test/unit/format/job/CrossRankProfileTests.cpp ---------------------===//
//
// The call tree of a job.
//
// Part of Sextant. format/CrossRankProfile: call trees read from a rank and
// merged by call path, regions a profile names but its regions.json lacks,
// and a rank's region times with recursion counted once.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankProfile.h"
#include "format/job/JobProfileFiles.h"

#include "RankFileFixtures.h"

#include <catch2/catch.hpp>

#include <memory>
#include <string>

using namespace sextant::format;
using nlohmann::json;
using namespace sextant::test;

namespace {

/// The tree of Rank's Profile.
std::unique_ptr<MergedNode> rankTree(const json &Profile, int Rank,
                                     const RegionRenumbering &Ids,
                                     RegionUnion &Union, RegionTimes &Times) {
  auto Root = std::make_unique<MergedNode>();
  readRankProfile(Profile, Rank, Ids, Union, *Root, JobMetrics(), Times);
  return Root;
}

} // namespace

TEST_CASE("recursion counts a region's inclusive time once", "[profile]") {
  // f -> f -> g on one rank; ids 1 (f) and 2 (g).
  RegionUnion Union;
  RegionRenumbering Ids = {{1, 1}, {2, 2}};
  Union.addStandIn("f");
  Union.addStandIn("g");
  json Profile = json::array(
      {node(1, "f", 5.0, 1.0, 1,
            json::array({node(1, "f", 4.0, 2.0, 1,
                              json::array({node(2, "g", 2.0, 2.0, 3)}))}))});
  RegionTimes Times;
  rankTree(Profile, 0, Ids, Union, Times);
  CHECK(Times[1].total(RegionInclusive) == 5.0);
  CHECK(Times[1].total(RegionExclusive) == 3.0);
  CHECK(Times[1].total(RegionVisits) == 2.0);
  CHECK(Times[2].total(RegionInclusive) == 2.0);
}

TEST_CASE("a region missing from regions.json joins the union by name",
          "[profile]") {
  RegionUnion Union;
  RegionTimes Times;
  auto Root = rankTree(json::array({node(9, "lost", 1.0, 1.0, 1)}), 0, {},
                       Union, Times);
  mergeTrees(*Root,
             std::move(*rankTree(json::array({node(4, "lost", 3.0, 3.0, 2)}), 2,
                                 {}, Union, Times)),
             {0, 1}, {2, 3});
  REQUIRE(Root->Children.size() == 1);
  CHECK(Root->Children[0]->Region == 1);
  CHECK(Union.nameOf(1) == "lost");

  JobProfileFiles Files = jobProfileFiles(*Root, {0, 2}, {0, 3}, 3);
  json Lost = json::parse(Files.Profile)[0];
  CHECK(Lost["attributes"]["region_id"] == 1);
  CHECK(Lost["attributes"]["ranks"] == 2);
  CHECK(Lost["metrics"]["time (inc)"] == 4.0);
  CHECK(Lost["metrics"]["visits"] == 3);
  json Stats = json::parse(Files.ProfileRanks)["nodes"][0]["metrics"];
  // Rank 1 was not read: it counts 0 in the statistics.
  CHECK(Stats["time (inc)"]["min"] == 0.0);
  CHECK(Stats["time (inc)"]["min_rank"] == 1);
  CHECK(Stats["time (inc)"]["max"] == 3.0);
  CHECK(Stats["time (inc)"]["max_rank"] == 2);
}

TEST_CASE("children come in decreasing inclusive time", "[profile]") {
  RegionUnion Union;
  RegionRenumbering Ids = {{1, 1}, {2, 2}, {3, 3}};
  RegionTimes Times;
  auto Root = rankTree(
      json::array({node(1, "a", 1.0, 1.0, 1), node(2, "b", 2.0, 2.0, 1),
                   node(3, "c", 1.0, 1.0, 1)}),
      0, Ids, Union, Times);
  json Out = json::parse(jobProfileFiles(*Root, {0}, {0, 1}, 1).Profile);
  REQUIRE(Out.size() == 3);
  CHECK(Out[0]["frame"]["name"] == "b");
  CHECK(Out[1]["frame"]["name"] == "a");
  CHECK(Out[2]["frame"]["name"] == "c");
}

TEST_CASE("a call tree 100000 levels deep is merged without recursion",
          "[profile]") {
  // f -> f -> ... (100,000 levels), each 1 visit and 1 s exclusive on each
  // of two ranks: merged, summed, written and released without recursion
  // (which overflowed the stack) nor copying each subtree (quadratic).
  const size_t Depth = 100000;
  json Profile = json::parse(deepProfileText(Depth));
  RegionUnion Union;
  Union.addStandIn("f");
  RegionTimes Times;
  auto Root = rankTree(Profile, 0, {{1, 1}}, Union, Times);
  CHECK(Times[1].total(RegionInclusive) == 1.0);
  CHECK(Times[1].total(RegionExclusive) == 1.0 * Depth);
  mergeTrees(*Root, std::move(*rankTree(Profile, 1, {{1, 1}}, Union, Times)),
             {0, 1}, {1, 2});
  JobProfileFiles Files = jobProfileFiles(*Root, {0, 1}, {0, 2}, 2);
  json Out = json::parse(Files.Profile);
  CHECK(json::parse(Files.ProfileRanks)["nodes"].size() == Depth);
  size_t Levels = 0;
  for (const json *Node = &Out; !Node->empty(); Node = &(*Node)[0]["children"])
    ++Levels;
  CHECK(Levels == Depth);
  CHECK(Out[0]["metrics"]["visits"] == 2);
  Root.reset();
}
