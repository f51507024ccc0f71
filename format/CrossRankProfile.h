//===- format/CrossRankProfile.h - The call tree of an MPI job --*- C++ -*-===//
//
// Part of Sextant. The ranks' call trees (profile.json, Hatchet literal
// format) merged by call path: two nodes are the same when their parents
// are and their regions are the same region of the union
// (CrossRankRegions.h). Each merged node keeps every rank's "time (inc)",
// "time", "visits" and the additive metrics of SEXTANT_METRICS ("<m> (inc)",
// "<m>"). The job's profile.json gives only their sums over the ranks, so
// that Hatchet's filter() and squash() keep them right; profile-ranks.json
// (ProfileRanksJson.h) gives min, mean, max, imbalance and the ranks of the
// extremes over all ranks of the job (a rank without the call path counts
// 0) per node, joined by "node_id". Children come in decreasing inclusive
// time.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKPROFILE_H
#define SEXTANT_FORMAT_CROSSRANKPROFILE_H

#include "format/CrossRankRegions.h"
#include "format/ExperimentSchema.h"

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
};

struct MergedNode {
  uint32_t Region = 0; ///< the union's id
  std::string Name;
  std::string Type;
  nlohmann::json Attributes;
  /// Values[metric][position of the rank among the ranks read]
  std::vector<std::vector<double>> Values;
  std::vector<std::unique_ptr<MergedNode>> Children;
  std::unordered_map<uint32_t, MergedNode *> ChildByRegion;

  explicit MergedNode(size_t Ranks, size_t Metrics = ProfileMetricCount)
      : Values(Metrics, std::vector<double>(Ranks, 0.0)) {}
  /// Releases the subtree without recursion.
  ~MergedNode();
  /// The metric summed over the ranks.
  double total(size_t Metric) const;
  /// The child of region Id, created from Node (a profile.json node) when
  /// there is none yet.
  MergedNode &child(uint32_t Id, const nlohmann::json &Node);
};

/// The ranks read: RankOf[position] is the rank of the position-th input.
struct RankPositions {
  std::vector<int> RankOf;
  int RankCount = 0;
  /// Values (one per position) spread over all ranks of the job, 0 for the
  /// ranks not read.
  std::vector<double> perRank(const std::vector<double> &Values) const;
};

/// Adds the tree of one rank's profile.json (at Position among the ranks
/// read) into Root; Ids maps its region ids to the union's (a region
/// missing there is added to Union by its frame name). Root was made with
/// as many metrics as Metrics names.
void mergeRankProfile(const nlohmann::json &Profile, size_t Position,
                      const RegionRenumbering &Ids, RegionUnion &Union,
                      MergedNode &Root, const JobMetrics &Metrics = {});

/// The job's profile.json (Root's children) and profile-ranks.json.
struct JobProfileFiles {
  std::string Profile;
  std::string ProfileRanks;
};
JobProfileFiles jobProfileFiles(const MergedNode &Root,
                                const RankPositions &Ranks,
                                const JobMetrics &Metrics = {});

/// One region's time over the ranks read (per position): inclusive time
/// not counted twice where the region recurses, exclusive time and visits.
struct RegionTimes {
  std::vector<double> Inclusive;
  std::vector<double> Exclusive;
  std::vector<double> Visits;
};

/// The times of every region of the tree under Root, by the union's id.
std::map<uint32_t, RegionTimes> regionTimes(const MergedNode &Root,
                                            size_t Positions);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKPROFILE_H
