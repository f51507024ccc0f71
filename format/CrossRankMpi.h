//===- format/CrossRankMpi.h - An MPI job's mpi.json ------------*- C++ -*-===//
//
// Part of Sextant. The MPI side of a job: a rank's traffic and function
// entries of its rank-<r>/mpi.json, and the job's mpi.json made from every
// rank's (through the merged partial of PartialJob.h): the communication
// matrices (point-to-point and one-sided, sparse: per rank its partners
// with traffic, O(ranks + pairs with traffic), never ranks x ranks), whether
// point-to-point traffic is symmetric (known only when every rank's
// mpi.json was read), each MPI function's calls and bytes with cross-rank
// statistics and per-rank values, how each rank ended and the other PMPI
// tools any rank saw.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKMPI_H
#define SEXTANT_FORMAT_CROSSRANKMPI_H

#include "format/CrossRankStatistics.h"
#include "format/CrossRankTraffic.h"
#include "format/ExperimentSchema.h"

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

struct JobMpi {
  int RankCount = 0;
  /// Whether every rank's mpi.json was read (else symmetry is unknown).
  bool AllRanks = false;
  SparseMatrix PointToPoint;
  SparseMatrix OneSided;
  std::vector<std::string> Asymmetries;
  /// Function name -> its fields in job_keys::FunctionFields order.
  std::map<std::string,
           std::array<FunctionStatistics, job_keys::FunctionFieldCount>>
      Functions;
  /// Each rank's "ended_by" (null for a rank not read).
  nlohmann::json RankStates = nlohmann::json::array();
  /// The other PMPI tools, each once.
  nlohmann::json Tools = nlohmann::json::array();
};

struct PartialJob;

/// The MPI side of a job of RankCount ranks from the partial of its ranks
/// (PartialJob.h): matrices, symmetry, function statistics and per-rank
/// values, states and tools.
JobMpi jobMpi(const PartialJob &Partial, int RankCount);

/// The job's mpi.json.
std::string jobMpiJson(const JobMpi &Mpi);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKMPI_H
