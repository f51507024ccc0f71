//===- format/job/CrossRankStatistics.cpp - One value over the ranks ------===//
//
// Part of Sextant. See CrossRankStatistics.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankStatistics.h"

#include <cstddef>

namespace sextant {
namespace format {

RankStatistics rankStatistics(const std::vector<double> &Values) {
  if (Values.empty())
    return RankStatistics();
  RankAggregate All = RankAggregate::of(Values[0], 0);
  for (std::size_t Rank = 1; Rank < Values.size(); ++Rank)
    All.merge(RankAggregate::of(Values[Rank], static_cast<int>(Rank)));
  HeldAggregates Held;
  Held.Values.push_back(All);
  int Count = static_cast<int>(Values.size());
  return Held.statistics(0, {0, Count}, Count);
}

} // namespace format
} // namespace sextant
