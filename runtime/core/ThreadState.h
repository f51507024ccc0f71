//===- runtime/core/ThreadState.h - Per-thread state of the runtime -------===//
//
// Part of Sextant. One ThreadState per thread that records events, created
// lazily at its first event, reached through the initial-exec TLS pointer
// CurrentThread and flushed into the process-wide profile by a thread-exit
// destructor (see Runtime.cpp).
//
// The hot path brackets every event with the Busy flag of its ThreadState:
//
//   Busy = 1 (relaxed); compiler fence; if (FinalizationStarted) skip;
//   ... update the recorder ...; Busy = 0 (release)
//
// The finalizer sets FinalizationStarted, issues membarrier(2) (a full
// memory barrier on every thread of the process) and then waits for Busy to
// be 0 before it reads a live thread's recorder: a thread either sees the
// flag and stops recording, or the finalizer sees it busy and waits. This
// keeps fences and atomic read-modify-write instructions off the hot path.
// Busy also makes a nested event on the same thread (a signal handler, an
// instrumented operator new called by the runtime) a no-op.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_THREADSTATE_H
#define SEXTANT_RUNTIME_CORE_THREADSTATE_H

#include "common/Compiler.h"
#include "runtime/metrics/MetricSet.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/profile/FrameAddress.h"
#include "runtime/regions/UserRegionStack.h"
#include "runtime/regions/UserRegionTable.h"
#include "runtime/trace/ThreadTrace.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace sextant {
namespace runtime {

struct OpenMPThreadState;

/// The word that brackets a thread's events: the first field of its
/// ThreadState, and all there is of the markers (threadNotAttached() and
/// the others below), whose Busy is always 1. CurrentThread points to one
/// or the other, so that the fast path's test of Busy also sends a thread
/// without a state to the slow path.
struct ThreadEventWord {
  /// 1 while the owning thread records an event (always 1 in a marker).
  std::atomic<uint32_t> Busy{0};
};

struct alignas(CacheLineSize) ThreadState : ThreadEventWord {
  // The fields of the enter/exit fast path come first and fill the first
  // two cache lines (asserted below): an event touches no other line of the
  // state. The first is Busy (ThreadEventWord).

  /// How often the thread-exit destructor has deferred itself (it runs in
  /// the second-to-last round of pthread key destructors, after other keys'
  /// destructors that may still run instrumented code). Cold; fills the
  /// padding after Busy.
  unsigned DestructorRounds = 0;
  /// The thread's stack, [StackLow, StackHigh); frame addresses outside it
  /// (signal handlers on an alternate stack, coroutines) are not compared.
  /// Both 0 when unknown.
  uintptr_t StackLow = 0;
  uintptr_t StackHigh = 0;
  /// The hot part of the thread's trace: where the hot path writes events
  /// (not tracing when TraceOut.Next is null); set up by Trace.
  TraceCursor TraceOut;
  /// The rest of the thread's trace (SEXTANT_TRACE=1), else null; takes
  /// the events TraceOut cannot (see ThreadTrace.h).
  std::unique_ptr<ThreadTrace> Trace;
  /// The thread's metrics besides time (SEXTANT_METRICS), else null. The
  /// slow path follows each Recorder.enter/exit with it (MetricSet.h); the
  /// fast path is blocked while any thread may have them (FastPathMetrics).
  std::unique_ptr<ThreadMetrics> Metrics;
  /// OpenMP constructs open on the thread (OpenMPTool.h); null until its
  /// first OMPT event. Freed by finishOpenMPThread(). On the second line
  /// with the recorder's stack, which every OMPT event reads too: a burst
  /// of callbacks after the program evicted the state misses one line
  /// fewer.
  OpenMPThreadState *OpenMP = nullptr;
  /// The thread's call-path profile and shadow stack; the fast path touches
  /// its first CallPathRecorder::hotBytes() bytes.
  CallPathRecorder Recorder;

  // Cold: thread start and end, user regions, OpenMP names.

  /// Number of the thread in the order of first events (0: normally main).
  uint32_t Index = 0;
  /// OS thread id (gettid).
  uint64_t Tid = 0;
  /// Open user regions (sextant_region_begin/end) and recently used ones.
  UserRegionStack UserRegions;
  UserRegionCache UserRegionLookup;
  /// The thread's name in the output when the runtime knows a better one
  /// than the OS (e.g. "omp thread 2"); empty otherwise.
  std::string Name;

  bool isOnStack(uintptr_t Address) const {
    return Address > StackLow && Address <= StackHigh;
  }

  /// isOnStack(FrameAddress) && !Recorder.topMayBeAbandoned(FrameAddress)
  /// in two comparisons (see CallPathRecorder::isBelowTopFrame()): false
  /// also when the top frame's CFA is unknown and FrameAddress is not on
  /// the stack, and always when the stack is unknown.
  SEXTANT_ALWAYS_INLINE bool
  isOnStackBelowTopFrame(uintptr_t FrameAddress) const {
    return FrameAddress > StackLow && Recorder.isBelowTopFrame(FrameAddress);
  }

