//===- format/job/CrossRankProfile.h - The call tree of an MPI job --------===//
//
// Part of Sextant. The ranks' call trees (profile.json, Hatchet literal
// format) merged by call path: two nodes are the same when their parents
// are and their regions are the same region of the union
// (CrossRankRegions.h). Each merged node keeps, per metric ("time (inc)",
// "time", "visits" and the additive metrics of SEXTANT_METRICS, "<m> (inc)"
// and "<m>"), the mergeable aggregate of the ranks holding it
// (CrossRankAggregate.h), not a value per rank: a tree is read from one
// rank's profile (readRankProfile) and merged with the tree of the ranks
// that follow (mergeTrees). The job's profile.json gives only the sums over
// the ranks, so that Hatchet's filter() and squash() keep them right;
// profile-ranks.json (ProfileRanksJson.h) gives min, mean, max, imbalance
// and the ranks of the extremes over all ranks of the job (a rank without
// the call path counts 0) per node, joined by "node_id". Children come in
// decreasing inclusive time, then by region id.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKPROFILE_H
#define SEXTANT_FORMAT_JOB_CROSSRANKPROFILE_H

#include "format/job/CrossRankAggregate.h"
#include "format/job/CrossRankRegions.h"
#include "format/schema/ExperimentSchema.h"

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The metrics of a profile node the merge combines, in profile.json order.
enum ProfileMetric : size_t { InclusiveTime, ExclusiveTime, Visits };
constexpr size_t ProfileMetricCount = 3;
constexpr const char *ProfileMetricNames[ProfileMetricCount] = {
    keys::InclusiveTime, keys::ExclusiveTime, keys::Visits};

/// The metrics of the job's profile: time and visits, then the additive
/// metrics the ranks measured (accumulation "sum"), inclusive then
/// exclusive, as profile.json names them.
struct JobMetrics {
  std::vector<std::string> Names;
  /// Written as whole numbers (visits, counts), else as seconds.
  std::vector<bool> Integer;
  JobMetrics();
  /// The metrics of the ranks' experiment.json, in order of first
  /// appearance.
  static JobMetrics
  fromExperiments(const std::vector<nlohmann::json> &Experiments);
  /// Appends the metrics of Other this lacks; the index in this of each of
  /// Other's metrics.
  std::vector<int> add(const JobMetrics &Other);
};

struct MergedNode {
  uint32_t Region = 0; ///< the union's id
  std::string Name;
  std::string Type;
  nlohmann::json Attributes;
  /// One aggregate per metric of the job's JobMetrics.
  HeldAggregates Values;
  /// The ranks whose visits or inclusive time are above 0.
  int Present = 0;
  std::vector<std::unique_ptr<MergedNode>> Children;
  std::unordered_map<uint32_t, MergedNode *> ChildByRegion;

  MergedNode() = default;
  MergedNode(MergedNode &&) = default;
  MergedNode &operator=(MergedNode &&) = default;
  /// Releases the subtree without recursion.
  ~MergedNode();
  /// The metric summed over the ranks.
  double total(size_t Metric) const { return Values.total(Metric); }
};

/// A region's times over the ranks: its values in this order.
enum RegionTime : size_t { RegionInclusive, RegionExclusive, RegionVisits };
constexpr size_t RegionTimeCount = 3;
/// Per region (the union's id): inclusive time, not counted twice where
/// the region recurses, exclusive time and visits.
using RegionTimes = std::map<uint32_t, HeldAggregates>;

/// Reads the tree of Rank's profile.json into Root (a new root) with as
/// many values per node as Metrics names; Ids maps its region ids to the
/// union's (a region missing there is added to Union by its frame name).
/// Times gets the rank's region times, computed on the rank's own tree.
void readRankProfile(const nlohmann::json &Profile, int Rank,
                     const RegionRenumbering &Ids, RegionUnion &Union,
                     MergedNode &Root, const JobMetrics &Metrics,
                     RegionTimes &Times);

/// Gives every node of the tree under Root the union's id of Ids (its old
/// region ids are the keys).
void renumberRegions(MergedNode &Root, const RegionRenumbering &Ids);

/// Rearranges every node's values: value V becomes the old value From[V],
/// or 0 on every rank holding the node when From[V] is -1.
void remapMetrics(MergedNode &Root, const std::vector<int> &From);

/// Merges the tree Upper (of the ranks UpperRange, which follow
/// LowerRange) into Lower; both have the same metrics and region ids.
void mergeTrees(MergedNode &Lower, MergedNode &&Upper, RankRange LowerRange,
                RankRange UpperRange);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKPROFILE_H
