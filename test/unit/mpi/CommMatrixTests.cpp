//===- test/unit/mpi/CommMatrixTests.cpp - Matrix and rank statistics -----===//
//
// Part of Sextant. A rank's row of the communication matrix, the detection
// of asymmetric pairs across the ranks' rows, and min/mean/max over ranks.
//
//===----------------------------------------------------------------------===//

#include "CommMatrix.h"

#include <catch2/catch.hpp>

#include <thread>
#include <vector>

using namespace sextant::mpi;

TEST_CASE("a row counts messages and bytes per partner", "[matrix]") {
  CommMatrix Row;
  Row.resize(3);
  Row.recordSend(1, 100);
  Row.recordSend(1, 50);
  Row.recordReceive(2, 8);
  Row.recordSend(3, 1);  // outside the job
  Row.recordSend(-1, 1); // untranslatable partner
  std::vector<Traffic> Counts = Row.row();
  REQUIRE(Counts.size() == 3);
  CHECK(Counts[0].empty());
  CHECK(Counts[1].MessagesSent == 2);
  CHECK(Counts[1].BytesSent == 150);
  CHECK(Counts[1].MessagesReceived == 0);
  CHECK(Counts[2].MessagesReceived == 1);
  CHECK(Counts[2].BytesReceived == 8);
  CHECK(Row.outOfRange() == 2);
}

TEST_CASE("resizing keeps the counts", "[matrix]") {
  CommMatrix Row;
  Row.resize(2);
  Row.recordSend(1, 4);
  Row.resize(4);
  Row.resize(1); // never shrinks
  REQUIRE(Row.row().size() == 4);
  CHECK(Row.row()[1].BytesSent == 4);
}

TEST_CASE("concurrent recording loses nothing", "[matrix]") {
  CommMatrix Row;
  Row.resize(2);
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&] {
      for (int I = 0; I < 10000; ++I) {
        Row.recordSend(1, 3);
        Row.recordReceive(0, 2);
      }
    });
  for (std::thread &T : Threads)
    T.join();
  CHECK(Row.row()[1].MessagesSent == 40000);
  CHECK(Row.row()[1].BytesSent == 120000);
  CHECK(Row.row()[0].BytesReceived == 80000);
}

TEST_CASE("symmetric rows have no asymmetries", "[matrix]") {
  std::vector<std::vector<Traffic>> Rows(2, std::vector<Traffic>(2));
  Rows[0][1].MessagesSent = 3;
  Rows[0][1].BytesSent = 30;
  Rows[1][0].MessagesReceived = 3;
  Rows[1][0].BytesReceived = 30;
  CHECK(matrixAsymmetries(Rows).empty());

  Rows[1][0].BytesReceived = 29;
  std::vector<std::string> Found = matrixAsymmetries(Rows);
  REQUIRE(Found.size() == 1);
  CHECK(Found[0] == "0->1: sent 3 messages / 30 bytes, received 3 messages "
                    "/ 29 bytes");
}

TEST_CASE("rank statistics name the extreme ranks", "[statistics]") {
  RankStatistics S = rankStatistics({2.0, 5.0, 1.0, 5.0});
  CHECK(S.Min == 1.0);
  CHECK(S.MinRank == 2);
  CHECK(S.Max == 5.0);
  CHECK(S.MaxRank == 1); // the lowest rank holding the maximum
  CHECK(S.Mean == Approx(3.25));

  RankStatistics Empty = rankStatistics({});
  CHECK(Empty.MinRank == -1);
  CHECK(Empty.Mean == 0.0);
}
