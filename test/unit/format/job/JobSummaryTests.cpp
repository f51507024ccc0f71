//===- test/unit/format/job/JobSummaryTests.cpp - A job's summary.txt -----===//
//
// Part of Sextant. format/JobSummary: the header with wall times and
// problems, the regions and functions tables, the one-sided matrices
// shown only when there was one-sided traffic, and the heaviest pairs
// instead of the matrices beyond 16 ranks.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobSummary.h"
#include "format/job/PartialJob.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

std::string summary(const JobMpi &Mpi) {
  std::vector<std::string> Problems = {"rank 1: no data was received"};
  RegionUnion Regions;
  Regions.addStandIn("main");
  RegionTimes Times = {{1, HeldAggregates::of({2.0, 0.5, 1.0}, 0)}};
  return jobSummary({"/bin/app",
                     "/job",
                     {2.0, 0.0},
                     Problems,
                     2,
                     {0, 1},
                     Regions,
                     Times,
                     Mpi});
}

} // namespace

TEST_CASE("the summary of a job with a missing rank", "[summary]") {
  // Rank 0's mpi.json is empty, rank 1's is missing.
  RankFiles Rank0;
  Rank0.Mpi = "{}";
  JobMpi Mpi = jobMpi(partialFromRank(Rank0), 2);
  std::string S = summary(Mpi);
  CHECK(S.rfind("Sextant MPI job: /bin/app, 2 rank(s)\n"
                "Experiment: /job (each rank's own experiment: rank-<r>/)\n"
                "Wall time (s): min 0.000000 (rank 1), mean 1.000000, max "
                "2.000000 (rank 0)\n"
                "Warning: rank 1: no data was received\n",
                0) == 0);
  CHECK(S.find("  0.000000   1.000000   2.000000         0    0.250000"
               "            1  main\n") != std::string::npos);
  CHECK(S.find("Point-to-point matrix: incomplete (ranks are missing)\n") !=
        std::string::npos);
  CHECK(S.find("One-sided") == std::string::npos);
  // Why an MPI function's calls can exceed its region's visits.
  CHECK(S.find("MPI functions (calls and bytes summed over ranks; min/max "
               "calls per rank)\n(every call is counted, also after the "
               "function's region was throttled, when its visits above stop "
               "counting)\n") != std::string::npos);

  Traffic Put;
  Put.MessagesSent = 1;
  Put.BytesSent = 4;
  Mpi.OneSided[0] = {{1, Put}};
  CHECK(summary(Mpi).find("One-sided bytes put/accumulated (row: from rank, "
                          "column: to rank)\n") != std::string::npos);
}

TEST_CASE("a large job's summary shows its heaviest pairs", "[summary]") {
  // 40 ranks, rank r sends r + 1 messages of 100 bytes to r + 1 (a ring).
  JobMpi Mpi;
  Mpi.RankCount = 40;
  Mpi.PointToPoint.resize(40);
  Mpi.OneSided.resize(40);
  for (int Rank = 0; Rank < 40; ++Rank) {
    Traffic T;
    T.MessagesSent = static_cast<uint64_t>(Rank) + 1;
    T.BytesSent = 100 * T.MessagesSent;
    Mpi.PointToPoint[static_cast<size_t>(Rank)] = {{(Rank + 1) % 40, T}};
  }
  std::string S = summary(Mpi);
  CHECK(S.find("(row: from rank") == std::string::npos);
  CHECK(S.find("\nPoint-to-point: 40 pair(s) with traffic, the 20 with the "
               "most bytes sent (every pair: mpi.json, \"point_to_point\")\n"
               "  from      to        bytes sent     messages sent\n"
               "    39       0              4000                40\n"
               "    38      39              3900                39\n") !=
        std::string::npos);
  CHECK(S.find("    20      21              2100                21\n"
               "\nPoint-to-point matrix: ") != std::string::npos);
  CHECK(S.find("One-sided") == std::string::npos);
}
