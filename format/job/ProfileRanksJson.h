//===- format/job/ProfileRanksJson.h - profile-ranks.json -------*- C++ -*-===//
//
// Part of Sextant. The cross-rank statistics of an MPI job's call paths,
// beside the job's profile.json (which holds only sums, as Hatchet needs):
//
//   {"format": "sextant-profile-ranks", "format_version": 1,
//    "ranks": <job size>, "ranks_read": [0, 1, ...],
//    "metrics": ["time (inc)", "time", "visits", ...],
//    "nodes": [
//     {"node_id": 0, "parent_id": null, "name": "main", "region_id": 1,
//      "ranks": 4,
//      "metrics": {"time (inc)": {"min": .., "mean": .., "max": ..,
//                                 "imbalance": .., "min_rank": r,
//                                 "max_rank": r}, ...}},
//     ...]}
//
// One node per node of profile.json, in the same depth-first order:
// "node_id" is the node's position, the same as its attributes.node_id
// in profile.json. Every rank of the job counts (a rank not read or without
// the call path counts 0); imbalance is max / mean, null when the mean is
// 0. Compact JSON, one node per line, written while the tree is walked.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_PROFILERANKSJSON_H
#define SEXTANT_FORMAT_JOB_PROFILERANKSJSON_H

#include "format/job/CrossRankProfile.h"
#include "format/schema/JsonWriter.h"

#include <cstdint>
#include <string>

namespace sextant {
namespace format {

class ProfileRanksWriter {
public:
  static constexpr uint64_t NoParent = UINT64_MAX;

  /// Starts the document in Out, for a job of RankCount ranks whose
  /// profiles were read on RanksRead; the tree covers Range.
  ProfileRanksWriter(std::string &Out, const std::vector<int> &RanksRead,
                     RankRange Range, int RankCount, const JobMetrics &Metrics);
  /// The entry of Node, the NodeId-th node in depth-first order, whose
  /// parent is the ParentId-th (NoParent for a root).
  void node(uint64_t NodeId, uint64_t ParentId, const MergedNode &Node);
  /// Ends the document.
  void finish();

private:
  std::string &Out;
  JsonWriter Writer;
  RankRange Range;
  int RankCount;
  const JobMetrics &Metrics;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_PROFILERANKSJSON_H
