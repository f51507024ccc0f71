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

/// One armed pair of the probe's region, entered the way the plugin enters
/// a function on this target (with its frame address where the plugin
/// passes one), so that it takes the fast path an instrumented function
/// takes.
inline void probePair(const void *Frame) {
#if defined(__x86_64__) || defined(__aarch64__)
  __sextant_region_enter_frame(ProbeRegion, Frame);
#else
  (void)Frame;
  __sextant_region_enter(ProbeRegion);
#endif
  __sextant_region_exit(ProbeRegion);
}
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
  // Every enter passes the same frame address, this function's frame: the
  // probe's stack needs to hold only that address.
  char *Frame = static_cast<char *>(__builtin_frame_address(0));
  Probe->setStackBounds(reinterpret_cast<uintptr_t>(Frame) - 1,
                        reinterpret_cast<uintptr_t>(Frame));
  ThreadEventWord *Saved = CurrentThread;
  CurrentThread = Probe.get();
  for (unsigned Pair = 0; Pair < WarmUpPairs; ++Pair)
    probePair(Frame);
  Ticks BatchTicks[Batches];
  for (unsigned Batch = 0; Batch < Batches; ++Batch) {
    Ticks Begin = Clock::now();
    for (unsigned Pair = 0; Pair < PairsPerBatch; ++Pair)
      probePair(Frame);
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
