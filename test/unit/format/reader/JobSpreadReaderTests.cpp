//===- test/unit/format/reader/JobSpreadReaderTests.cpp -------------------===//
//
// A job's load balance.
//
// Part of Sextant. Reading the ranks' spread from profile-ranks.json and the
// ranks' wall times from the job's experiment.json; a file that does not
// match the profile is an error that names it.
//
//===----------------------------------------------------------------------===//

#include "format/reader/JobSpreadReader.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;
using sextant::test::ScratchDirectory;

namespace {
const char ProfileRanks[] =
    R"json({"format":"sextant-profile-ranks","format_version":1,"ranks":3,"ranks_read":[0,1,2],
"metrics":["time (inc)","time","visits"],"nodes":[
{"node_id":0,"parent_id":null,"name":"main","region_id":1,"ranks":3,
 "metrics":{"time (inc)":{"min":0.5,"mean":0.75,"max":1.5,"imbalance":2.0,"min_rank":2,"max_rank":1}}},
{"node_id":1,"parent_id":0,"name":"idle","region_id":2,"ranks":0,
 "metrics":{"time (inc)":{"min":0,"mean":0,"max":0,"imbalance":null,"min_rank":0,"max_rank":0}}}]}
)json";
} // namespace

TEST_CASE("the ranks' spread and wall times are read", "[JobSpreadReader]") {
  ScratchDirectory Dir("job-spread");
  Dir.create();
  Dir.write("profile-ranks.json", ProfileRanks);
  Dir.write("experiment.json",
            R"({"ranks":[{"rank":0,"wall_time_seconds":1.25},)"
            R"({"rank":2,"wall_time_seconds":2.5}]})");
  CallPathSpread Spread;
  std::string Error;
  REQUIRE(readRankSpread(Dir.path(), 2, Spread, Error));
  CHECK(Spread.Members == 3);
  REQUIRE(Spread.Nodes.size() == 2);
  REQUIRE(Spread.Nodes[0]);
  CHECK(Spread.Nodes[0]->Max == 1.5);
  CHECK(*Spread.Nodes[0]->Imbalance == 2.0);
  CHECK(Spread.Nodes[0]->MinAt == 2);
  CHECK(Spread.Nodes[0]->MaxAt == 1);
  CHECK(Spread.Nodes[0]->Count == 3);
  REQUIRE(Spread.Nodes[1]);
  CHECK_FALSE(Spread.Nodes[1]->Imbalance);

  std::vector<double> Wall;
  REQUIRE(readRankWallTimes(Dir.path(), 3, Wall, Error));
  CHECK(Wall == std::vector<double>{1.25, 0, 2.5});
  // A rank beyond the job's size.
  CHECK_FALSE(readRankWallTimes(Dir.path(), 2, Wall, Error));
  CHECK(Error.find("rank 2 of a job of 2") != std::string::npos);

  // profile-ranks.json of another profile (3 nodes expected).
  CHECK_FALSE(readRankSpread(Dir.path(), 3, Spread, Error));
  CHECK(Error.find("profile-ranks.json") != std::string::npos);
  CHECK(Error.find("has 2 nodes") != std::string::npos);
}
