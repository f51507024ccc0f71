//===- runtime/regions/ThrottlePolicy.h - When a region is throttled ------===//
//
// Part of Sextant. Throttling disarms regions that are called very often
// and return very quickly: their measurement would cost more than the work
// it measures. A region is throttled when one of its call paths, on one
// thread, completes its N-th visit (N = SEXTANT_THROTTLE's visits) while the
// mean inclusive time of those N visits is below T nanoseconds
// (SEXTANT_THROTTLE's ns). The check happens once per call path and thread,
// at that N-th exit; it costs the exit one comparison of the node's visit
// count, which is already loaded.
//
// Throttling stores SEXTANT_FILTERED into the region's handle(s) (see
// RegionArming.h): calls that start afterwards skip the runtime, calls in
// progress still record their exit, so no enter/exit pair is broken. What
// was recorded before stays in the profile; time spent in the region
// afterwards counts as exclusive time of its callers.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_THROTTLEPOLICY_H
#define SEXTANT_RUNTIME_REGIONS_THROTTLEPOLICY_H

#include "runtime/clock/Clock.h"

#include <cstdint>

namespace sextant {
namespace runtime {

/// The value of SEXTANT_THROTTLE.
struct ThrottleSetting {
  bool Enabled = false;
  /// Visits of one call path on one thread at which the check happens.
  uint64_t MinVisits = 0;
  /// Mean inclusive time per visit below which the region is throttled.
  uint64_t MaxMeanVisitNanoseconds = 0;

  bool operator==(const ThrottleSetting &Other) const {
    return Enabled == Other.Enabled && MinVisits == Other.MinVisits &&
           MaxMeanVisitNanoseconds == Other.MaxMeanVisitNanoseconds;
  }
};

/// The check of one recorder, in ticks: throttle when a node's visits
/// reach Visits while its inclusive ticks are below MaxInclusiveTicks.
struct ThrottleThreshold {
  uint64_t Visits = 0; ///< 0: never (no node has 0 visits at an exit)
  Ticks MaxInclusiveTicks = 0;
};

/// The threshold for Setting with a clock of TicksPerSecond.
ThrottleThreshold throttleThreshold(const ThrottleSetting &Setting,
                                    double TicksPerSecond);

/// True when a node that has Visits visits, InclusiveTicks in total, is to
/// be throttled under Threshold.
inline bool reachesThrottleThreshold(const ThrottleThreshold &Threshold,
                                     uint64_t Visits, Ticks InclusiveTicks) {
  return Visits == Threshold.Visits &&
         InclusiveTicks < Threshold.MaxInclusiveTicks;
}

/// What the output says about a throttled region.
struct ThrottleRecord {
  /// Seconds from the start of the measurement to the throttling.
  double AfterSeconds = 0;
  /// Visits of the call path that triggered it, at that moment.
  uint64_t Visits = 0;
  /// Its mean inclusive time per visit then, in seconds.
  double MeanVisitSeconds = 0;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_THROTTLEPOLICY_H
