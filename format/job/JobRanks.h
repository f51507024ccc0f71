//===- format/job/JobRanks.h - Which ranks make up an MPI job ---*- C++ -*-===//
//
// Part of Sextant. A job's size is never taken on trust: the rank-<r>/
// directories found and the "mpi_ranks" the ranks' experiment.json claim
// are checked against each other, so that one stray directory (a copy
// named rank-999999) or one absurd claim ("mpi_ranks": 4000000000) cannot
// make the job's files and the tools' memory grow beyond a bound in the
// number of ranks present (docs/sextant.md, sextant combine):
//
//   * a claim larger than trustedRankCount(ranks present) is not trusted
//     (a warning names the rank and the claim);
//   * the job has as many ranks as the largest trusted claim; without one,
//     the highest rank present plus one;
//   * a directory whose rank is not below the trusted claim (or, without
//     one, not below trustedRankCount) is stray: named in a warning and
//     left out.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBRANKS_H
#define SEXTANT_FORMAT_JOB_JOBRANKS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Ranks per rank present a job may claim, and the ranks any job may claim.
constexpr uint64_t TrustedRanksPerRankPresent = 64;
constexpr uint64_t TrustedRanksOverPresent = 1024;

/// The largest job size trusted for a job with Present ranks present:
/// 64 x Present + 1024.
constexpr uint64_t trustedRankCount(uint64_t Present) {
  return TrustedRanksPerRankPresent * Present + TrustedRanksOverPresent;
}

/// The "mpi_ranks" an experiment.json claims: 0 when it has none or not a
/// non-negative integer.
uint64_t claimedRankCount(const nlohmann::json &Experiment);

/// Ranks as text, ascending, runs of consecutive ranks as a range:
/// "0-2, 5, 7-9" (any order and repetitions in Ranks).
std::string rankRangesText(std::vector<int> Ranks);

/// A rank present and the job size its experiment.json claims (0: none).
struct RankClaim {
  int Rank = 0;
  uint64_t Claim = 0;
};

struct JobRanks {
  /// The ranks of the job, ascending (the ones present that are not stray).
  std::vector<int> Ranks;
  /// The job's size: every rank of Ranks is below it.
  int RankCount = 0;
  /// One warning per claim not trusted and per stray directory.
  std::vector<std::string> Problems;
};

/// The job made of the ranks of Claims (each rank once, any order).
JobRanks chooseJobRanks(const std::vector<RankClaim> &Claims);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBRANKS_H
