//===- runtime/core/RegionEvents.h - Recording an enter or an exit --------===//
//
// Part of Sextant. The bodies of the two hot events, shared by the entry
// points that instrumented code calls (api/RegionEntryPoints.cpp,
// cygprofile/CygProfileHooks.cpp). Each entry point runs one inlined path;
// those of the plugin leave it for out-of-line cold paths
// (RegionEvents.cpp) in every case but the common one:
//
//   entry point                     inlined path and frame address
//     its cold paths
//   ------------------------------  ----------------------------------------
//   __sextant_region_enter          recordEnterFast(EstimatedEnterFrame)
//     PreservingColdPaths::enterBlocked, enterDeclined, enterNewNode,
//     traceEnterSlowly
//   __sextant_region_enter_frame    recordEnterFast(ExactEnterFrame)
//     PreservingColdPaths::enterExactBlocked, enterExactDeclined,
//     enterNewNode, traceEnterSlowly
//   __sextant_region_exit           recordExitFast<PreservingColdPaths>
//     PreservingColdPaths::exitBlocked, exitDeclined, traceExitSlowly
//   __sextant_region_enter_frame_c  recordEnterFast(ExactEnterFrameC)
//     CColdPaths::enterExactBlocked, enterExactDeclined, enterNewNode,
//     traceEnterSlowly
//   __sextant_region_exit_c         recordExitFast<CColdPaths>
//     CColdPaths::exitBlocked, exitDeclined, traceExitSlowly
//   __cyg_profile_func_enter        recordEnter (estimated, EnterSite)
//     none
//   __cyg_profile_func_exit         recordExit
//     none
//
// Built by GCC, the first three are trampolines (api/AbiTrampolines.S) that
// call __sextant_region_*_impl, which run the same inlined paths.
//
// A cold path is named after the place where the fast path left (the same
// names in both conventions):
//
//   *Blocked      beginFastEvent() found the event blocked: nothing began
//                 and no time was read. The cold path records the whole
//                 event (recordEnter, recordExit), reading the chosen clock
//                 (exitBlocked keeps the entry point's time when that clock
//                 is the TSC).
//   *Declined     a test failed after the event began and the clock was
//                 read; the fast path cleared Busy without changing
//                 anything. The cold path records the whole event at the
//                 entry point's time.
//   enterNewNode  the frame's stack slot does not keep its node: the enter
//                 goes on, begun and its frame address known, with a new
//                 node.
//   trace*Slowly  the frame is opened or closed but the trace's fast path
//                 could not take the event: the trace's slow path, then
//                 endEvent().
//
// The general path, step by step: recordEnter is beginEvent(), the clock
// read and enterAfterBegin (or enterExactAfterBegin), which finds the frame
// address (estimateFrameAddress, or checkExactFrameAddress for an exact
// CFA; both close the frames it proves abandoned) and runs openFrame (the
// recorder, the trace, the metrics, endEvent()). recordExit is beginEvent()
// and exitAfterBegin: exitAndTrace (trace/ThreadTrace.h), then finishExit
// (the metrics, endEvent(), throttling).
//
// The instrumented function's canonical frame address (CFA) comes from the
// function itself with __sextant_region_enter_frame (ExactEnterFrame); for
// __sextant_region_enter and the hooks, it is estimated from the entry
// point's own frame address and return address (estimateFrameAddress, see
// profile/FrameAddress.h), which the entry point passes in, also to the
// cold paths (EstimatedEnterFrame).
//
// enter and exit are the hot path: no lock, no allocation in steady state,
// no exception escapes (instrumented callers assume nounwind). An exit that
// brings its call path to the throttling threshold (ThrottlePolicy.h) hands
// the region to Runtime::throttleRegion, after the event, on a cold path.
//
// InRuntimeCall is set while the calling thread is inside registration,
// initialization or finalization: a nested registration (instrumented code
// called by the runtime) then gives up at once without touching any lock.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_REGIONEVENTS_H
#define SEXTANT_RUNTIME_CORE_REGIONEVENTS_H

