//===- format/job/JobMpiFile.h - An MPI job's mpi.json ----------*- C++ -*-===//
//
// Part of Sextant. The job's mpi.json, made from every rank's (through the
// merged partial of PartialJob.h): the communication matrices
// (point-to-point and one-sided, sparse: per rank its partners with
// traffic, O(ranks + pairs with traffic), never ranks x ranks), whether
// point-to-point traffic is symmetric (known only when every rank's
// mpi.json was read), each MPI function's calls and bytes with cross-rank
// statistics and per-rank values, how each rank ended and the other PMPI
// tools any rank saw. The pieces of a rank's file: CrossRankMpi.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBMPIFILE_H
#define SEXTANT_FORMAT_JOB_JOBMPIFILE_H

#include "format/job/CrossRankMpi.h"
#include "format/job/PartialJob.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <string>
#include <vector>

namespace sextant {
namespace format {

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

/// The MPI side of a job of RankCount ranks from the partial of its ranks
/// (PartialJob.h): matrices, symmetry, function statistics and per-rank
/// values, states and tools.
JobMpi jobMpi(const PartialJob &Partial, int RankCount);

/// The job's mpi.json.
std::string jobMpiJson(const JobMpi &Mpi);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBMPIFILE_H
