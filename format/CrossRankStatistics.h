//===- format/CrossRankStatistics.h - One value over the ranks --*- C++ -*-===//
//
// Part of Sextant. The statistics of the combined view of an MPI job: min,
// mean and max of one value over the ranks (one value per rank, in rank
// order) and the lowest ranks holding the extremes, computed through the
// mergeable aggregates of CrossRankAggregate.h (the sum is exact).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKSTATISTICS_H
#define SEXTANT_FORMAT_CROSSRANKSTATISTICS_H

#include <cstddef>
#include <vector>

namespace sextant {
namespace format {

struct RankStatistics {
  double Min = 0;
  double Mean = 0;
  double Max = 0;
  int MinRank = -1; ///< the lowest rank holding Min
  int MaxRank = -1; ///< the lowest rank holding Max
};

/// Statistics of Values (one per rank, in rank order); all zero and ranks
/// -1 for an empty vector.
RankStatistics rankStatistics(const std::vector<double> &Values);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKSTATISTICS_H
