//===- format/CrossRankExperiment.h - A job's experiment.json ---*- C++ -*-===//
//
// Part of Sextant. The job's experiment.json: the lowest rank's, with the
// job's base directory, "mpi_rank" null, "mpi_ranks" the job's size, the
// threads summed over the ranks, the regions of the union, "combined" true
// and a "ranks" list (each rank's directory, pid, host, threads, wall time
// and ending signal).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKEXPERIMENT_H
#define SEXTANT_FORMAT_CROSSRANKEXPERIMENT_H

#include "format/CrossRankProfile.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Experiments[position] is the experiment.json of rank Ranks.RankOf[position].
nlohmann::json jobExperiment(const std::vector<nlohmann::json> &Experiments,
                             const RankPositions &Ranks,
                             const std::string &BaseDirectory,
                             size_t RegionCount);

/// Every rank's "wall_time_seconds", 0 for the ranks not read.
std::vector<double>
rankWallTimes(const std::vector<nlohmann::json> &Experiments,
              const RankPositions &Ranks);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKEXPERIMENT_H
