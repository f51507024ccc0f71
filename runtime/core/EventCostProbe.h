//===- runtime/core/EventCostProbe.h - Cost of one event pair ---*- C++ -*-===//
//
// Part of Sextant. Measures, at start-up, what one armed enter+exit pair
// costs in profile mode on this machine: the calling thread temporarily
// records into a private ThreadState, calls the entry points the plugin
// calls (__sextant_region_enter_frame with its frame address on x86-64 and
// AArch64, else __sextant_region_enter, and __sextant_region_exit) for a
// private region (id ProbeRegion, never registered) a few hundred times in
// batches, and takes the median batch. The result goes into experiment.json
// (event_pair_cost_seconds), where `sextant score` uses it to estimate the
// measurement overhead of each region. It takes well under a millisecond.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_EVENTCOSTPROBE_H
#define SEXTANT_RUNTIME_CORE_EVENTCOSTPROBE_H

#include <cstdint>

namespace sextant {
namespace runtime {

/// The region id of the probe: not a registered id, not SEXTANT_FILTERED.
constexpr uint32_t ProbeRegion = 0xFFFFFFFEu;

/// Seconds per enter+exit pair, with the runtime clock running at
/// TicksPerSecond. Call only before any thread records (initialization).
double measureEventPairCost(double TicksPerSecond) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_EVENTCOSTPROBE_H
