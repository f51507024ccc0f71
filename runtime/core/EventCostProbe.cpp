//===- runtime/core/EventCostProbe.cpp - Cost of one event pair -----------===//
//
// Part of Sextant. The start-up measurement of the cost of an event pair.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/EventCostProbe.h"

#include "runtime/clock/Clock.h"
#include "runtime/core/ThreadState.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>
#include <memory>

namespace sextant {
namespace runtime {

namespace {
constexpr unsigned WarmUpPairs = 64;
constexpr unsigned PairsPerBatch = 128;
constexpr unsigned Batches = 7;
} // namespace

double measureEventPairCost(double TicksPerSecond) noexcept {
  if (TicksPerSecond <= 0)
    return 0;
  std::unique_ptr<ThreadState> Probe;
  try {
    Probe = std::make_unique<ThreadState>();
  } catch (...) {
    return 0;
  }
  ThreadEventWord *Saved = CurrentThread;
  CurrentThread = Probe.get();
  for (unsigned Pair = 0; Pair < WarmUpPairs; ++Pair) {
    __sextant_region_enter(ProbeRegion);
    __sextant_region_exit(ProbeRegion);
  }
  Ticks BatchTicks[Batches];
  for (unsigned Batch = 0; Batch < Batches; ++Batch) {
    Ticks Begin = Clock::now();
    for (unsigned Pair = 0; Pair < PairsPerBatch; ++Pair) {
      __sextant_region_enter(ProbeRegion);
      __sextant_region_exit(ProbeRegion);
    }
    Ticks End = Clock::now();
    BatchTicks[Batch] = End > Begin ? End - Begin : 0;
  }
  bool Recorded =
      Probe->Recorder.tree().size() == 2 && Probe->Recorder.depth() == 0;
  CurrentThread = Saved;
  if (!Recorded)
    return 0; // the events were not recorded (e.g. out of memory)
  std::sort(BatchTicks, BatchTicks + Batches);
  double Median = static_cast<double>(BatchTicks[Batches / 2]);
  return Median / PairsPerBatch / TicksPerSecond;
}

} // namespace runtime
} // namespace sextant
