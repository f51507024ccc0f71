//===- runtime/core/SnapshotGate.h - Threads held while a snapshot copies -===//
//
// Part of Sextant. A snapshot (SEXTANT_SNAPSHOT, ProcessSnapshots.cpp) reads
// the recorders of threads that go on running. It does so through a gate,
// an extension of the Busy protocol of ThreadState.h:
//
//   snapshot                           a thread's event
//   FastPathBlockers |= Snapshot       Busy = 1; compiler fence
//   heavyBarrier()                     load FastPathBlockers (acquire)
//   for each thread:                   gate closed: Busy = 0, wait at the
//     wait until its Busy is 0           gate, then begin again
//     copy its recorder                gate open: record, Busy = 0
//   FastPathBlockers &= ~Snapshot
//     (release)
//
// After the barrier, a thread either finishes the event it is in (the
// snapshot waits for its Busy to clear, a bounded wait) or sees the gate
// closed at its next event and waits without touching its recorder. The
// fast paths test the bit with the other blockers, in the one word they
// read already, so the gate adds nothing to them; only the slow path's
// bracket (beginAttachedEvent) waits. The copy takes no lock and allocates
// nothing (RecorderCopy.h), so a held thread never holds up the copy; the
// gate stays closed for the copy alone, not for the writing.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_SNAPSHOTGATE_H
#define SEXTANT_RUNTIME_CORE_SNAPSHOTGATE_H

namespace sextant {
namespace runtime {

/// Closes the gate: every event from now on waits in its bracket (after the
/// heavy barrier this issues, also on threads that tested the word before).
void closeSnapshotGate() noexcept;
/// Opens the gate: the waiting events go on.
void openSnapshotGate() noexcept;
/// Waits, outside any event, while the gate is closed and the measurement
/// has not ended (the end opens every gate: its events are ignored anyway).
__attribute__((noinline, cold)) void waitAtSnapshotGate() noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_SNAPSHOTGATE_H
