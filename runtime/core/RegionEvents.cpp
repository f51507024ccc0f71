//===- runtime/core/RegionEvents.cpp - Cold parts of the hot events -------===//
//
// Part of Sextant. The thread-local re-entry flag, the throttling call and
// the cold paths of the plugin's entry points (recordEnterFast,
// recordExitFast) of core/RegionEvents.h: PreservingColdPaths with their
// calling convention and CColdPaths, for the C convention's pair, with the
// C convention; the two share their bodies (ColdPathBodies).
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

// The cold paths of __sextant_region_enter, in one convention only.

void PreservingColdPaths::enterBlocked(uint32_t Handle,
                                       uintptr_t EnterFrame) noexcept {
  recordEnter(Handle, EnterFrame, entryReturnAddress(EnterFrame),
              EnterSite::OwnFrame);
}

void PreservingColdPaths::enterDeclined(uint32_t Handle, uintptr_t EnterFrame,
                                        Ticks Now) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterAfterBegin(*State, Handle, EnterFrame, entryReturnAddress(EnterFrame),
                  EnterSite::OwnFrame, Now);
}

/// ReadNow of ColdPathBodies::enterExact(): the clock now, or the time the
/// entry point read.
static Ticks clockNow() { return Clock::now(); }
struct TimeRead {
  Ticks Now;
  Ticks operator()() const { return Now; }
};

/// The bodies of the cold paths that exist in both conventions, each named
/// like the cold paths that run it (both enterExact* run enterExact).
struct ColdPathBodies {
  /// The enter of Handle by __sextant_region_enter_frame[_c] on a cold
  /// path, at the time ReadNow() returns once the event began.
  template <typename ReadNowT>
  static SEXTANT_ALWAYS_INLINE void
  enterExact(uint32_t Handle, uintptr_t FrameAddress, ReadNowT ReadNow) {
    ThreadState *State = beginEvent(Handle);
    if (!State)
      return;
    enterExactAfterBegin(*State, Handle, FrameAddress, ReadNow());
  }

  static SEXTANT_ALWAYS_INLINE void enterNewNode(uint32_t Handle, Ticks Now,
                                                 uintptr_t FrameAddress) {
    ThreadState &State = eventThreadState();
    // SEXTANT_FILTERED (from __sextant_region_enter_frame, whose fast path
    // does not test the handle) is no region: nothing to record.
    if (__builtin_expect(
            Handle == SEXTANT_INVALID || Handle == SEXTANT_FILTERED, 0)) {
      endEvent(State);
      return;
    }
    openFrame(State, Handle, Now, FrameAddress, /*ReuseFailed=*/true);
  }

  static SEXTANT_ALWAYS_INLINE void traceEnterSlowly(uint32_t Handle,
                                                     Ticks Now) {
    ThreadState &State = eventThreadState();
    State.Trace->recordEnter(Handle, Now, State.Recorder);
    endEvent(State);
  }

  static SEXTANT_ALWAYS_INLINE void exitBlocked(uint32_t Handle,
                                                Ticks FastNow) {
#if SEXTANT_HAVE_TSC
    if (ActiveClockSource.load(std::memory_order_relaxed) == ClockSource::Tsc) {
      recordExit(Handle, FastNow);
      return;
    }
#endif
    (void)FastNow;
    recordExit(Handle, Clock::now());
  }

  static SEXTANT_ALWAYS_INLINE void traceExitSlowly(Ticks Now) {
    ThreadState &State = eventThreadState();
    State.Trace->recordExit(Now, State.Recorder);
    endEvent(State);
  }
};

// Each cold path of both conventions, its preserve_most definition first.

void PreservingColdPaths::enterExactBlocked(uint32_t Handle,
                                            uintptr_t FrameAddress) noexcept {
  ColdPathBodies::enterExact(Handle, FrameAddress, clockNow);
}

void CColdPaths::enterExactBlocked(uint32_t Handle,
                                   uintptr_t FrameAddress) noexcept {
  ColdPathBodies::enterExact(Handle, FrameAddress, clockNow);
}

void PreservingColdPaths::enterExactDeclined(uint32_t Handle,
                                             uintptr_t FrameAddress,
                                             Ticks Now) noexcept {
  ColdPathBodies::enterExact(Handle, FrameAddress, TimeRead{Now});
}

void CColdPaths::enterExactDeclined(uint32_t Handle, uintptr_t FrameAddress,
                                    Ticks Now) noexcept {
  ColdPathBodies::enterExact(Handle, FrameAddress, TimeRead{Now});
}

void PreservingColdPaths::enterNewNode(uint32_t Handle, Ticks Now,
                                       uintptr_t FrameAddress) noexcept {
  ColdPathBodies::enterNewNode(Handle, Now, FrameAddress);
}

void CColdPaths::enterNewNode(uint32_t Handle, Ticks Now,
                              uintptr_t FrameAddress) noexcept {
  ColdPathBodies::enterNewNode(Handle, Now, FrameAddress);
}

void PreservingColdPaths::traceEnterSlowly(uint32_t Handle,
                                           Ticks Now) noexcept {
  ColdPathBodies::traceEnterSlowly(Handle, Now);
}

void CColdPaths::traceEnterSlowly(uint32_t Handle, Ticks Now) noexcept {
  ColdPathBodies::traceEnterSlowly(Handle, Now);
}

void PreservingColdPaths::traceExitSlowly(Ticks Now) noexcept {
  ColdPathBodies::traceExitSlowly(Now);
}

void CColdPaths::traceExitSlowly(Ticks Now) noexcept {
  ColdPathBodies::traceExitSlowly(Now);
}

void PreservingColdPaths::exitDeclined(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void CColdPaths::exitDeclined(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void PreservingColdPaths::exitBlocked(uint32_t Handle, Ticks FastNow) noexcept {
  ColdPathBodies::exitBlocked(Handle, FastNow);
}

void CColdPaths::exitBlocked(uint32_t Handle, Ticks FastNow) noexcept {
  ColdPathBodies::exitBlocked(Handle, FastNow);
}

} // namespace runtime
} // namespace sextant
