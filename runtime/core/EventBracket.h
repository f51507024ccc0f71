//===- runtime/core/EventBracket.h - Begin and end of one event -----------===//
//
// Part of Sextant. Every event that touches a thread's recorder is
// bracketed by the Busy flag of its ThreadState (the protocol is described
// in ThreadState.h): beginEvent() finds (or attaches) the calling thread's
// state, sets Busy and checks that finalization has not started (and
// waits while a snapshot copies the recorders, SnapshotGate.h);
// endEvent() clears Busy. Shared by the instrumentation ABI and the public
// API; everything here is inlined into them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_EVENTBRACKET_H
#define SEXTANT_RUNTIME_CORE_EVENTBRACKET_H

#include "runtime/core/Runtime.h"
#include "runtime/core/SnapshotGate.h"
#include "runtime/core/ThreadState.h"

#include "sextant/instrumentation_abi.h"

#include <atomic>

namespace sextant {
namespace runtime {

/// beginThreadEvent() for State, the state of the calling thread: sets its
/// Busy flag and returns true when an event may be recorded now.
SEXTANT_ALWAYS_INLINE bool beginAttachedEvent(ThreadState &State) {
  if (State.Busy.load(std::memory_order_relaxed) != 0)
    return false; // nested in an event of this thread
  for (;;) {
    State.Busy.store(1, std::memory_order_relaxed);
    // Orders the store above before the loads below against the
    // finalizer's and the snapshot's membarrier (see ThreadState.h).
    std::atomic_signal_fence(std::memory_order_seq_cst);
    if (__builtin_expect(FinalizationStarted.load(std::memory_order_relaxed),
                         0)) {
      State.Busy.store(0, std::memory_order_relaxed);
      return false;
    }
    // Acquire: a snapshot's reads of this recorder happen before the
    // event's writes (SnapshotGate.h).
    if (__builtin_expect((FastPathBlockers.load(std::memory_order_acquire) &
                          FastPathSnapshot) == 0,
                         1))
      return true;
    State.Busy.store(0, std::memory_order_release);
    waitAtSnapshotGate();
  }
}

/// How beginFastEvent() went.
enum class FastEventStart {
  /// Busy is set: the event goes on on the fast path.
  Begun,
  /// Nested in an event of this thread: ignore the event.
  Nested,
  /// Finalization has begun, the clock source is not the TSC or a thread
  /// has metrics (Busy is clear again), or the thread has no state (the
  /// event word is a marker, whose Busy stays 1): the event is for the slow
  /// path (which ignores it after finalization, reads the chosen clock and
  /// attaches the thread).
  Blocked
};

/// beginAttachedEvent() for the fast path of the plugin's entry points,
/// with one test of FastPathBlockers instead of FinalizationStarted and the
/// clock source (same protocol, ThreadState.h), and one branch for both
/// tests: Busy is set before it is tested. A nested event thus stores 1
/// over the 1 of the event it interrupts, which changes nothing (only the
/// owning thread writes Busy, and an event leaves it as it found it). Word
/// is CurrentThread: for a marker (whose Busy is always 1, so that the
/// marker costs the fast path no test of its own) the store changes nothing
/// either, and the event is for the slow path. Blockers selects the
/// FastPathBlocker bits that block the event (all of them for the plugin's
/// entry points; the OMPT callbacks read any clock and record no metrics,
/// so only FastPathFinalizing and FastPathSnapshot block theirs).
SEXTANT_ALWAYS_INLINE FastEventStart
beginFastEvent(ThreadEventWord &Word, uint32_t Blockers = ~uint32_t(0)) {
  uint32_t WasBusy = Word.Busy.load(std::memory_order_relaxed);
  Word.Busy.store(1, std::memory_order_relaxed);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  // Acquire, for the snapshot's sake (SnapshotGate.h); a plain load on
  // x86-64.
  if (__builtin_expect(
          (WasBusy |
           (FastPathBlockers.load(std::memory_order_acquire) & Blockers)) != 0,
          0)) {
    if (WasBusy != 0)
      return isThreadMarker(&Word) ? FastEventStart::Blocked
                                   : FastEventStart::Nested;
    Word.Busy.store(0, std::memory_order_relaxed);
    return FastEventStart::Blocked;
  }
  return FastEventStart::Begun;
}

/// The calling thread's state (attached now when it had none) with its Busy
/// flag set when an event may be recorded now; null when the event is to be
/// ignored (the thread is not recorded, it is already inside an event, or
/// finalization has begun).
SEXTANT_ALWAYS_INLINE ThreadState *beginThreadEvent() {
  ThreadState *State = currentThreadState();
  if (__builtin_expect(!State, 0)) {
    State = Runtime::attachCurrentThread();
    if (!State)
      return nullptr;
  }
  return beginAttachedEvent(*State) ? State : nullptr;
}

/// beginThreadEvent() for an event of the region with handle value Handle;
/// null at once for a handle that is not a region id.
SEXTANT_ALWAYS_INLINE ThreadState *beginEvent(uint32_t Handle) {
  if (__builtin_expect(Handle == SEXTANT_INVALID || Handle == SEXTANT_FILTERED,
                       0))
    return nullptr;
  return beginThreadEvent();
}

SEXTANT_ALWAYS_INLINE void endEvent(ThreadState &State) {
  State.Busy.store(0, std::memory_order_release);
}

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_EVENTBRACKET_H
