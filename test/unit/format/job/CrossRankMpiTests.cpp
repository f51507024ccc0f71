//===- test/unit/format/job/CrossRankMpiTests.cpp - The MPI side of a job -===//
//
// Part of Sextant. format/CrossRankMpi: a rank's traffic and function
// entries, and the job's matrices, function statistics, rank states and
// other PMPI tools made from every rank's mpi.json (through the ranks'
// merged partials, format/job/PartialJob.h).
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankMpi.h"
#include "format/job/JobMpiFile.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using nlohmann::json;

namespace {

json rankFile(std::vector<Traffic> Row, json Tools = json::array()) {
  return {{"format", "sextant-mpi"},
          {"ended_by", "MPI_Finalize"},
          {"functions", {rankFunctionJson("MPI_Send", {2, 16, 0, 0})}},
          {"point_to_point", rankTrafficJson(Row)},
          {"one_sided", json::array()},
          {"other_pmpi_tools", Tools}};
}

/// The MPI side of a job whose rank r has the mpi.json Files[r] (null: not
/// read).
JobMpi combineRankMpi(const std::vector<json> &Files) {
  PartialJob Job;
  for (size_t Rank = 0; Rank < Files.size(); ++Rank) {
    if (Files[Rank].is_null())
      continue;
    RankFiles Own;
    Own.Rank = static_cast<int>(Rank);
    Own.Mpi = Files[Rank].dump();
    merge(Job, partialFromRank(Own));
  }
  return jobMpi(Job, static_cast<int>(Files.size()));
}

Traffic sent(uint64_t Messages, uint64_t Bytes) {
  Traffic T;
  T.MessagesSent = Messages;
  T.BytesSent = Bytes;
  return T;
}

} // namespace

TEST_CASE("a rank's entries list the partners with traffic", "[mpi]") {
  json List = rankTrafficJson({Traffic(), sent(2, 64)});
  REQUIRE(List.size() == 1);
  CHECK(List[0] == json({{"partner", 1},
                         {"messages_sent", 2},
                         {"bytes_sent", 64},
                         {"messages_received", 0},
                         {"bytes_received", 0}}));
  CHECK(rankFunctionJson("MPI_Bcast", {1, 2, 3, 4}) ==
        json({{"name", "MPI_Bcast"},
              {"calls", 1},
              {"bytes_sent", 2},
              {"bytes_received", 3},
              {"root_calls", 4}}));
}

TEST_CASE("the job's matrices and states from the ranks' files", "[mpi]") {
  json Tool = {{"library", "libother.so"}, {"position", "before"}};
  JobMpi Mpi = combineRankMpi(
      {rankFile({Traffic(), sent(1, 8)}, json::array({Tool})), json(),
       rankFile({sent(3, 24), Traffic(), Traffic()}, json::array({Tool}))});
  CHECK(Mpi.RankCount == 3);
  CHECK_FALSE(Mpi.AllRanks);
  CHECK(Mpi.Asymmetries.empty()); // unknown with a rank missing
  // Sparse: per rank its partners with traffic, none for rank 1 (not read).
  REQUIRE(Mpi.PointToPoint.size() == 3);
  REQUIRE(Mpi.PointToPoint[0].size() == 1);
  CHECK(Mpi.PointToPoint[0][0].first == 1);
  CHECK(Mpi.PointToPoint[0][0].second.BytesSent == 8);
  CHECK(Mpi.PointToPoint[1].empty());
  REQUIRE(Mpi.PointToPoint[2].size() == 1);
  CHECK(trafficWith(Mpi.PointToPoint[2], 0).MessagesSent == 3);
  CHECK(Mpi.RankStates == json({"MPI_Finalize", nullptr, "MPI_Finalize"}));
  CHECK(Mpi.Tools.size() == 1);
  CHECK(Mpi.Functions["MPI_Send"][0].PerRank == std::vector<double>{2, 0, 2});

  json Out = json::parse(jobMpiJson(Mpi));
  CHECK(Out["format"] == "sextant-mpi-job");
  CHECK(Out["ranks"] == 3);
  CHECK(Out["point_to_point_symmetric"].is_null());
  CHECK(Out["point_to_point"] ==
        json::array({json::array({{{"partner", 1},
                                   {"messages_sent", 1},
                                   {"bytes_sent", 8},
                                   {"messages_received", 0},
                                   {"bytes_received", 0}}}),
                     json::array(),
                     json::array({{{"partner", 0},
                                   {"messages_sent", 3},
                                   {"bytes_sent", 24},
                                   {"messages_received", 0},
                                   {"bytes_received", 0}}})}));
  CHECK(Out["functions"][0]["calls"]["total"] == 4.0);
  CHECK(Out["functions"][0]["calls"]["min_rank"] == 1);
}

TEST_CASE("partners outside the job are left out", "[mpi]") {
  json File = rankFile({});
  File["point_to_point"] = {{{"partner", 5}, {"messages_sent", 1}},
                            {{"partner", -1}, {"messages_sent", 1}}};
  JobMpi Mpi = combineRankMpi({File});
  CHECK(Mpi.AllRanks);
  CHECK(Mpi.Asymmetries.empty());
  REQUIRE(Mpi.PointToPoint.size() == 1);
  CHECK(Mpi.PointToPoint[0].empty());
}