#include "common/Compiler.h"
#include "runtime/clock/Clock.h"
#include "runtime/core/EventBracket.h"
#include "runtime/core/Runtime.h"
#include "runtime/core/ThreadState.h"
#include "runtime/profile/FrameAddress.h"

#include "sextant/instrumentation_abi.h"

#include <climits>
#include <cstdint>

namespace sextant {
namespace runtime {

/// True while this thread runs registration, initialization or finalization.
extern __thread bool InRuntimeCall __attribute__((tls_model("initial-exec")));

class RuntimeCallScope {
public:
  RuntimeCallScope() { InRuntimeCall = true; }
  ~RuntimeCallScope() { InRuntimeCall = false; }
  RuntimeCallScope(const RuntimeCallScope &) = delete;
  RuntimeCallScope &operator=(const RuntimeCallScope &) = delete;
};

/// The cold part of an exit that reached the throttling threshold.
__attribute__((noinline, cold)) void throttleAfterExit(uint32_t Region,
                                                       uint64_t Visits,
                                                       Ticks InclusiveTicks,
                                                       Ticks Now) noexcept;

/// Whose frame the entry point was called from.
enum class EnterSite {
  /// The entered function's own frame (the plugin's call, or the
  /// -finstrument-functions hook called by a function's out-of-line copy):
  /// the frame's CFA is found and abandoned frames are repaired.
  OwnFrame,
  /// Perhaps a caller's frame: GCC and clang also call the
  /// -finstrument-functions hook for inlined functions, from their caller's
  /// frame, whose CFA would prove the caller abandoned. The frame is opened
  /// without a CFA, so that it never judges nor is judged abandoned.
  MaybeCallerFrame
};

/// Closes, at time Now, the open frames that FrameAddress, the exact CFA of
/// the function being entered, proves abandoned, and traces their exits.
/// The repair's own time is measurement overhead: Now becomes the time after
/// it, and the interval is charged to no region (neither the frame entered
/// nor the one below it).
SEXTANT_ALWAYS_INLINE void
closeAbandonedFrames(ThreadState &State, uintptr_t FrameAddress, Ticks &Now) {
  size_t Closed = State.Recorder.closeAbandonedFrames(FrameAddress, Now);
  if (State.Trace)
    State.Trace->recordExits(Closed, Now, State.Recorder);
  Ticks Repaired = Clock::now();
  State.Recorder.chargeToNoRegion(Repaired > Now ? Repaired - Now : 0);
  Now = Repaired;
}

/// The CFA of the instrumented function calling the entry point for Region,
/// estimated with the region's offset (FrameOffsetTable), or 0 when
/// unknown; EnterFrame is the entry point's frame address and ReturnAddress
/// its return address. Before returning, closes the open
/// frames that this CFA proves abandoned, after confirming it with the
/// unwinder (see FrameAddress.h), at time Now (closeAbandonedFrames(); the
/// unwinder's time is part of the repair's).
SEXTANT_ALWAYS_INLINE uintptr_t estimateFrameAddress(ThreadState &State,
                                                     uint32_t Region,
                                                     uintptr_t EnterFrame,
                                                     uintptr_t ReturnAddress,
                                                     Ticks &Now) {
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
    closeAbandonedFrames(State, FrameAddress, Now);
  }
  return FrameAddress;
}

/// estimateFrameAddress() when the entered function passed its exact CFA,
/// FrameAddress (__sextant_region_enter_frame): no estimate, no unwinder.
/// Returns FrameAddress, or 0 when it is not on the thread's stack (an
/// alternate signal stack, a coroutine): then it is not compared.
SEXTANT_ALWAYS_INLINE uintptr_t checkExactFrameAddress(ThreadState &State,
                                                       uintptr_t FrameAddress,
                                                       Ticks &Now) {
  if (!State.isOnStack(FrameAddress))
    return 0;
  if (__builtin_expect(State.Recorder.topMayBeAbandoned(FrameAddress), 0))
    closeAbandonedFrames(State, FrameAddress, Now);
  return FrameAddress;
}

/// The end of an enter of Handle (a region id) at time Now whose frame
/// address (0 when unknown) is known and whose abandoned frames are closed:
/// opens the frame, traces it, updates the metrics and ends the event
/// (endEvent()). ReuseFailed: CallPathRecorder::tryEnterReused() was
/// tried and failed.
SEXTANT_ALWAYS_INLINE void openFrame(ThreadState &State, uint32_t Handle,
                                     Ticks Now, uintptr_t FrameAddress,
                                     bool ReuseFailed = false) {
  try {
    if (ReuseFailed)
      State.Recorder.enterNew(Handle, Now, FrameAddress);
    else
      State.Recorder.enter(Handle, Now, FrameAddress);
  } catch (...) {
    // A new node or a deeper stack could not be allocated; the recorder is
    // unchanged. Later exits of the frames open now are ignored.
    endEvent(State);
    if (Runtime *Instance = Runtime::existing())
      Instance->abandonCurrentThread(State);
    return;
  }
  traceEnter(State.TraceOut, State.Trace.get(), Handle, Now, State.Recorder);
  if (__builtin_expect(State.Metrics != nullptr, 0))
    State.Metrics->afterEnter(State.Recorder);
  endEvent(State);
}

/// The part of an enter of Handle (a region id) that follows beginEvent()
/// and the clock read (time Now): finds the frame address, opens the frame,
/// traces it, updates the metrics and ends the event (endEvent()).
SEXTANT_ALWAYS_INLINE void enterAfterBegin(ThreadState &State, uint32_t Handle,
                                           uintptr_t EnterFrame,
                                           uintptr_t ReturnAddress,
                                           EnterSite Site, Ticks Now) noexcept {
  uintptr_t FrameAddress =
      Site == EnterSite::OwnFrame
          ? estimateFrameAddress(State, Handle, EnterFrame, ReturnAddress, Now)
          : 0;
  openFrame(State, Handle, Now, FrameAddress);
}

/// enterAfterBegin() when the entered function passed its exact CFA,
/// FrameAddress (checkExactFrameAddress).
SEXTANT_ALWAYS_INLINE void enterExactAfterBegin(ThreadState &State,
                                                uint32_t Handle,
                                                uintptr_t FrameAddress,
                                                Ticks Now) noexcept {
  uintptr_t Address = checkExactFrameAddress(State, FrameAddress, Now);
  openFrame(State, Handle, Now, Address);
}

/// Records an enter of Handle (a region id, or a value that records
/// nothing) by the entry point with frame address EnterFrame and return
/// address ReturnAddress.
SEXTANT_ALWAYS_INLINE void recordEnter(uint32_t Handle, uintptr_t EnterFrame,
                                       uintptr_t ReturnAddress,
                                       EnterSite Site) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  enterAfterBegin(*State, Handle, EnterFrame, ReturnAddress, Site,
                  Clock::now());
}

