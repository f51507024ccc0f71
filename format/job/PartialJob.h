//===- format/job/PartialJob.h - What a range of ranks contributes --------===//
//
// Part of Sextant. The combined view of an MPI job (JobCombiner.h) built by
// merging: a PartialJob is what the contiguous ranks [Lo, Hi) contribute,
// made from one rank's files (partialFromRank) and merged with the partial
// of the ranks that follow (merge), so that the MPI adapter reduces the job
// over a tree of ranks and `sextant combine` folds the ranks one at a time
// with the same result. Its size is that of the union of the ranks' call
// trees, not ranks x call paths:
//
//   * the union of the regions (ids renumbered on merge, the lower range's
//     first: the numbering of "lowest rank first");
//   * the metrics (JobMetrics, in order of first appearance);
//   * the call tree merged by call path, each node holding per metric the
//     constant-size HeldAggregates of CrossRankAggregate.h;
//   * each region's time (recursion-aware, computed per rank before the
//     merge) and each MPI function's counters, aggregated the same way;
//   * per rank only the small scalars the job's files list per rank
//     (RankRecord: the experiment's "ranks" entry, how it ended, its
//     point-to-point and one-sided partners with traffic and its MPI
//     function counters for mpi.json's "per_rank");
//   * the other PMPI tools and the problems found, in rank order.
//
// PartialJobCodec.h's serialize()/deserialize() carry a partial between
// ranks (a compact binary codec: varints, a string table, the tree as a
// flat preorder list, so that no step recurses however deep the call
// tree); deserialize rejects anything malformed with an error.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_PARTIALJOB_H
#define SEXTANT_FORMAT_JOB_PARTIALJOB_H

#include "format/job/CrossRankAggregate.h"
#include "format/job/CrossRankProfile.h"
#include "format/job/CrossRankRegions.h"
#include "format/job/JobFiles.h"
#include "format/schema/CrossRankTraffic.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace format {

/// The small scalars of one rank the job's files list per rank.
struct RankRecord {
  int Rank = 0;
  /// profile.json, regions.json and experiment.json were read.
  bool Read = false;
  /// mpi.json was read.
  bool MpiRead = false;
  /// The rank's entry of the job experiment's "ranks" (when Read).
  nlohmann::json Entry;
  /// mpi.json's "ended_by" (null when not read).
  nlohmann::json EndedBy;
  SparseTraffic PointToPoint;
  SparseTraffic OneSided;
  /// Each MPI function's counters, job_keys::FunctionFields order.
  std::map<std::string, std::array<double, job_keys::FunctionFieldCount>>
      Functions;
};

struct PartialJob {
  RankRange Range;
  /// The largest "mpi_ranks" of the ranks' experiment.json.
  int DeclaredRanks = 0;
  RegionUnion Regions;
  /// The lowest read rank's regions.json "format_version" (null: none).
  nlohmann::json RegionsVersion;
  /// The lowest read rank's experiment.json (null: none).
  nlohmann::json FirstExperiment;
  JobMetrics Metrics;
  MergedNode Root;
  RegionTimes Times;
  /// Per MPI function: its counters in job_keys::FunctionFields order.
  std::map<std::string, HeldAggregates> Functions;
  /// The ranks of Range that were received or found, ascending.
  std::vector<RankRecord> Ranks;
  nlohmann::json Tools = nlohmann::json::array();
  std::vector<std::string> Problems;

  /// No rank yet: the identity of merge.
  bool empty() const { return Ranks.empty() && Range.Lo == Range.Hi; }
};

/// The partial of one rank's files (an empty or unreadable file is a
/// problem, as combineJob() reports it).
PartialJob partialFromRank(const RankFiles &Files);

/// The partial of Rank when nothing of it could be read, saying Problem.
PartialJob partialWithProblem(int Rank, const std::string &Problem);

/// Adds Upper, whose ranks all follow Lower's, to Lower.
void merge(PartialJob &Lower, PartialJob &&Upper);

/// The largest "mpi_ranks" of an experiment.json (0 when there is none).
int declaredRankCount(const nlohmann::json &Experiment);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_PARTIALJOB_H
