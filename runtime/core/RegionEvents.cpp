//===- runtime/core/RegionEvents.cpp - Cold parts of the hot events -------===//
//
// Part of Sextant. The thread-local re-entry flag, the throttling call and
// the out-of-line paths of the plugin's entry points (recordEnterFast,
// recordExitFast) of core/RegionEvents.h, with their calling convention.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/RegionEvents.h"

namespace sextant {
namespace runtime {

__thread bool InRuntimeCall __attribute__((tls_model("initial-exec"))) = false;

void throttleAfterExit(uint32_t Region, uint64_t Visits, Ticks InclusiveTicks,
                       Ticks Now) noexcept {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->throttleRegion(Region, Visits, InclusiveTicks, Now);
}

/// The return address of the entry point with frame address EnterFrame.
static uintptr_t entryReturnAddress(uintptr_t EnterFrame) {
  return reinterpret_cast<const uintptr_t *>(EnterFrame)[1];
}

void enterSlowPath(uint32_t Handle, uintptr_t EnterFrame) noexcept {
  recordEnter(Handle, EnterFrame, entryReturnAddress(EnterFrame),
              EnterSite::OwnFrame);
}

void enterSlowPathAt(uint32_t Handle, uintptr_t EnterFrame,
                     Ticks Now) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterAfterBegin(*State, Handle, EnterFrame, entryReturnAddress(EnterFrame),
                  EnterSite::OwnFrame, Now);
}

void enterFrameSlowPath(uint32_t Handle, uintptr_t FrameAddress) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterExactAfterBegin(*State, Handle, FrameAddress, Clock::now());
}

void enterFrameSlowPathAt(uint32_t Handle, uintptr_t FrameAddress,
                          Ticks Now) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterExactAfterBegin(*State, Handle, FrameAddress, Now);
}

void enterSlowPathNewFrame(uint32_t Handle, Ticks Now,
                           uintptr_t FrameAddress) noexcept {
  ThreadState &State = *CurrentThread;
  // SEXTANT_FILTERED (from __sextant_region_enter_frame, whose fast path
  // does not test the handle) is no region: nothing to record.
  if (__builtin_expect(Handle == SEXTANT_INVALID || Handle == SEXTANT_FILTERED,
                       0)) {
    endEvent(State);
    return;
  }
  enterWithFrameAddress(State, Handle, Now, FrameAddress,
                        /*ReuseFailed=*/true);
}

void enterSlowPathTrace(uint32_t Handle, Ticks Now) noexcept {
  ThreadState &State = *CurrentThread;
  State.Trace->recordEnter(Handle, Now, State.Recorder);
  endEvent(State);
}

void exitSlowPathTrace(Ticks Now) noexcept {
  ThreadState &State = *CurrentThread;
  State.Trace->recordExit(Now, State.Recorder);
  endEvent(State);
}

void exitSlowPath(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void exitSlowPathUncheckedClock(uint32_t Handle, Ticks FastNow) noexcept {
#if SEXTANT_HAVE_TSC
  if (ActiveClockSource.load(std::memory_order_relaxed) == ClockSource::Tsc) {
    recordExit(Handle, FastNow);
    return;
  }
#endif
  (void)FastNow;
  recordExit(Handle, Clock::now());
}

} // namespace runtime
} // namespace sextant