/// The end of an exit of Handle at time Now, closed and traced: updates the
/// metrics, ends the event and throttles the region when Throttled (what
/// CallPathRecorder::exit() returned) is not null.
SEXTANT_ALWAYS_INLINE void finishExit(ThreadState &State, uint32_t Handle,
                                      Ticks Now,
                                      const CallPathTree::Node *Throttled) {
  if (__builtin_expect(State.Metrics != nullptr, 0))
    State.Metrics->afterExit(State.Recorder, Now);
  if (__builtin_expect(Throttled != nullptr, 0)) {
    uint64_t Visits = Throttled->Visits;
    Ticks InclusiveTicks = Throttled->InclusiveTicks;
    endEvent(State);
    throttleAfterExit(Handle, Visits, InclusiveTicks, Now);
    return;
  }
  endEvent(State);
}

/// The part of an exit of Handle (a region id) at time Now that follows
/// beginEvent(): closes the frame (or repairs), traces, updates the metrics,
/// ends the event and throttles the region when its call path reached the
/// threshold.
SEXTANT_ALWAYS_INLINE void exitAfterBegin(ThreadState &State, uint32_t Handle,
                                          Ticks Now) noexcept {
  const CallPathTree::Node *Throttled = exitAndTrace(
      State.Recorder, State.TraceOut, State.Trace.get(), Handle, Now);
  finishExit(State, Handle, Now, Throttled);
}

/// Records an exit of Handle at time Now.
SEXTANT_ALWAYS_INLINE void recordExit(uint32_t Handle, Ticks Now) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  exitAfterBegin(*State, Handle, Now);
}

