//===- runtime/output/SummaryReport.h - summary.txt of an experiment ------===//
//
// Part of Sextant. The human-readable summary of a run: a header (program,
// process, threads, wall time, output directory, counters), the flat profile
// (every region summed over all its call paths, sorted by exclusive time)
// and the whole call tree, indented. Nothing is cut off.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H
#define SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H

#include "runtime/output/ExperimentInfo.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// One row of the flat profile, in ticks.
struct FlatProfileEntry {
  uint32_t Region = 0;
  uint64_t Visits = 0;
  uint64_t ExclusiveTicks = 0;
  /// Inclusive time of the outermost activations only: a recursive call
  /// below a call of the same region is not counted twice.
  uint64_t InclusiveTicks = 0;
};

/// The flat profile of Tree: one entry per region that occurs in it,
/// sorted by exclusive time (largest first, ties by region id).
std::vector<FlatProfileEntry> computeFlatProfile(const CallPathTree &Tree);

/// The contents of summary.txt.
std::string renderSummary(const ExperimentInfo &Info, const CallPathTree &Tree,
                          const std::vector<RegionInfo> &Regions);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H
