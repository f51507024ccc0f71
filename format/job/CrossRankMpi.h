//===- format/job/CrossRankMpi.h - An MPI job's mpi.json --------*- C++ -*-===//
//
// Part of Sextant. The pieces of the MPI side of a job: a rank's traffic
// and function entries of its rank-<r>/mpi.json, read and written, and the
// job's matrices and function statistics as mpi.json writes them. The job's
// mpi.json itself is made from the merged partial of the ranks in
// JobMpiFile.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKMPI_H
#define SEXTANT_FORMAT_JOB_CROSSRANKMPI_H

#include "format/job/CrossRankStatistics.h"
#include "format/schema/CrossRankTraffic.h"
#include "format/schema/ExperimentSchema.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// A rank's "point_to_point" or "one_sided" list: one entry per partner
/// with traffic.
nlohmann::json rankTrafficJson(const std::vector<Traffic> &Row);

/// A rank's "point_to_point" or "one_sided" list read back (the entries
/// with a partner).
SparseTraffic readRankTraffic(const nlohmann::json &List);

/// The job's sparse matrix as one list per rank of its partners with
/// traffic (the shape of a rank's own list).
nlohmann::json matrixJson(const SparseMatrix &Rows);

/// One entry of a rank's "functions": Counts in job_keys::FunctionFields order.
nlohmann::json rankFunctionJson(
    const std::string &Name,
    const std::array<uint64_t, job_keys::FunctionFieldCount> &Counts);

/// One counter of an MPI function over the ranks of the job.
struct FunctionStatistics {
  double Total = 0;
  RankStatistics Statistics;
  /// Each rank's value (0 for a rank without the function or not read).
  std::vector<double> PerRank;
};

/// F as {"total", "min", "mean", "max", "min_rank", "max_rank",
/// "per_rank"}.
nlohmann::json functionStatisticsJson(const FunctionStatistics &F);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKMPI_H
