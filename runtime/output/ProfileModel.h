//===- runtime/output/ProfileModel.h - A call-path tree as the model -----===//
//
// Part of Sextant. At the end of the run (a cold path), the runtime turns
// its call-path tree, region table and metrics into the profile model of
// format/profile/CallPathProfile.h, from which format/ writes profile.json,
// profile-threads.json and profile.folded and renders the views of
// summary.txt. Nodes come depth first, the children of each node ordered by
// inclusive time (largest first, ties by region id), as profile.json lists
// them. The tree is walked iteratively, so deep recursion cannot overflow
// the stack.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_PROFILEMODEL_H
#define SEXTANT_RUNTIME_OUTPUT_PROFILEMODEL_H

#include "runtime/metrics/MetricSet.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include "format/profile/CallPathProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Display name of region Id in Regions (Regions[Id - 1]), or
/// "<region Id>" for an id the table does not hold.
std::string regionDisplayName(const std::vector<RegionInfo> &Regions,
                              uint32_t Id);

/// The profile model of Tree; SecondsPerTick converts the tree's ticks.
/// Metrics: the measured metrics besides time of each node of Tree (to
/// which the metrics derived from them are added), or null for time and
/// visits only.
format::CallPathProfile buildCallPathProfile(
    const CallPathTree &Tree, const std::vector<RegionInfo> &Regions,
    double SecondsPerTick, const ProfileMetrics *Metrics = nullptr);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_PROFILEMODEL_H
