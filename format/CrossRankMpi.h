//===- format/CrossRankMpi.h - An MPI job's mpi.json ------------*- C++ -*-===//
//
// Part of Sextant. The MPI side of a job: a rank's traffic and function
// entries of its rank-<r>/mpi.json, and the job's mpi.json made from every
// rank's: the communication matrices (ranks x ranks, point-to-point and
// one-sided), whether point-to-point traffic is symmetric (known only when
// every rank's mpi.json was read), each MPI function's calls and bytes
// with cross-rank statistics, how each rank ended and the other PMPI tools
// any rank saw.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKMPI_H
#define SEXTANT_FORMAT_CROSSRANKMPI_H

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

/// One entry of a rank's "functions": Counts in job_keys::FunctionFields order.
nlohmann::json rankFunctionJson(
    const std::string &Name,
    const std::array<uint64_t, job_keys::FunctionFieldCount> &Counts);

struct JobMpi {
  int RankCount = 0;
  /// Whether every rank's mpi.json was read (else symmetry is unknown).
  bool AllRanks = false;
  TrafficMatrix PointToPoint;
  TrafficMatrix OneSided;
  std::vector<std::string> Asymmetries;
  /// Function name -> [field in job_keys::FunctionFields order][rank].
  std::map<std::string, std::vector<std::vector<double>>> Functions;
  /// Each rank's "ended_by" (null for a rank not read).
  nlohmann::json RankStates = nlohmann::json::array();
  /// The other PMPI tools, each once.
  nlohmann::json Tools = nlohmann::json::array();
};

/// MpiFiles[rank]: that rank's mpi.json, or null when it was not read.
JobMpi combineRankMpi(const std::vector<nlohmann::json> &MpiFiles);

/// The job's mpi.json.
std::string jobMpiJson(const JobMpi &Mpi);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKMPI_H