// The plugin's entry points (api/RegionEntryPoints.cpp) run
// recordEnterFast and recordExitFast: the common case (thread attached,
// frame address known and no frame abandoned, the frame's node kept by its
// stack slot, the trace's fast path, no metrics, no throttling) straight
// through, inline, without calls and without exception handling. Every
// test comes before the first change of the recorder (the Busy flag
// aside), so any other case clears Busy and hands the whole event to a
// cold path (*Blocked, *Declined) that runs recordEnter or recordExit at
// the same time Now: the result is the same. Only the trace is written
// after the recorder changed, as in recordEnter and recordExit, and its
// slow path is a cold path too (trace*Slowly); so is an enter whose node is
// not kept by its stack slot (enterNewNode). The cold paths, and the clock
// read of a non-TSC source, have the entry points' calling convention
// (SEXTANT_ABI_CALL, preserve_most with clang): a call of them clobbers
// (almost) no register, so the entry points save only the few registers
// their common case uses, not every register a C call clobbers.

#define SEXTANT_COLD_EVENT_PATH __attribute__((noinline, cold)) SEXTANT_ABI_CALL
/// The same paths with the C convention, for the C convention's pair
/// (__sextant_region_enter_frame_c and __sextant_region_exit_c): a call of
/// a preserve_most function from a C function is never a tail call, so
/// their fast paths would keep a stack slot for the call's alignment; with
/// the C convention every call of a cold path is a tail call (a jump) and
/// the fast paths have no frame at all.
#define SEXTANT_COLD_EVENT_PATH_C __attribute__((noinline, cold))

/// The cold paths of the preserve_most entry points (__sextant_region_enter,
/// __sextant_region_enter_frame and __sextant_region_exit), named after the
/// place where the fast path left (see the top of this file).
struct PreservingColdPaths {
  /// recordEnter(Handle, EnterFrame, ReturnAddress, EnterSite::OwnFrame)
  /// for __sextant_region_enter, whose frame record is at EnterFrame (its
  /// frame address): the return address is the word after it, read here
  /// rather than on the fast path, on x86-64 and AArch64 alike.
  static SEXTANT_COLD_EVENT_PATH void
  enterBlocked(uint32_t Handle, uintptr_t EnterFrame) noexcept;
  /// enterBlocked(Handle, EnterFrame) at time Now, read by the entry point.
  static SEXTANT_COLD_EVENT_PATH void
  enterDeclined(uint32_t Handle, uintptr_t EnterFrame, Ticks Now) noexcept;
  /// The enter of Handle by __sextant_region_enter_frame, whose function's
  /// CFA is FrameAddress (checkExactFrameAddress), at Clock::now().
  static SEXTANT_COLD_EVENT_PATH void
  enterExactBlocked(uint32_t Handle, uintptr_t FrameAddress) noexcept;
  /// enterExactBlocked(Handle, FrameAddress) at time Now.
  static SEXTANT_COLD_EVENT_PATH void enterExactDeclined(uint32_t Handle,
                                                         uintptr_t FrameAddress,
                                                         Ticks Now) noexcept;
  /// The rest of recordEnter(Handle, ...) at time Now once the event began,
  /// the frame address FrameAddress is known and no frame is abandoned, when
  /// CallPathRecorder::canEnterReused() is false; ends the event at once for
  /// SEXTANT_INVALID and SEXTANT_FILTERED.
  static SEXTANT_COLD_EVENT_PATH void
  enterNewNode(uint32_t Handle, Ticks Now, uintptr_t FrameAddress) noexcept;
  /// The end of an enter of Handle at Now whose frame is open, when the
  /// trace's fast path could not take it: the trace's slow path, endEvent().
  static SEXTANT_COLD_EVENT_PATH void traceEnterSlowly(uint32_t Handle,
                                                       Ticks Now) noexcept;
  /// recordExit(Handle, ...) at FastNow, read with fastPathClockNow(), when
  /// the clock source is the TSC, else at Clock::now(): the exit left the
  /// fast path before FastPathBlockers was found clear.
  static SEXTANT_COLD_EVENT_PATH void exitBlocked(uint32_t Handle,
                                                  Ticks FastNow) noexcept;
  /// recordExit(Handle, Now).
  static SEXTANT_COLD_EVENT_PATH void exitDeclined(uint32_t Handle,
                                                   Ticks Now) noexcept;
  /// The end of an exit at Now that closed the top frame, when the trace's
  /// fast path could not take it: the trace's slow path, endEvent().
  static SEXTANT_COLD_EVENT_PATH void traceExitSlowly(Ticks Now) noexcept;
};

