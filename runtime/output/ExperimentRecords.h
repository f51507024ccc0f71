//===- runtime/output/ExperimentRecords.h - Run and regions as records ----===//
//
// Part of Sextant. At the end of the run (a cold path), the runtime's
// description of the run (ExperimentInfo) and its region table (RegionInfo)
// become the records of format/schema/ExperimentDescription.h, from which
// format/ writes experiment.json and regions.json and renders summary.txt.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_EXPERIMENTRECORDS_H
#define SEXTANT_RUNTIME_OUTPUT_EXPERIMENTRECORDS_H

#include "runtime/output/ExperimentInfo.h"
#include "runtime/regions/RegionRegistry.h"

#include "format/schema/ExperimentDescription.h"

#include <vector>

namespace sextant {
namespace runtime {

/// Region as regions.json records it.
format::RegionRecord regionRecord(const RegionInfo &Region);

/// Every region of Regions, in order.
std::vector<format::RegionRecord>
regionRecords(const std::vector<RegionInfo> &Regions);

/// The run as experiment.json records it; Regions gives the region
/// counters.
format::ExperimentMetadata
experimentRecord(const ExperimentInfo &Info,
                 const std::vector<RegionInfo> &Regions);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_EXPERIMENTRECORDS_H
