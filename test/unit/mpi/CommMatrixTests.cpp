//===- test/unit/mpi/CommMatrixTests.cpp - A rank's communication row -----===//
//
// Part of Sextant. A rank's row of the communication matrix, counted from
// several threads.
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