/// The cold paths of the C convention's pair (__sextant_region_enter_frame_c
/// and __sextant_region_exit_c): those of PreservingColdPaths, with the same
/// bodies (RegionEvents.cpp) and the C convention, less the two of
/// __sextant_region_enter (enterBlocked, enterDeclined).
struct CColdPaths {
  static SEXTANT_COLD_EVENT_PATH_C void
  enterExactBlocked(uint32_t Handle, uintptr_t FrameAddress) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void
  enterExactDeclined(uint32_t Handle, uintptr_t FrameAddress,
                     Ticks Now) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void
  enterNewNode(uint32_t Handle, Ticks Now, uintptr_t FrameAddress) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void traceEnterSlowly(uint32_t Handle,
                                                         Ticks Now) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void exitBlocked(uint32_t Handle,
                                                    Ticks FastNow) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void exitDeclined(uint32_t Handle,
                                                     Ticks Now) noexcept;
  static SEXTANT_COLD_EVENT_PATH_C void traceExitSlowly(Ticks Now) noexcept;
};

/// The clock of the fast path: the TSC, without testing the clock source
/// (FastPathBlockers does; a time read before that test is checked by the
/// cold path, exitBlocked), or Clock::now() where there is no TSC.
SEXTANT_ALWAYS_INLINE Ticks fastPathClockNow() noexcept {
#if SEXTANT_HAVE_TSC
  return TscClock::now();
#else
  return Clock::now();
#endif
}

/// Where the fast enter of __sextant_region_enter (ABI version 2) finds
/// the entered function's frame address: estimated from the entry point's
/// own frame address EnterFrame and the region's offset (estimateFrameAddress).
struct EstimatedEnterFrame {
  using ColdPaths = PreservingColdPaths;
  uintptr_t EnterFrame;

  /// The whole enter on a cold path, when the fast path was blocked or
  /// declined (at Now).
  void enterBlocked(uint32_t Handle) const {
    ColdPaths::enterBlocked(Handle, EnterFrame);
  }
  void enterDeclined(uint32_t Handle, Ticks Now) const {
    ColdPaths::enterDeclined(Handle, EnterFrame, Now);
  }
  /// True, with the estimate in FrameAddress, when the offset is known, the
  /// frame on the stack and the top frame not possibly abandoned: otherwise
  /// the enter leaves the fast path. No test of the handle: SEXTANT_INVALID
  /// and SEXTANT_FILTERED have no frame offset (FrameOffsetTable), so they
  /// take a cold path (enterDeclined), which ignores them.
  bool fastFrameAddress(const ThreadState &State, uint32_t Handle,
                        uintptr_t &FrameAddress) const {
    int32_t Offset = FrameOffsets.get(Handle);
    FrameAddress = EnterFrame + static_cast<uintptr_t>(Offset);
    return Offset > 0 && State.isOnStackBelowTopFrame(FrameAddress);
  }
};

