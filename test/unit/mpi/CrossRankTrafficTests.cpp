//===- test/unit/mpi/CrossRankTrafficTests.cpp - Traffic between ranks ----===//
//
// Part of Sextant. format/CrossRankTraffic: the detection of asymmetric
// pairs across the ranks' rows of the communication matrix.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankTraffic.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

TEST_CASE("symmetric rows have no asymmetries", "[matrix]") {
  TrafficMatrix Rows(2, std::vector<Traffic>(2));
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

TEST_CASE("a short row counts as no traffic", "[matrix]") {
  TrafficMatrix Rows = {{Traffic(), Traffic()}, {}};
  CHECK(matrixAsymmetries(Rows).empty());
  Rows[0][1].MessagesSent = 1;
  std::vector<std::string> Found = matrixAsymmetries(Rows);
  REQUIRE(Found.size() == 1);
  CHECK(Found[0] == "0->1: sent 1 messages / 0 bytes, received 0 messages "
                    "/ 0 bytes");
}
