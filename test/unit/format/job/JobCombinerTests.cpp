//===- test/unit/format/job/JobCombinerTests.cpp --------------------------===//
//
// The job's combined view.
//
// Part of Sextant. format/JobCombiner: merging the ranks' profiles by call
// path when their region ids differ, the summed metrics and the cross-rank
// statistics of profile-ranks.json,
// the union of regions, the job's matrices and function statistics, the
// problems reported for missing ranks and asymmetric traffic, and the job's
// size found from the ranks' files.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobCombiner.h"

#include "RankFileFixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::format;
using nlohmann::json;
using namespace sextant::test;

namespace {

json experiment(int Rank) {
  return {{"format", "sextant-experiment"},
          {"format_version", 1},
          {"program", "/bin/app"},
          {"pid", 100 + Rank},
          {"hostname", "node"},
          {"threads", 2},
          {"wall_time_seconds", 1.0 + Rank},
          {"mpi_rank", Rank},
          {"mpi_ranks", 2}};
}

json mpiFile(int Rank, uint64_t SentToOther, uint64_t ReceivedFromOther) {
  return {{"format", "sextant-mpi"},
          {"rank", Rank},
          {"ended_by", "MPI_Finalize"},
          {"functions",
           {{{"name", "MPI_Send"},
             {"calls", 1 + Rank},
             {"bytes_sent", 8},
             {"bytes_received", 0},
             {"root_calls", 0}}}},
          {"point_to_point",
           {{{"partner", 1 - Rank},
             {"messages_sent", 1},
             {"bytes_sent", SentToOther},
             {"messages_received", 1},
             {"bytes_received", ReceivedFromOther}}}},
          {"one_sided", json::array()},
          {"other_pmpi_tools", json::array()}};
}

RankFiles rankFiles(int Rank, const json &Regions, const json &Profile,
                    uint64_t Received) {
  RankFiles Files;
  Files.Rank = Rank;
  Files.Regions = regionsFile(Regions).dump();
  Files.Profile = json::array({Profile}).dump();
  Files.Experiment = experiment(Rank).dump();
  Files.Mpi = mpiFile(Rank, 16, Received).dump();
  return Files;
}

std::vector<RankFiles> twoRanks(uint64_t Rank1Receives) {
  // Rank 0 registered main (1) then work (2); rank 1 work (1) then main (2).
  return {rankFiles(0, json::array({region(1, "main"), region(2, "work")}),
                    node(1, "main", 4.0, 1.0, 1,
                         json::array({node(2, "work", 3.0, 3.0, 10)})),
                    16),
          rankFiles(1, json::array({region(1, "work"), region(2, "main")}),
                    node(2, "main", 2.0, 1.0, 1,
                         json::array({node(1, "work", 1.0, 1.0, 20)})),
                    Rank1Receives)};
}

} // namespace

TEST_CASE("profiles merge by call path across region numberings",
          "[crossrank]") {
  CombinedFiles Out = combineJob(twoRanks(16), 2, "/out");
  CHECK(Out.Problems.empty());
  json Profile = json::parse(Out.Profile);
  REQUIRE(Profile.size() == 1);
  const json &Main = Profile[0];
  CHECK(Main["frame"]["name"] == "main");
  CHECK(Main["metrics"]["time (inc)"] == 6.0);
  CHECK(Main["metrics"]["visits"] == 2);
  // Only sums: Hatchet's squash() and filter() keep them right.
  CHECK(Main["metrics"].size() == 3);
  CHECK(Main["attributes"]["ranks"] == 2);
  CHECK(Main["attributes"]["node_id"] == 0);
  REQUIRE(Main["children"].size() == 1);
  const json &Work = Main["children"][0];
  CHECK(Work["frame"]["name"] == "work");
  CHECK(Work["metrics"]["visits"] == 30);
  CHECK(Work["attributes"]["node_id"] == 1);

  json Ranks = json::parse(Out.ProfileRanks);
  CHECK(Ranks["format"] == "sextant-profile-ranks");
  CHECK(Ranks["ranks"] == 2);
  CHECK(Ranks["ranks_read"] == json({0, 1}));
  REQUIRE(Ranks["nodes"].size() == 2);
  const json &MainStats = Ranks["nodes"][0];
  CHECK(MainStats["node_id"] == 0);
  CHECK(MainStats["parent_id"].is_null());
  CHECK(MainStats["name"] == "main");
  const json &MainTime = MainStats["metrics"]["time (inc)"];
  CHECK(MainTime["min"] == 2.0);
  CHECK(MainTime["mean"] == 3.0);
  CHECK(MainTime["max"] == 4.0);
  CHECK(MainTime["min_rank"] == 1);
  CHECK(MainTime["max_rank"] == 0);
  CHECK(MainTime["imbalance"].get<double>() == Approx(4.0 / 3.0));
  const json &WorkStats = Ranks["nodes"][1];
  CHECK(WorkStats["parent_id"] == 0);
  CHECK(WorkStats["metrics"]["visits"]["mean"] == 15.0);
  CHECK(WorkStats["metrics"]["visits"]["max_rank"] == 1);

  json Regions = json::parse(Out.Regions);
  REQUIRE(Regions["regions"].size() == 2);
  // Ids follow the first rank's order and the profile uses them.
  CHECK(Regions["regions"][0]["name"] == "main");
  CHECK(Main["attributes"]["region_id"] == 1);
  CHECK(Work["attributes"]["region_id"] == 2);
}