/// Where the fast enter of __sextant_region_enter_frame (ABI version 3)
/// finds the entered function's frame address: the function passed its CFA.
/// Its cold paths are ColdPathsT's.
template <typename ColdPathsT> struct ExactEnterFrameWith {
  using ColdPaths = ColdPathsT;
  uintptr_t FrameAddress;

  void enterBlocked(uint32_t Handle) const {
    ColdPaths::enterExactBlocked(Handle, FrameAddress);
  }
  void enterDeclined(uint32_t Handle, Ticks Now) const {
    ColdPaths::enterExactDeclined(Handle, FrameAddress, Now);
  }
  /// True when the frame is on the stack and the top frame not possibly
  /// abandoned. The handle is a region id or SEXTANT_FILTERED (never
  /// SEXTANT_INVALID, see instrumentation_abi.h): SEXTANT_FILTERED is never
  /// the region of a stack slot, so canEnterReused() sends it to
  /// enterNewNode, which ignores it.
  bool fastFrameAddress(const ThreadState &State, uint32_t,
                        uintptr_t &Address) const {
    Address = FrameAddress;
    return State.isOnStackBelowTopFrame(FrameAddress);
  }
};
/// For __sextant_region_enter_frame (preserve_most) and
/// __sextant_region_enter_frame_c.
using ExactEnterFrame = ExactEnterFrameWith<PreservingColdPaths>;
using ExactEnterFrameC = ExactEnterFrameWith<CColdPaths>;

/// recordEnter(Handle, ...) for the plugin's entry points, the frame
/// address found as Frame (EstimatedEnterFrame or ExactEnterFrame[C]) says,
/// its cold paths those of Frame's ColdPaths.
template <typename EnterFrameT>
SEXTANT_ALWAYS_INLINE void recordEnterFast(uint32_t Handle,
                                           EnterFrameT Frame) noexcept {
  using ColdPaths = typename EnterFrameT::ColdPaths;
  ThreadEventWord *Word = CurrentThread;
  FastEventStart Start = beginFastEvent(*Word);
  if (__builtin_expect(Start != FastEventStart::Begun, 0)) {
    if (Start == FastEventStart::Blocked)
      Frame.enterBlocked(Handle);
    return;
  }
  // Begun: Word is no marker (a marker's Busy is never 0).
  ThreadState *State = static_cast<ThreadState *>(Word);
  Ticks Now = fastPathClockNow();
  // The frame address, then the frame opened on the node its slot kept
  // (tryEnterReused, in two parts), traced by the trace's fast path.
  uintptr_t FrameAddress;
  CallPathRecorder &Recorder = State->Recorder;
  if (__builtin_expect(!Frame.fastFrameAddress(*State, Handle, FrameAddress),
                       0)) {
    endEvent(*State);
    return Frame.enterDeclined(Handle, Now);
  }
  if (__builtin_expect(!Recorder.canEnterReused(Handle), 0))
    return ColdPaths::enterNewNode(Handle, Now, FrameAddress);
  // No metrics here: FastPathMetrics sent such events to a cold path.
  Recorder.enterReused(Now, FrameAddress);
  if (__builtin_expect(State->TraceOut.tracingTested() &&
                           !State->TraceOut.tryEnter(Handle, Now),
                       0))
    return ColdPaths::traceEnterSlowly(Handle, Now);
  endEvent(*State);
}

/// recordExit(Handle, Now) for the plugin's entry point, Now read with
/// fastPathClockNow(), its cold paths ColdPaths'.
template <typename ColdPaths = PreservingColdPaths>
SEXTANT_ALWAYS_INLINE void recordExitFast(uint32_t Handle, Ticks Now) noexcept {
  // No test of the handle: SEXTANT_INVALID and SEXTANT_FILTERED are never
  // the top frame's region (canExitTopUnthrottled), so they take a cold
  // path (exitDeclined), which ignores them.
  ThreadEventWord *Word = CurrentThread;
  FastEventStart Start = beginFastEvent(*Word);
  if (__builtin_expect(Start != FastEventStart::Begun, 0)) {
    if (Start == FastEventStart::Blocked)
      ColdPaths::exitBlocked(Handle, Now);
    return;
  }
  // Begun: Word is no marker (a marker's Busy is never 0).
  ThreadState *State = static_cast<ThreadState *>(Word);
  CallPathRecorder &Recorder = State->Recorder;
  if (__builtin_expect(!Recorder.canExitTopUnthrottled(Handle), 0)) {
    endEvent(*State);
    return ColdPaths::exitDeclined(Handle, Now);
  }
  Recorder.exitTopUnthrottled(Now);
  if (__builtin_expect(
          State->TraceOut.tracingTested() && !State->TraceOut.tryExit(Now), 0))
    return ColdPaths::traceExitSlowly(Now);
  endEvent(*State);
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_REGIONEVENTS_H
