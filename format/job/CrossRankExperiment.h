//===- format/job/CrossRankExperiment.h - A job's experiment.json ---------===//
//
// Part of Sextant. The job's experiment.json: the lowest rank's, with the
// job's base directory, "mpi_rank" null, "mpi_ranks" the job's size, the
// threads summed over the ranks, the regions of the union, "combined" true
// and a "ranks" list (each rank's directory, pid, host, threads, wall time
// and ending signal).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKEXPERIMENT_H
#define SEXTANT_FORMAT_JOB_CROSSRANKEXPERIMENT_H

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// A rank's entry of the job's "ranks" list, from its experiment.json.
nlohmann::json rankEntry(const nlohmann::json &Experiment, int Rank);

/// Whether a rank's experiment.json says that the MPI adapter measured it:
/// its "adapter_files" list mpi.json, or it has no such list (not an
/// object, or an older Sextant's, which always wrote mpi.json in a job).
bool measuredByMpiAdapter(const nlohmann::json &Experiment);

/// The job's experiment.json: First is the lowest read rank's
/// experiment.json (null when none was read), Entries the rankEntry() of
/// every rank read, in rank order. Its snapshot_seconds is the earliest of
/// the ranks that ended by a snapshot (null when none did).
nlohmann::json jobExperiment(const nlohmann::json &First,
                             const std::vector<nlohmann::json> &Entries,
                             int RankCount, const std::string &BaseDirectory,
                             size_t RegionCount);

/// Every rank's "wall_time_seconds" from Entries, 0 for the ranks not read.
std::vector<double> rankWallTimes(const std::vector<nlohmann::json> &Entries,
                                  int RankCount);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKEXPERIMENT_H
