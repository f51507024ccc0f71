//===- runtime/api/InstrumentationABI.cpp - The C ABI of libsextant -------===//
//
// Part of Sextant. The three functions instrumented code calls
// (include/sextant/instrumentation_abi.h), plus the library constructor and
// destructor that start and end the measurement. They share this object
// file on purpose: linking libsextant.a pulls it in through
// __sextant_region_register, and with it the constructor and destructor.
//
// enter and exit are the hot path: no lock, no allocation in steady state,
// no exception escapes (instrumented callers assume nounwind). An exit that
// brings its call path to the throttling threshold (ThrottlePolicy.h) hands
// the region to Runtime::throttleRegion, after the event, on a cold path.
//
//===----------------------------------------------------------------------===//

#include "common/Compiler.h"
#include "runtime/clock/Clock.h"
#include "runtime/core/EventBracket.h"
#include "runtime/core/Runtime.h"
#include "runtime/core/ThreadState.h"
#include "runtime/openmp/OpenMPTool.h"
#include "runtime/profile/FrameAddress.h"

#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <cstdint>

using namespace sextant::runtime;

namespace {

/// Keeps the OpenMP tool in programs linked with libsextant.a (see
/// OpenMPToolAnchor).
[[gnu::used]] const char *const KeepOpenMPTool = &OpenMPToolAnchor;

/// Set while this thread is inside registration, initialization or
/// finalization; a nested registration (instrumented code called by the
/// runtime) then returns SEXTANT_FILTERED without touching any lock.
__thread bool InRuntimeCall __attribute__((tls_model("initial-exec"))) = false;

class RuntimeCallScope {
public:
  RuntimeCallScope() { InRuntimeCall = true; }
  ~RuntimeCallScope() { InRuntimeCall = false; }
};

/// The cold part of an exit that reached the throttling threshold.
__attribute__((noinline, cold)) void throttleAfterExit(uint32_t Region,
                                                       uint64_t Visits,
                                                       Ticks InclusiveTicks,
                                                       Ticks Now) {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->throttleRegion(Region, Visits, InclusiveTicks, Now);
}

/// The CFA of the instrumented function calling __sextant_region_enter for
/// Region, or 0 when unknown; EnterFrame is __sextant_region_enter's frame
/// address and ReturnAddress its return address. Before returning, closes
/// the open frames that this CFA proves abandoned, after confirming it with
/// the unwinder (see FrameAddress.h), at time Now. The repair's own time
/// (the unwinder, closing the frames) is measurement overhead: then Now
/// becomes the time after it, and the interval is charged to no region
/// (neither the frame entered nor the one below it).
inline uintptr_t enterFrameAddress(ThreadState &State, uint32_t Region,
                                   uintptr_t EnterFrame,
                                   uintptr_t ReturnAddress, Ticks &Now) {
  int32_t Offset = FrameOffsets.get(Region);
  if (Offset == FrameOffsetTable::Unavailable)
    return 0;
  bool Exact = false;
  uintptr_t FrameAddress = EnterFrame + static_cast<uintptr_t>(Offset);
  if (__builtin_expect(Offset == FrameOffsetTable::Unknown, 0)) {
    FrameAddress = exactCallerFrameAddress(ReturnAddress);
    if (FrameAddress <= EnterFrame ||
        FrameAddress - EnterFrame > static_cast<uintptr_t>(INT32_MAX)) {
      FrameOffsets.markUnavailable(Region);
      return 0;
    }
    FrameOffsets.raise(Region, static_cast<int32_t>(FrameAddress - EnterFrame));
    Exact = true;
  }
  if (!State.isOnStack(FrameAddress))
    return 0;
  if (__builtin_expect(State.Recorder.topMayBeAbandoned(FrameAddress), 0)) {
    if (!Exact) {
      uintptr_t Measured = exactCallerFrameAddress(ReturnAddress);
      if (Measured <= EnterFrame || !State.isOnStack(Measured))
        return 0;
      if (Measured - EnterFrame <= static_cast<uintptr_t>(INT32_MAX))
        FrameOffsets.raise(Region, static_cast<int32_t>(Measured - EnterFrame));
      FrameAddress = Measured;
    }
    size_t Closed = State.Recorder.closeAbandonedFrames(FrameAddress, Now);
    if (State.Trace)
      State.Trace->recordExits(Closed, Now, State.Recorder);
    Ticks Repaired = Clock::now();
    State.Recorder.chargeToNoRegion(Repaired > Now ? Repaired - Now : 0);
    Now = Repaired;
  }
  return FrameAddress;
}

__attribute__((constructor)) void startMeasurement() {
  RuntimeCallScope Scope;
  Runtime::instance();
}

__attribute__((destructor)) void endMeasurement() {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->finalize();
}

} // namespace

extern "C" {

SEXTANT_EXPORT SEXTANT_ABI_CALL uint32_t
__sextant_region_register(const sextant_region_descriptor *Descriptor) {
  if (!Descriptor)
    return SEXTANT_FILTERED;
  if (Descriptor->handle) {
    uint32_t Known = __atomic_load_n(Descriptor->handle, __ATOMIC_RELAXED);
    if (Known != SEXTANT_INVALID)
      return Known;
  }
  if (InRuntimeCall)
    return SEXTANT_FILTERED; // not stored: a later call registers it
  RuntimeCallScope Scope;
  try {
    if (Runtime *Instance = Runtime::instance())
      return Instance->registerRegion(*Descriptor);
  } catch (...) {
    // Out of memory: this call is not measured; a later call retries.
  }
  return SEXTANT_FILTERED;
}

SEXTANT_EXPORT SEXTANT_ABI_CALL void __sextant_region_enter(uint32_t Handle) {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  Ticks Now = Clock::now();
  uintptr_t FrameAddress = enterFrameAddress(
      *State, Handle, reinterpret_cast<uintptr_t>(__builtin_frame_address(0)),
      reinterpret_cast<uintptr_t>(__builtin_return_address(0)), Now);
  try {
    State->Recorder.enter(Handle, Now, FrameAddress);
  } catch (...) {
    // A new node or a deeper stack could not be allocated; the recorder is
    // unchanged. Later exits of the frames open now are ignored.
    endEvent(*State);
    if (Runtime *Instance = Runtime::existing())
      Instance->abandonCurrentThread(*State);
    return;
  }
  traceEnter(State->TraceOut, State->Trace.get(), Handle, Now, State->Recorder);
  if (__builtin_expect(State->Metrics != nullptr, 0))
    State->Metrics->afterEnter(State->Recorder);
  endEvent(*State);
}

SEXTANT_EXPORT SEXTANT_ABI_CALL void __sextant_region_exit(uint32_t Handle) {
  Ticks Now = Clock::now();
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  const CallPathTree::Node *Throttled = exitAndTrace(
      State->Recorder, State->TraceOut, State->Trace.get(), Handle, Now);
  if (__builtin_expect(State->Metrics != nullptr, 0))
    State->Metrics->afterExit(State->Recorder, Now);
  if (__builtin_expect(Throttled != nullptr, 0)) {
    uint64_t Visits = Throttled->Visits;
    Ticks InclusiveTicks = Throttled->InclusiveTicks;
    endEvent(*State);
    throttleAfterExit(Handle, Visits, InclusiveTicks, Now);
    return;
  }
  endEvent(*State);
}

} // extern "C"
