//===- runtime/core/RegionEvents.h - Recording an enter or an exit --------===//
//
// Part of Sextant. The bodies of the two hot events, shared by the entry
// points that instrumented code calls: the plugin's __sextant_region_enter
// and __sextant_region_exit (api/InstrumentationABI.cpp) and GCC's
// -finstrument-functions hooks (cygprofile/CygProfileHooks.cpp). The
// common case is inlined into them (the plugin's entry points run
// recordEnterFast and recordExitFast, whose other cases are out-of-line
// cold functions, see below). The instrumented function's canonical frame
// address (CFA) comes from the function itself with
// __sextant_region_enter_frame (ExactEnterFrame); for
// __sextant_region_enter and the hooks, recordEnter estimates it from the
// entry point's own frame address and return address (see
// profile/FrameAddress.h), which the entry point passes in, also to the
// cold functions (EstimatedEnterFrame).
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
/// or 0 when unknown; EnterFrame is the entry point's frame address and
/// ReturnAddress its return address. Before returning, closes the open
/// frames that this CFA proves abandoned, after confirming it with the
/// unwinder (see FrameAddress.h), at time Now (closeAbandonedFrames(); the
/// unwinder's time is part of the repair's).
SEXTANT_ALWAYS_INLINE uintptr_t enterFrameAddress(ThreadState &State,
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

/// enterFrameAddress() when the entered function passed its exact CFA,
/// FrameAddress (__sextant_region_enter_frame): no estimate, no unwinder.
/// Returns FrameAddress, or 0 when it is not on the thread's stack (an
/// alternate signal stack, a coroutine): then it is not compared.
SEXTANT_ALWAYS_INLINE uintptr_t enterExactFrameAddress(ThreadState &State,
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
SEXTANT_ALWAYS_INLINE void enterWithFrameAddress(ThreadState &State,
                                                 uint32_t Handle, Ticks Now,
                                                 uintptr_t FrameAddress,
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
          ? enterFrameAddress(State, Handle, EnterFrame, ReturnAddress, Now)
          : 0;
  enterWithFrameAddress(State, Handle, Now, FrameAddress);
}

/// enterAfterBegin() when the entered function passed its exact CFA,
/// FrameAddress (enterExactFrameAddress).
SEXTANT_ALWAYS_INLINE void enterExactAfterBegin(ThreadState &State,
                                                uint32_t Handle,
                                                uintptr_t FrameAddress,
                                                Ticks Now) noexcept {
  uintptr_t Address = enterExactFrameAddress(State, FrameAddress, Now);
  enterWithFrameAddress(State, Handle, Now, Address);
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
SEXTANT_ALWAYS_INLINE void exitEnd(ThreadState &State, uint32_t Handle,
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
  exitEnd(State, Handle, Now, Throttled);
}

/// Records an exit of Handle at time Now.
SEXTANT_ALWAYS_INLINE void recordExit(uint32_t Handle, Ticks Now) noexcept {
  ThreadState *State = beginEvent(Handle);
  if (!State)
    return;
  exitAfterBegin(*State, Handle, Now);
}

// The plugin's entry points (api/InstrumentationABI.cpp) run
// recordEnterFast and recordExitFast: the common case (thread attached,
// frame address estimate known and no frame abandoned, the frame's node kept
// by its stack slot, the trace's fast path, no metrics, no throttling)
// straight through, inline, without calls and without exception handling.
// Every test comes before the first change of the recorder (the Busy flag
// aside), so any other case clears Busy and hands the whole event to an
// out-of-line function (RegionEvents.cpp) that runs recordEnter or
// recordExit at the same time Now: the result is the same. Only the trace
// is written after the recorder changed, as in recordEnter and recordExit,
// and its slow path is out of line too. An enter whose
// node is not kept by its stack slot goes on, its event begun and its frame
// address known, in enterSlowPathNewFrame. Those functions,
// and the clock read of a non-TSC source, have the entry points' calling
// convention (SEXTANT_ABI_CALL, preserve_most with clang): a call of them
// clobbers (almost) no register, so the entry points save only the few
// registers their common case uses, not every register a C call clobbers.

#define SEXTANT_COLD_EVENT_PATH __attribute__((noinline, cold)) SEXTANT_ABI_CALL
/// The same paths with the C convention, for the C convention's pair
/// (__sextant_region_enter_frame_c and __sextant_region_exit_c): a call of
/// a preserve_most function from a C function is never a tail call, so
/// their fast paths would keep a stack slot for the call's alignment; with
/// the C convention every call of a slow path is a tail call (a jump) and
/// the fast paths have no frame at all.
#define SEXTANT_COLD_EVENT_PATH_C __attribute__((noinline, cold))

/// recordEnter(Handle, EnterFrame, ReturnAddress, EnterSite::OwnFrame) by
/// an entry point whose frame record is at EnterFrame (its frame address):
/// the return address is the word after it, read here rather than on the
/// fast path, on x86-64 and AArch64 alike.
SEXTANT_COLD_EVENT_PATH void enterSlowPath(uint32_t Handle,
                                           uintptr_t EnterFrame) noexcept;
/// enterSlowPath(Handle, EnterFrame) at time Now, read by the entry point.
SEXTANT_COLD_EVENT_PATH void
enterSlowPathAt(uint32_t Handle, uintptr_t EnterFrame, Ticks Now) noexcept;
/// The enter of Handle by __sextant_region_enter_frame, whose function's
/// CFA is FrameAddress (enterExactFrameAddress), at Clock::now() or Now.
SEXTANT_COLD_EVENT_PATH void
enterFrameSlowPath(uint32_t Handle, uintptr_t FrameAddress) noexcept;
SEXTANT_COLD_EVENT_PATH void enterFrameSlowPathAt(uint32_t Handle,
                                                  uintptr_t FrameAddress,
                                                  Ticks Now) noexcept;
SEXTANT_COLD_EVENT_PATH_C void
enterFrameSlowPathC(uint32_t Handle, uintptr_t FrameAddress) noexcept;
SEXTANT_COLD_EVENT_PATH_C void enterFrameSlowPathAtC(uint32_t Handle,
                                                     uintptr_t FrameAddress,
                                                     Ticks Now) noexcept;
/// The rest of recordEnter(Handle, ...) at time Now once the event began,
/// the frame address FrameAddress is known and no frame is abandoned, when
/// CallPathRecorder::canEnterReused() is false; ends the event at once for
/// SEXTANT_INVALID and SEXTANT_FILTERED.
SEXTANT_COLD_EVENT_PATH void
enterSlowPathNewFrame(uint32_t Handle, Ticks Now,
                      uintptr_t FrameAddress) noexcept;
SEXTANT_COLD_EVENT_PATH_C void
enterSlowPathNewFrameC(uint32_t Handle, Ticks Now,
                       uintptr_t FrameAddress) noexcept;
/// The end of an enter of Handle at Now whose frame is open, when the
/// trace's fast path could not take it: the trace's slow path, endEvent().
SEXTANT_COLD_EVENT_PATH void enterSlowPathTrace(uint32_t Handle,
                                                Ticks Now) noexcept;
SEXTANT_COLD_EVENT_PATH_C void enterSlowPathTraceC(uint32_t Handle,
                                                   Ticks Now) noexcept;
/// The end of an exit at Now that closed the top frame, when the trace's
/// fast path could not take it: the trace's slow path, endEvent().
SEXTANT_COLD_EVENT_PATH void exitSlowPathTrace(Ticks Now) noexcept;
SEXTANT_COLD_EVENT_PATH_C void exitSlowPathTraceC(Ticks Now) noexcept;
/// recordExit(Handle, Now).
SEXTANT_COLD_EVENT_PATH void exitSlowPath(uint32_t Handle, Ticks Now) noexcept;
SEXTANT_COLD_EVENT_PATH_C void exitSlowPathC(uint32_t Handle,
                                             Ticks Now) noexcept;
/// recordExit(Handle, ...) at FastNow, read with fastPathClockNow(), when
/// the clock source is the TSC, else at Clock::now(): for exits that leave
/// the fast path before FastPathBlockers was found clear.
SEXTANT_COLD_EVENT_PATH void exitSlowPathUncheckedClock(uint32_t Handle,
                                                        Ticks FastNow) noexcept;
SEXTANT_COLD_EVENT_PATH_C void
exitSlowPathUncheckedClockC(uint32_t Handle, Ticks FastNow) noexcept;

/// The slow paths an entry point's recordEnterFast and recordExitFast call,
/// given as the functions above: with the entry points' calling convention
/// (PreservingColdPaths) or with the C convention (CColdPaths, for the C
/// convention's pair). The calls are direct (the functions are template
/// arguments).
template <auto EnterFrame, auto EnterFrameAt, auto EnterNewFrame,
          auto EnterTrace, auto ExitTrace, auto Exit, auto ExitUncheckedClock>
struct ColdPathsOf {
  static void enterFrame(uint32_t Handle, uintptr_t FrameAddress) {
    EnterFrame(Handle, FrameAddress);
  }
  static void enterFrameAt(uint32_t Handle, uintptr_t FrameAddress, Ticks Now) {
    EnterFrameAt(Handle, FrameAddress, Now);
  }
  static void enterNewFrame(uint32_t Handle, Ticks Now,
                            uintptr_t FrameAddress) {
    EnterNewFrame(Handle, Now, FrameAddress);
  }
  static void enterTrace(uint32_t Handle, Ticks Now) {
    EnterTrace(Handle, Now);
  }
  static void exitTrace(Ticks Now) { ExitTrace(Now); }
  static void exit(uint32_t Handle, Ticks Now) { Exit(Handle, Now); }
  static void exitUncheckedClock(uint32_t Handle, Ticks FastNow) {
    ExitUncheckedClock(Handle, FastNow);
  }
};
using PreservingColdPaths =
    ColdPathsOf<&enterFrameSlowPath, &enterFrameSlowPathAt,
                &enterSlowPathNewFrame, &enterSlowPathTrace, &exitSlowPathTrace,
                &exitSlowPath, &exitSlowPathUncheckedClock>;
using CColdPaths = ColdPathsOf<&enterFrameSlowPathC, &enterFrameSlowPathAtC,
                               &enterSlowPathNewFrameC, &enterSlowPathTraceC,
                               &exitSlowPathTraceC, &exitSlowPathC,
                               &exitSlowPathUncheckedClockC>;

/// The clock of the fast path: the TSC, without testing the clock source
/// (FastPathBlockers does; a time read before that test is checked by the
/// slow path), or Clock::now() where there is no TSC.
SEXTANT_ALWAYS_INLINE Ticks fastPathClockNow() noexcept {
#if SEXTANT_HAVE_TSC
  return TscClock::now();
#else
  return Clock::now();
#endif
}

/// Where the fast enter of __sextant_region_enter (ABI version 2) finds
/// the entered function's frame address: estimated from the entry point's
/// own frame address EnterFrame and the region's offset (enterFrameAddress).
struct EstimatedEnterFrame {
  using ColdPaths = PreservingColdPaths;
  uintptr_t EnterFrame;

  /// The whole enter on the slow path (at Now when given).
  void slowPath(uint32_t Handle) const { enterSlowPath(Handle, EnterFrame); }
  void slowPathAt(uint32_t Handle, Ticks Now) const {
    enterSlowPathAt(Handle, EnterFrame, Now);
  }
  /// True, with the estimate in FrameAddress, when the offset is known, the
  /// frame on the stack and the top frame not possibly abandoned: otherwise
  /// the enter leaves the fast path. No test of the handle: SEXTANT_INVALID
  /// and SEXTANT_FILTERED have no frame offset (FrameOffsetTable), so they
  /// take the slow path, which ignores them.
  bool fastFrameAddress(const ThreadState &State, uint32_t Handle,
                        uintptr_t &FrameAddress) const {
    int32_t Offset = FrameOffsets.get(Handle);
    FrameAddress = EnterFrame + static_cast<uintptr_t>(Offset);
    return Offset > 0 && State.isOnStackBelowTopFrame(FrameAddress);
  }
};

/// Where the fast enter of __sextant_region_enter_frame (ABI version 3)
/// finds the entered function's frame address: the function passed its CFA.
/// Its slow paths are ColdPathsT's.
template <typename ColdPathsT> struct ExactEnterFrameWith {
  using ColdPaths = ColdPathsT;
  uintptr_t FrameAddress;

  void slowPath(uint32_t Handle) const {
    ColdPaths::enterFrame(Handle, FrameAddress);
  }
  void slowPathAt(uint32_t Handle, Ticks Now) const {
    ColdPaths::enterFrameAt(Handle, FrameAddress, Now);
  }
  /// True when the frame is on the stack and the top frame not possibly
  /// abandoned. The handle is a region id or SEXTANT_FILTERED (never
  /// SEXTANT_INVALID, see instrumentation_abi.h): SEXTANT_FILTERED is never
  /// the region of a stack slot, so canEnterReused() sends it to
  /// enterSlowPathNewFrame, which ignores it.
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
/// its slow paths those of Frame's ColdPaths.
template <typename EnterFrameT>
SEXTANT_ALWAYS_INLINE void recordEnterFast(uint32_t Handle,
                                           EnterFrameT Frame) noexcept {
  using ColdPaths = typename EnterFrameT::ColdPaths;
  ThreadEventWord *Word = CurrentThread;
  FastEventStart Start = beginFastEvent(*Word);
  if (__builtin_expect(Start != FastEventStart::Begun, 0)) {
    if (Start == FastEventStart::Blocked)
      Frame.slowPath(Handle);
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
    return Frame.slowPathAt(Handle, Now);
  }
  if (__builtin_expect(!Recorder.canEnterReused(Handle), 0))
    return ColdPaths::enterNewFrame(Handle, Now, FrameAddress);
  // No metrics here: FastPathMetrics sent such events to the slow path.
  Recorder.enterReused(Now, FrameAddress);
  if (__builtin_expect(State->TraceOut.tracingTested() &&
                           !State->TraceOut.tryEnter(Handle, Now),
                       0))
    return ColdPaths::enterTrace(Handle, Now);
  endEvent(*State);
}

/// recordExit(Handle, Now) for the plugin's entry point, Now read with
/// fastPathClockNow(), its slow paths ColdPaths'.
template <typename ColdPaths = PreservingColdPaths>
SEXTANT_ALWAYS_INLINE void recordExitFast(uint32_t Handle, Ticks Now) noexcept {
  // No test of the handle: SEXTANT_INVALID and SEXTANT_FILTERED are never
  // the top frame's region (canExitTopUnthrottled), so they take the slow
  // path, which ignores them.
  ThreadEventWord *Word = CurrentThread;
  FastEventStart Start = beginFastEvent(*Word);
  if (__builtin_expect(Start != FastEventStart::Begun, 0)) {
    if (Start == FastEventStart::Blocked)
      ColdPaths::exitUncheckedClock(Handle, Now);
    return;
  }
  // Begun: Word is no marker (a marker's Busy is never 0).
  ThreadState *State = static_cast<ThreadState *>(Word);
  CallPathRecorder &Recorder = State->Recorder;
  if (__builtin_expect(!Recorder.canExitTopUnthrottled(Handle), 0)) {
    endEvent(*State);
    return ColdPaths::exit(Handle, Now);
  }
  Recorder.exitTopUnthrottled(Now);
  if (__builtin_expect(
          State->TraceOut.tracingTested() && !State->TraceOut.tryExit(Now), 0))
    return ColdPaths::exitTrace(Now);
  endEvent(*State);
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_REGIONEVENTS_H
