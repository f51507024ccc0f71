//===- test/unit/format/schema/CrossRankTrafficTests.cpp ------------------===//
//
// Traffic between ranks.
//
// Part of Sextant. format/CrossRankTraffic: the detection of asymmetric
// pairs across the ranks' sparse rows of the communication matrix.
//
//===----------------------------------------------------------------------===//

#include "format/schema/CrossRankTraffic.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

Traffic traffic(uint64_t MessagesSent, uint64_t BytesSent,
                uint64_t MessagesReceived, uint64_t BytesReceived) {
  Traffic T;
  T.MessagesSent = MessagesSent;
  T.BytesSent = BytesSent;
  T.MessagesReceived = MessagesReceived;
  T.BytesReceived = BytesReceived;
  return T;
}

} // namespace

TEST_CASE("symmetric rows have no asymmetries", "[matrix]") {
  SparseMatrix Rows = {{{1, traffic(3, 30, 0, 0)}},
                       {{0, traffic(0, 0, 3, 30)}}};
  CHECK(matrixAsymmetries(Rows).empty());

  Rows[1][0].second.BytesReceived = 29;
  std::vector<std::string> Found = matrixAsymmetries(Rows);
  REQUIRE(Found.size() == 1);
  CHECK(Found[0] == "0->1: sent 3 messages / 30 bytes, received 3 messages "
                    "/ 29 bytes");
}

TEST_CASE("a pair one side does not list counts as no traffic there",
          "[matrix]") {
  SparseMatrix Rows = {{}, {}, {}};
  CHECK(matrixAsymmetries(Rows).empty());
  Rows[0] = {{1, traffic(1, 0, 0, 0)}};
  // Received by 2 from 1, which lists nothing: found from row 2 alone.
  Rows[2] = {{1, traffic(0, 0, 2, 8)}};
  std::vector<std::string> Found = matrixAsymmetries(Rows);
  REQUIRE(Found.size() == 2);
  CHECK(Found[0] == "0->1: sent 1 messages / 0 bytes, received 0 messages "
                    "/ 0 bytes");
  CHECK(Found[1] == "1->2: sent 0 messages / 0 bytes, received 2 messages "
                    "/ 8 bytes");
}

TEST_CASE("a row's traffic with a partner", "[matrix]") {
  SparseTraffic Row = {{2, traffic(1, 2, 3, 4)}, {7, traffic(5, 6, 7, 8)}};
  CHECK(trafficWith(Row, 7).BytesReceived == 8);
  CHECK(trafficWith(Row, 2).MessagesSent == 1);
  CHECK(trafficWith(Row, 3).empty());
  CHECK(trafficWith({}, 0).empty());
}
