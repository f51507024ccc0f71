//===- runtime/output/HatchetProfile.h - profile.json for Hatchet ---------===//
//
// Part of Sextant. Renders a call-path tree as LLNL Hatchet's "literal"
// format, readable by hatchet.GraphFrame.from_literal(json.load(f)): a JSON
// array of root nodes, each
//
//   {"frame": {"name": <display name>, "type": "function"},
//    "metrics": {"time (inc)": <s>, "time": <s>, "visits": <n>},
//    "attributes": {"file": ..., "line": n, "module": ..., "mangled": ...,
//                   "region_id": n},
//    "children": [ ...nodes... ]}
//
// Children are ordered by inclusive time, largest first (ties by region
// id). The tree is walked iteratively, so deep recursion cannot overflow
// the stack.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_HATCHETPROFILE_H
#define SEXTANT_RUNTIME_OUTPUT_HATCHETPROFILE_H

#include "runtime/metrics/MetricSet.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Display name of region Id in Regions (Regions[Id - 1]), or
/// "<region Id>" for an id the table does not hold.
std::string regionDisplayName(const std::vector<RegionInfo> &Regions,
                              uint32_t Id);

/// The children of every node of Tree, ordered by inclusive time (largest
/// first, ties by region id).
std::vector<std::vector<CallPathTree::NodeIndex>>
sortedChildLists(const CallPathTree &Tree);

/// profile.json for Tree; SecondsPerTick converts the tree's ticks.
/// Metrics: the measured metrics besides time of each node of Tree (and
/// the metrics derived from them), or null for time and visits only.
std::string renderHatchetProfile(const CallPathTree &Tree,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick,
                                 const ProfileMetrics *Metrics = nullptr);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_HATCHETPROFILE_H
