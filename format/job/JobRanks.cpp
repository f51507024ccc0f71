//===- format/job/JobRanks.cpp - Which ranks make up an MPI job -----------===//
//
// Part of Sextant. See JobRanks.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobRanks.h"

#include "format/schema/ExperimentSchema.h"

#include <algorithm>
#include <climits>

namespace sextant {
namespace format {

uint64_t claimedRankCount(const nlohmann::json &Experiment) {
  if (!Experiment.is_object())
    return 0;
  auto Claim = Experiment.find(experiment_keys::MpiRanks);
  if (Claim == Experiment.end())
    return 0;
  if (Claim->is_number_unsigned())
    return Claim->get<uint64_t>();
  if (Claim->is_number_integer() && Claim->get<int64_t>() > 0)
    return static_cast<uint64_t>(Claim->get<int64_t>());
  return 0;
}

namespace {

/// How trustedRankCount() is made, for the warnings.
std::string trustRule() {
  return std::to_string(TrustedRanksPerRankPresent) +
         " per rank directory found, plus " +
         std::to_string(TrustedRanksOverPresent);
}

} // namespace

JobRanks chooseJobRanks(const std::vector<RankClaim> &Claims) {
  JobRanks Job;
  uint64_t Trusted = std::min<uint64_t>(trustedRankCount(Claims.size()),
                                        static_cast<uint64_t>(INT_MAX));
  uint64_t Claimed = 0;
  for (const RankClaim &C : Claims) {
    if (C.Claim <= Trusted) {
      Claimed = std::max(Claimed, C.Claim);
      continue;
    }
    Job.Problems.push_back(
        "rank " + std::to_string(C.Rank) +
        ": experiment.json claims a job of " + std::to_string(C.Claim) +
        " ranks (\"mpi_ranks\"), more than " + std::to_string(Trusted) + " (" +
        trustRule() + ") for the " + std::to_string(Claims.size()) +
        " rank directories found; the claim is not trusted");
  }
  uint64_t Bound = Claimed > 0 ? Claimed : Trusted;
  int Highest = -1;
  for (const RankClaim &C : Claims) {
    if (C.Rank >= 0 && static_cast<uint64_t>(C.Rank) < Bound) {
      Job.Ranks.push_back(C.Rank);
      Highest = std::max(Highest, C.Rank);
      continue;
    }
    std::string Directory = "rank-" + std::to_string(C.Rank) + "/";
    Job.Problems.push_back(
        Directory + " is not a rank of the job: " +
        (Claimed > 0 ? "its ranks claim a job of " + std::to_string(Claimed) +
                           " ranks (\"mpi_ranks\")"
                     : "no rank claims a job size, and rank " +
                           std::to_string(C.Rank) + " is not below " +
                           std::to_string(Trusted) + " (" + trustRule() + ")") +
        "; the directory is left out");
  }
  std::sort(Job.Ranks.begin(), Job.Ranks.end());
  Job.RankCount = static_cast<int>(
      std::max<uint64_t>(Claimed, static_cast<uint64_t>(Highest + 1)));
  return Job;
}

std::string rankRangesText(std::vector<int> Ranks) {
  std::sort(Ranks.begin(), Ranks.end());
  Ranks.erase(std::unique(Ranks.begin(), Ranks.end()), Ranks.end());
  std::string Text;
  for (size_t First = 0; First < Ranks.size();) {
    size_t Last = First;
    while (Last + 1 < Ranks.size() && Ranks[Last + 1] == Ranks[Last] + 1)
      ++Last;
    Text += (Text.empty() ? "" : ", ") + std::to_string(Ranks[First]);
    if (Last > First)
      Text += "-" + std::to_string(Ranks[Last]);
    First = Last + 1;
  }
  return Text;
}

} // namespace format
} // namespace sextant
