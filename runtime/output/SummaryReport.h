//===- runtime/output/SummaryReport.h - summary.txt of an experiment ------===//
//
// Part of Sextant. The human-readable summary of a run: a header (program,
// process, threads, wall time, output directory, counters), the flat profile
// (every region summed over all its call paths, sorted by exclusive time)
// and the whole call tree, indented. Nothing is cut off. The two views are
// those of format/ (FlatProfile.h, CallTreeView.h) that `sextant report`
// shows too, laid out in columns of fixed width.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H
#define SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H

#include "runtime/output/ExperimentInfo.h"
#include "runtime/regions/RegionRegistry.h"

#include "format/CallPathProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// The contents of summary.txt.
/// Profile: the merged call-path tree (ProfileModel.h).
std::string renderSummary(const ExperimentInfo &Info,
                          const format::CallPathProfile &Profile,
                          const std::vector<RegionInfo> &Regions);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_SUMMARYREPORT_H
