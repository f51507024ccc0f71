//===- test/unit/format/job/CrossRankStatisticsTests.cpp ------------------===//
//
// Values over ranks.
//
// Part of Sextant. format/CrossRankStatistics: min, mean and max of one
// value over the ranks, and the ranks holding the extremes.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankStatistics.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

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
