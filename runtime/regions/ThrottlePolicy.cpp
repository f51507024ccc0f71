//===- runtime/regions/ThrottlePolicy.cpp - When a region is throttled ----===//
//
// Part of Sextant. Conversion of SEXTANT_THROTTLE into recorder ticks.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/ThrottlePolicy.h"

namespace sextant {
namespace runtime {

ThrottleThreshold throttleThreshold(const ThrottleSetting &Setting,
                                    double TicksPerSecond) {
  ThrottleThreshold Threshold;
  if (!Setting.Enabled || Setting.MinVisits == 0 || TicksPerSecond <= 0)
    return Threshold;
  double Limit = static_cast<double>(Setting.MinVisits) *
                 static_cast<double>(Setting.MaxMeanVisitNanoseconds) *
                 TicksPerSecond / 1e9;
  Threshold.Visits = Setting.MinVisits;
  // 2^64 and above cannot be represented: every node qualifies.
  Threshold.MaxInclusiveTicks = Limit >= 18446744073709551615.0
                                    ? UINT64_MAX
                                    : static_cast<uint64_t>(Limit);
  return Threshold;
}

} // namespace runtime
} // namespace sextant
