//===- tools/sextant/RegionScore.h - Cost per region ------------*- C++ -*-===//
//
// Part of Sextant. The estimates behind `sextant score`, in the manner of
// scorep-score: per region, how much its instrumentation costs (visits times
// the cost of one enter+exit pair) and how large a trace of it would be
// (two events per visit times the bytes per event), and whether a filter
// generated with `sextant score -g` excludes it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_REGIONSCORE_H
#define SEXTANT_TOOLS_REGIONSCORE_H

#include "RegionOrigin.h"
#include "format/reader/ExperimentReader.h"

#include <optional>
#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// Cost of an enter+exit pair when experiment.json does not record the
/// measured value: about two clock_gettime(CLOCK_MONOTONIC) reads (~20 ns
/// each through the vDSO on current x86-64 Linux) plus the bookkeeping.
constexpr double DefaultEventPairCostSeconds = 50e-9;
/// Trace bytes per event when the experiment holds no trace: the design's
/// budget for the compact event encoding (docs/design.md).
constexpr double DefaultTraceBytesPerEvent = 8.0;
/// Filter thresholds of `sextant score -g` (see docs/sextant.md for why).
constexpr uint64_t DefaultFilterMinVisits = 10000;
constexpr double DefaultFilterMaxTimePerVisit = 1e-6;

/// The figures the estimates are made from, and where they came from.
struct CostModel {
  double EventPairCostSeconds = DefaultEventPairCostSeconds;
  std::string PairCostSource; ///< how EventPairCostSeconds was chosen
  double TraceBytesPerEvent = DefaultTraceBytesPerEvent;
  std::string TraceBytesSource; ///< how TraceBytesPerEvent was chosen
};

/// Which regions a generated filter excludes: every region with at least
/// MinVisits visits and at most MaxTimePerVisit inclusive seconds per visit,
/// and every region the runtime throttled. Regions of the user API are
/// never excluded (they are not instrumented by the plugin).
struct FilterThresholds {
  uint64_t MinVisits = DefaultFilterMinVisits;
  double MaxTimePerVisit = DefaultFilterMaxTimePerVisit;
};

struct RegionScore {
  uint32_t RegionId = 0;
  std::string Name;
  std::string Mangled;
  uint64_t Visits = 0;
  double ExclusiveSeconds = 0;
  double InclusiveSeconds = 0;
  double OverheadSeconds = 0;
  double TraceBytes = 0;
  bool Throttled = false;
  /// Who measures the region: whether a recompile with the filter can
  /// remove it, or only the runtime filter.
  RegionOrigin Origin = RegionOrigin::CompiledFunction;
  bool ExcludedByFilter = false;

  double inclusivePerVisit() const {
    return Visits == 0 ? 0.0 : InclusiveSeconds / static_cast<double>(Visits);
  }
};

/// The cost model of E: its measured pair cost when recorded, else the
/// default; BytesOverride (from the command line), else the average bytes
/// per event of E's trace, else the default.
CostModel chooseCostModel(const format::Experiment &E,
                          std::optional<double> BytesOverride);

/// One score per region that was entered, sorted by estimated overhead
/// (largest first; ties by exclusive time, then name).
std::vector<RegionScore> scoreRegions(const format::Experiment &E,
                                      const CostModel &Model,
                                      const FilterThresholds &Thresholds);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_REGIONSCORE_H
