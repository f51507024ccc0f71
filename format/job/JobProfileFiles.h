//===- format/job/JobProfileFiles.h - The job's two profiles ----*- C++ -*-===//
//
// Part of Sextant. The job's profile.json (the merged call tree of
// CrossRankProfile.h, sums over the ranks, Hatchet's literal format) and
// profile-ranks.json (ProfileRanksJson.h: each node's statistics over the
// ranks), written together in one walk of the tree.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBPROFILEFILES_H
#define SEXTANT_FORMAT_JOB_JOBPROFILEFILES_H

#include "format/job/CrossRankProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The job's profile.json (Root's children) and profile-ranks.json.
struct JobProfileFiles {
  std::string Profile;
  std::string ProfileRanks;
};
/// RanksRead lists the ranks whose profile was merged; the tree covers
/// Range in a job of RankCount ranks.
JobProfileFiles jobProfileFiles(const MergedNode &Root,
                                const std::vector<int> &RanksRead,
                                RankRange Range, int RankCount,
                                const JobMetrics &Metrics = {});

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBPROFILEFILES_H
