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

namespace {

/// The cross-rank tables of a one-rank job with the regions "main" (2 s
/// inclusive, 0.5 s exclusive, 1 visit), "MPI_Send" (1.5 s, 1.5 s, 30
/// visits) and "zeta" (0.25 s, 0.25 s, 30 visits) and the MPI functions
/// MPI_Send (30 calls) and MPI_Barrier (40 calls, no region), as Tables asks.
std::string tables(const CrossRankTableOptions &Tables) {
  static const std::vector<std::string> Problems;
  RegionUnion Regions;
  Regions.addStandIn("main");
  Regions.addStandIn("MPI_Send");
  Regions.addStandIn("zeta");
  RegionTimes Times = {{1, HeldAggregates::of({2.0, 0.5, 1.0}, 0)},
                       {2, HeldAggregates::of({1.5, 1.5, 30.0}, 0)},
                       {3, HeldAggregates::of({0.25, 0.25, 30.0}, 0)}};
  JobMpi Mpi;
  Mpi.RankCount = 1;
  Mpi.PointToPoint.resize(1);
  Mpi.OneSided.resize(1);
  Mpi.Functions["MPI_Send"][0].Total = 30;
  Mpi.Functions["MPI_Barrier"][0].Total = 40;
  JobSummaryInput In{"/bin/app", "/job",  {2.0}, Problems, 1,
                     {0, 1},     Regions, Times, Mpi,      Tables};
  return crossRankTables(In);
}

/// The names of the rows of the table starting at Title, in order, and
/// the line of hidden rows when there is one.
std::vector<std::string> rowNames(const std::string &Text,
                                  const std::string &Title) {
  std::vector<std::string> Names;
  // The rows follow the column titles, whose last is "region" or "function".
  size_t Line = Text.find(Title);
  while (Line < Text.size()) {
    size_t End = Text.find('\n', Line);
    std::string Row = Text.substr(Line, End - Line);
    Line = End + 1;
    if (Row.size() > 8 && (Row.compare(Row.size() - 8, 8, "  region") == 0 ||
                           Row.compare(Row.size() - 8, 8, "function") == 0))
      break;
  }
  while (Line < Text.size() && Text[Line] != '\n') {
    size_t End = Text.find('\n', Line);
    std::string Row = Text.substr(Line, End - Line);
    Names.push_back(Row[0] == '(' ? Row : Row.substr(Row.rfind(' ') + 1));
    Line = End + 1;
  }
  return Names;
}

using Names = std::vector<std::string>;
using Order = CrossRankTableOptions::Order;

} // namespace

TEST_CASE("the cross-rank tables by default and sorted", "[summary]") {
  std::string Default = tables({});
  CHECK(Default.rfind("Regions across ranks", 0) == 0);
  // summary.txt's order: regions by inclusive time, functions by name.
  CHECK(rowNames(Default, "Regions across") ==
        Names{"main", "MPI_Send", "zeta"});
  CHECK(rowNames(Default, "MPI functions") == Names{"MPI_Barrier", "MPI_Send"});
  // Nothing is hidden.
  CHECK(Default.find("hidden") == std::string::npos);

  std::string Exclusive = tables({Order::Exclusive, 0, 0});
  CHECK(rowNames(Exclusive, "Regions across") ==
        Names{"MPI_Send", "main", "zeta"});
  // A function without a region counts no time.
  CHECK(rowNames(Exclusive, "MPI functions") ==
        Names{"MPI_Send", "MPI_Barrier"});
  // Visits: ties by name; a function by its calls.
  std::string Visits = tables({Order::Visits, 0, 0});
  CHECK(rowNames(Visits, "Regions across") ==
        Names{"MPI_Send", "zeta", "main"});
  CHECK(rowNames(Visits, "MPI functions") == Names{"MPI_Barrier", "MPI_Send"});
  CHECK(rowNames(tables({Order::Name, 0, 0}), "Regions across") ==
        Names{"MPI_Send", "main", "zeta"});
  // 2 s / 1 visit, 1.5 s / 30, 0.25 s / 30.
  CHECK(rowNames(tables({Order::TimePerVisit, 0, 0}), "Regions across") ==
        Names{"main", "MPI_Send", "zeta"});
  CHECK(rowNames(tables({Order::Inclusive, 0, 0}), "Regions across") ==
        Names{"main", "MPI_Send", "zeta"});
}

TEST_CASE("the cross-rank tables limited", "[summary]") {
  std::string Top = tables({Order::Default, 1, 0});
  CHECK(rowNames(Top, "Regions across") ==
        Names{"main", "(2 more regions hidden by --top/--min-time: 1.750000 s "
                      "exclusive summed over the ranks, 60 visits)"});
  CHECK(rowNames(Top, "MPI functions") ==
        Names{"MPI_Barrier", "(1 more MPI function hidden by --top/--min-time: "
                             "30 calls)"});
  // --min-time compares a rank's largest inclusive time.
  std::string MinTime = tables({Order::Default, 0, 1.0});
  CHECK(rowNames(MinTime, "Regions across") ==
        Names{"main", "MPI_Send",
              "(1 more region hidden by --top/--min-time: 0.250000 s "
              "exclusive summed over the ranks, 30 visits)"});
  CHECK(rowNames(MinTime, "MPI functions") ==
        Names{"MPI_Send", "(1 more MPI function hidden by --top/--min-time: "
                          "40 calls)"});
  // The matrices follow, whatever the limits.
  CHECK(MinTime.find("\nPoint-to-point bytes sent") != std::string::npos);
}
