//===- test/unit/format/job/JobRanksTests.cpp -----------------------------===//
//
// Which ranks make up an MPI job.
//
// Part of Sextant. format/job/JobRanks: the rank directories found and the
// "mpi_ranks" claimed, checked against each other.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobRanks.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using nlohmann::json;

TEST_CASE("A job's size is the ranks' claim; a stray directory is left out",
          "[job][ranks]") {
  JobRanks Job = chooseJobRanks({{0, 4}, {1, 4}, {2, 4}, {3, 4}, {999999, 4}});
  CHECK(Job.Ranks == std::vector<int>{0, 1, 2, 3});
  CHECK(Job.RankCount == 4);
  REQUIRE(Job.Problems.size() == 1);
  CHECK(Job.Problems[0].find("rank-999999/ is not a rank of the job") == 0);
}

TEST_CASE("A missing rank keeps the claimed size", "[job][ranks]") {
  JobRanks Job = chooseJobRanks({{0, 4}, {1, 4}, {3, 4}});
  CHECK(Job.Ranks == std::vector<int>{0, 1, 3});
  CHECK(Job.RankCount == 4);
  CHECK(Job.Problems.empty());
  // The highest rank missing: known from the claim.
  CHECK(chooseJobRanks({{0, 4}, {1, 4}}).RankCount == 4);
}

TEST_CASE("A claim far above the ranks present is not trusted",
          "[job][ranks]") {
  CHECK(trustedRankCount(4) == 1280);
  JobRanks Job = chooseJobRanks({{0, 4}, {1, 4}, {2, 4000000000u}, {3, 4}});
  CHECK(Job.RankCount == 4);
  CHECK(Job.Ranks.size() == 4);
  REQUIRE(Job.Problems.size() == 1);
  CHECK(Job.Problems[0].find("rank 2: experiment.json claims a job of "
                             "4000000000 ranks") == 0);
  // At the bound it is trusted.
  CHECK(chooseJobRanks({{0, 1088}}).RankCount == 1088);
  CHECK(chooseJobRanks({{0, 1089}}).RankCount == 1);
}

TEST_CASE("Without a claim, ranks up to the bound count", "[job][ranks]") {
  JobRanks Job = chooseJobRanks({{0, 0}, {1, 0}, {5, 0}, {9999999, 0}});
  CHECK(Job.Ranks == std::vector<int>{0, 1, 5});
  CHECK(Job.RankCount == 6);
  CHECK(Job.Problems.size() == 1);
  CHECK(chooseJobRanks({}).RankCount == 0);
}

TEST_CASE("The claim of an experiment.json", "[job][ranks]") {
  CHECK(claimedRankCount(json{{"mpi_ranks", 4}}) == 4);
  CHECK(claimedRankCount(json{{"mpi_ranks", 4000000000u}}) == 4000000000u);
  CHECK(claimedRankCount(json{{"mpi_ranks", -1}}) == 0);
  CHECK(claimedRankCount(json{{"mpi_ranks", "4"}}) == 0);
  CHECK(claimedRankCount(json{{"mpi_ranks", 4.5}}) == 0);
  CHECK(claimedRankCount(json{{"mpi_ranks", nullptr}}) == 0);
  CHECK(claimedRankCount(json::array()) == 0);
}