  /// Sets the thread's stack, (Low, High] (see isOnStack()).
  void setStackBounds(uintptr_t Low, uintptr_t High) noexcept {
    StackLow = Low;
    StackHigh = High;
    Recorder.setStackHigh(High);
  }
};

/// The bytes at the start of a ThreadState that hold every field of the
/// enter/exit fast path.
constexpr size_t ThreadStateHotBytes = 2 * CacheLineSize;

// ThreadState is not standard-layout (offsetof is conditionally supported
// there); GCC and Clang lay out its fields in declaration order as for any
// class without virtual bases, which is what these assertions check.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
static_assert(offsetof(ThreadState, Busy) + sizeof(ThreadState::Busy) <=
                  ThreadStateHotBytes,
              "Busy must lie in the hot cache lines");
static_assert(offsetof(ThreadState, StackHigh) +
                      sizeof(ThreadState::StackHigh) <=
                  ThreadStateHotBytes,
              "the stack bounds must lie in the hot cache lines");
static_assert(offsetof(ThreadState, TraceOut) + sizeof(ThreadState::TraceOut) <=
                  ThreadStateHotBytes,
              "the trace cursor must lie in the hot cache lines");
static_assert(offsetof(ThreadState, Trace) + sizeof(ThreadState::Trace) <=
                  ThreadStateHotBytes,
              "the trace pointer must lie in the hot cache lines");
static_assert(offsetof(ThreadState, Metrics) + sizeof(ThreadState::Metrics) <=
                  ThreadStateHotBytes,
              "the metrics pointer must lie in the hot cache lines");
static_assert(offsetof(ThreadState, Recorder) + CallPathRecorder::hotBytes() <=
                  ThreadStateHotBytes,
              "the recorder's fast-path fields must lie in the hot cache "
              "lines");
static_assert(offsetof(ThreadState, OpenMP) + sizeof(ThreadState::OpenMP) <=
                  ThreadStateHotBytes,
              "the OpenMP state's pointer must lie in the hot cache lines");
#pragma GCC diagnostic pop

/// The values of CurrentThread that are not a ThreadState: lone event
/// words whose Busy is 1 from the start (constant-initialized, never
/// destroyed) and stays 1. An event's fast path stores 1 into it, as into
/// any Busy, and finds it "busy": only then does it ask isThreadMarker().
/// Shared by all threads: only relaxed atomic accesses, and never a 0.
extern ThreadEventWord ThreadMarkers[3] __attribute__((visibility("hidden")));
/// The thread has no state yet: its next event attaches it.
inline ThreadEventWord *threadNotAttached() { return &ThreadMarkers[0]; }
/// The thread was flushed (or could not be recorded): ignore its events.
inline ThreadEventWord *threadFlushed() { return &ThreadMarkers[1]; }
/// The thread's state is being created: ignore nested events.
inline ThreadEventWord *threadAttaching() { return &ThreadMarkers[2]; }
/// True for the three markers above.
inline bool isThreadMarker(const ThreadEventWord *Word) {
  return reinterpret_cast<uintptr_t>(Word) -
             reinterpret_cast<uintptr_t>(&ThreadMarkers[0]) <
         sizeof(ThreadMarkers);
}

/// The calling thread's state (a ThreadState) or one of the markers.
extern __thread ThreadEventWord *CurrentThread
    __attribute__((tls_model("initial-exec")));

/// The calling thread's state inside an event begun on it (so that
/// CurrentThread is no marker).
inline ThreadState &eventThreadState() {
  return *static_cast<ThreadState *>(CurrentThread);
}

/// The calling thread's state, or null when CurrentThread is a marker.
inline ThreadState *currentThreadState() {
  ThreadEventWord *Word = CurrentThread;
  return isThreadMarker(Word) ? nullptr : static_cast<ThreadState *>(Word);
}

/// Set once when process-end finalization begins; every event after it is
/// ignored. Hidden, like FastPathBlockers: the code of libsextant reads
/// it directly, not through the global offset table.
extern std::atomic<bool> FinalizationStarted
    __attribute__((visibility("hidden")));

/// Why an event may not take the fast path of the plugin's entry points
/// (RegionEvents.h): FinalizationStarted, a clock source other than the
/// TSC, metrics besides time and a snapshot in progress, summarized in one word
/// so that the fast path reads one variable where it read three, and ORs it
/// with Busy's old value (beginFastEvent()) without widening it. Zero when none
/// holds. Declared hidden (the definition is hidden anyway, see
/// sextant_internal_library), so that the fast path reads it with one
/// instruction rather than through the global offset table.
enum FastPathBlocker : uint32_t {
  FastPathFinalizing = 1u << 0,
  FastPathClockNotTsc = 1u << 1,
  /// Some thread may have a ThreadState::Metrics: set by
  /// MetricsSession::startThread() on the thread that got its metrics,
  /// before its first event; cleared only in a child after fork (where no
  /// thread has metrics any more). Every event then takes the slow path,
  /// which updates the metrics, so the fast path does not test
  /// ThreadState::Metrics.
  FastPathMetrics = 1u << 2,
  /// A snapshot is copying the threads' recorders (SnapshotGate.h): every
  /// event, of every entry point, takes the slow path, whose bracket
  /// (beginAttachedEvent) waits there until the copy is done.
  FastPathSnapshot = 1u << 3
};
extern std::atomic<uint32_t> FastPathBlockers
    __attribute__((visibility("hidden")));

/// Sets FinalizationStarted (with Order) and blocks the fast path.
inline void markFinalizationStarted(std::memory_order Order) noexcept {
  FinalizationStarted.store(true, Order);
  FastPathBlockers.fetch_or(FastPathFinalizing, std::memory_order_seq_cst);
}

/// Per-region CFA offsets of the process (see FrameAddress.h).
extern FrameOffsetTable FrameOffsets;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_THREADSTATE_H
