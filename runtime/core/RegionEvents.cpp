//===- runtime/core/RegionEvents.cpp - Cold parts of the hot events -------===//
//
// Part of Sextant. The thread-local re-entry flag, the throttling call and
// the out-of-line paths of the plugin's entry points (recordEnterFast,
// recordExitFast) of core/RegionEvents.h, with their calling convention,
// and those of the C convention's pair with the C convention.
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

// The bodies of the slow paths that exist in both conventions.

/// The enter of Handle by __sextant_region_enter_frame[_c] on the slow
/// path, at the time ReadNow() returns once the event began.
template <typename ReadNowT>
SEXTANT_ALWAYS_INLINE void enterFrame(uint32_t Handle, uintptr_t FrameAddress,
                                      ReadNowT ReadNow) {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterExactAfterBegin(*State, Handle, FrameAddress, ReadNow());
}

/// ReadNow of enterFrame(): the clock now, or the time the entry point read.
static Ticks clockNow() { return Clock::now(); }
struct TimeRead {
  Ticks Now;
  Ticks operator()() const { return Now; }
};

SEXTANT_ALWAYS_INLINE void enterNewFrame(uint32_t Handle, Ticks Now,
                                         uintptr_t FrameAddress) {
  ThreadState &State = eventThreadState();
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

SEXTANT_ALWAYS_INLINE void enterTrace(uint32_t Handle, Ticks Now) {
  ThreadState &State = eventThreadState();
  State.Trace->recordEnter(Handle, Now, State.Recorder);
  endEvent(State);
}

SEXTANT_ALWAYS_INLINE void exitTrace(Ticks Now) {
  ThreadState &State = eventThreadState();
  State.Trace->recordExit(Now, State.Recorder);
  endEvent(State);
}

SEXTANT_ALWAYS_INLINE void exitUncheckedClock(uint32_t Handle, Ticks FastNow) {
#if SEXTANT_HAVE_TSC
  if (ActiveClockSource.load(std::memory_order_relaxed) == ClockSource::Tsc) {
    recordExit(Handle, FastNow);
    return;
  }
#endif
  (void)FastNow;
  recordExit(Handle, Clock::now());
}

void enterFrameSlowPath(uint32_t Handle, uintptr_t FrameAddress) noexcept {
  enterFrame(Handle, FrameAddress, clockNow);
}

void enterFrameSlowPathC(uint32_t Handle, uintptr_t FrameAddress) noexcept {
  enterFrame(Handle, FrameAddress, clockNow);
}

void enterFrameSlowPathAt(uint32_t Handle, uintptr_t FrameAddress,
                          Ticks Now) noexcept {
  enterFrame(Handle, FrameAddress, TimeRead{Now});
}

void enterFrameSlowPathAtC(uint32_t Handle, uintptr_t FrameAddress,
                           Ticks Now) noexcept {
  enterFrame(Handle, FrameAddress, TimeRead{Now});
}

void enterSlowPathNewFrame(uint32_t Handle, Ticks Now,
                           uintptr_t FrameAddress) noexcept {
  enterNewFrame(Handle, Now, FrameAddress);
}

void enterSlowPathNewFrameC(uint32_t Handle, Ticks Now,
                            uintptr_t FrameAddress) noexcept {
  enterNewFrame(Handle, Now, FrameAddress);
}

void enterSlowPathTrace(uint32_t Handle, Ticks Now) noexcept {
  enterTrace(Handle, Now);
}

void enterSlowPathTraceC(uint32_t Handle, Ticks Now) noexcept {
  enterTrace(Handle, Now);
}

void exitSlowPathTrace(Ticks Now) noexcept { exitTrace(Now); }

void exitSlowPathTraceC(Ticks Now) noexcept { exitTrace(Now); }

void exitSlowPath(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void exitSlowPathC(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void exitSlowPathUncheckedClock(uint32_t Handle, Ticks FastNow) noexcept {
  exitUncheckedClock(Handle, FastNow);
}

void exitSlowPathUncheckedClockC(uint32_t Handle, Ticks FastNow) noexcept {
  exitUncheckedClock(Handle, FastNow);
}

} // namespace runtime
} // namespace sextant
