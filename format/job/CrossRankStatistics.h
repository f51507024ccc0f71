//===- format/job/CrossRankStatistics.h - One value over the ranks --------===//
//
// Part of Sextant. The statistics of the combined view of an MPI job: min,
// mean and max of one value over the ranks (one value per rank, in rank
// order) and the lowest ranks holding the extremes, computed through the
// mergeable aggregates of CrossRankAggregate.h (the sum is exact), which
// also defines the result, RankStatistics.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKSTATISTICS_H
#define SEXTANT_FORMAT_JOB_CROSSRANKSTATISTICS_H

#include "format/job/CrossRankAggregate.h"

#include <vector>

namespace sextant {
namespace format {

/// Statistics of Values (one per rank, in rank order); all zero and ranks
/// -1 for an empty vector.
RankStatistics rankStatistics(const std::vector<double> &Values);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKSTATISTICS_H