TEST_CASE("the job's experiment, matrix and function statistics",
          "[crossrank]") {
  CombinedFiles Out = combineJob(twoRanks(16), 2, "/out");
  json Experiment = json::parse(Out.Experiment);
  CHECK(Experiment["output_directory"] == "/out");
  CHECK(Experiment["threads"] == 4);
  CHECK(Experiment["mpi_ranks"] == 2);
  CHECK(Experiment["mpi_rank"].is_null());
  CHECK(Experiment["ranks"].size() == 2);
  CHECK(Experiment["ranks"][1]["directory"] == "rank-1");

  json Mpi = json::parse(Out.Mpi);
  // Per rank its partners with traffic (rank 0 sent 16 bytes to rank 1 and
  // received as much from it).
  CHECK(Mpi["format_version"] == 2);
  REQUIRE(Mpi["point_to_point"].size() == 2);
  CHECK(Mpi["point_to_point"][0] == json::array({{{"partner", 1},
                                                  {"messages_sent", 1},
                                                  {"bytes_sent", 16},
                                                  {"messages_received", 1},
                                                  {"bytes_received", 16}}}));
  CHECK(Mpi["point_to_point"][1][0]["partner"] == 0);
  CHECK(Mpi["point_to_point"][1][0]["bytes_sent"] == 16);
  CHECK(Mpi["one_sided"] == json::array({json::array(), json::array()}));
  CHECK(Mpi["point_to_point_symmetric"] == true);
  const json &Send = Mpi["functions"][0];
  CHECK(Send["name"] == "MPI_Send");
  CHECK(Send["calls"]["total"] == 3.0);
  CHECK(Send["calls"]["min_rank"] == 0);
  CHECK(Send["calls"]["max_rank"] == 1);
  CHECK(Send["calls"]["per_rank"] == json({1.0, 2.0}));

  CHECK(Out.Summary.find("Point-to-point matrix: symmetric") !=
        std::string::npos);
  CHECK(Out.Summary.find("2 rank(s)") != std::string::npos);
}

TEST_CASE("asymmetric traffic and missing ranks are problems", "[crossrank]") {
  CombinedFiles Out = combineJob(twoRanks(12), 2, "/out");
  REQUIRE(Out.Problems.size() == 1);
  CHECK(Out.Problems[0].find("0->1: sent 1 messages / 16 bytes, received 1 "
                             "messages / 12 bytes") != std::string::npos);
  CHECK(json::parse(Out.Mpi)["point_to_point_symmetric"] == false);

  std::vector<RankFiles> OnlyRank0 = twoRanks(16);
  OnlyRank0.pop_back();
  Out = combineJob(OnlyRank0, 2, "/out");
  REQUIRE(Out.Problems.size() == 1);
  CHECK(Out.Problems[0] == "rank 1: no data was received");
  json Main = json::parse(Out.ProfileRanks)["nodes"][0];
  // The missing rank counts 0 in the statistics.
  CHECK(Main["metrics"]["time (inc)"]["min"] == 0.0);
  CHECK(Main["metrics"]["time (inc)"]["min_rank"] == 1);
  CHECK(Main["metrics"]["time (inc)"]["mean"] == 2.0);
  CHECK(json::parse(Out.ProfileRanks)["ranks_read"] == json::array({0}));
  CHECK(json::parse(Out.Mpi)["point_to_point_symmetric"].is_null());

  std::vector<RankFiles> Broken = twoRanks(16);
  Broken[1].Profile = "[{";
  Out = combineJob(Broken, 2, "/out");
  REQUIRE(Out.Problems.size() == 1);
  CHECK(Out.Problems[0].find("rank 1: profile.json, regions.json or "
                             "experiment.json is missing or unreadable") == 0);
}

TEST_CASE("a missing rank is named in the caller's words", "[crossrank]") {
  std::vector<RankFiles> OnlyRank1 = twoRanks(16);
  OnlyRank1.erase(OnlyRank1.begin());
  CombinedFiles Out = combineJob(OnlyRank1, 2, "/job", "no rank-0/ directory");
  REQUIRE(Out.Problems.size() == 1);
  CHECK(Out.Problems[0] == "rank 0: no rank-0/ directory");
  CHECK(Out.Summary.find("Warning: rank 0: no rank-0/ directory\n") !=
        std::string::npos);
  // The experiment is the lowest rank read, with the job's size.
  json Experiment = json::parse(Out.Experiment);
  CHECK(Experiment["pid"] == 101);
  CHECK(Experiment["mpi_ranks"] == 2);
  CHECK(Experiment["ranks"].size() == 1);
}

TEST_CASE("repeated ranks and ranks outside the job are ignored",
          "[crossrank]") {
  std::vector<RankFiles> Ranks = twoRanks(16);
  Ranks.push_back(Ranks[0]);
  RankFiles Outside = Ranks[1];
  Outside.Rank = 7;
  Ranks.push_back(Outside);
  CombinedFiles Out = combineJob(Ranks, 2, "/out");
  CHECK(Out.Problems.empty());
  CHECK(Out.Profile == combineJob(twoRanks(16), 2, "/out").Profile);
}

TEST_CASE("the job's size comes from the ranks and their experiments",
          "[crossrank]") {
  std::vector<RankFiles> Ranks = twoRanks(16);
  CHECK(jobRankCount(Ranks) == 2);
  Ranks.pop_back();
  // Rank 0's experiment.json says "mpi_ranks": 2.
  CHECK(jobRankCount(Ranks) == 2);
  Ranks[0].Experiment.clear();
  CHECK(jobRankCount(Ranks) == 1);
  Ranks[0].Rank = 5;
  CHECK(jobRankCount(Ranks) == 6);
  Ranks[0].Experiment = "{\"mpi_ranks\": null}";
  CHECK(jobRankCount(Ranks) == 6);
  CHECK(jobRankCount({}) == 0);
}
