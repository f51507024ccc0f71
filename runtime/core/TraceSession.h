//===- runtime/core/TraceSession.h - Tracing of the process -----*- C++ -*-===//
//
// Part of Sextant. With SEXTANT_TRACE=1: the TraceTarget every thread's
// trace shares (directory, pid, clock), a ThreadTrace for every thread that
// records, the end of each thread's trace (at thread exit or process end),
// and the totals, files and final clock frequency written at the end. See
// ThreadTrace.h for the per-thread part.
//
// Locking: none of its own. The totals and the list of files change only in
// startThread() and finishThread(), which the ThreadRegistry calls under its
// lock; the target changes at start-up and in a child after fork().
//
// A full disk: the first chunk written sets space aside for the final files
// (SpaceReserve.h), complete() frees it, and makeRoom() cuts the end of the
// trace when the final files still do not fit.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_TRACESESSION_H
#define SEXTANT_RUNTIME_CORE_TRACESESSION_H

#include "runtime/clock/Clock.h"
#include "runtime/config/Options.h"
#include "runtime/core/ThreadState.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/trace/ThreadTrace.h"
#include "runtime/trace/TraceStatistics.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

class TraceSession {
public:
  TraceSession() = default;
  TraceSession(const TraceSession &) = delete;
  TraceSession &operator=(const TraceSession &) = delete;

  /// Sets up the target from Options (nothing when not tracing): traces go
  /// to the trace/ sub-directory of Output, which the runtime keeps and
  /// moves (an adapter's rank directory, a child after fork).
  void configure(const RuntimeOptions &Options, ExperimentDirectory &Output,
                 long Pid, double TicksPerSecond, Ticks OriginTicks);

  /// SEXTANT_TRACE=1.
  bool enabled() const { return Enabled; }
  /// The experiment directory the traces go to (its trace/).
  ExperimentDirectory &output() const { return *Target.Output; }

  /// Gives State a trace buffer when tracing; State.Index and State.Tid are
  /// set. Called under the ThreadRegistry's lock.
  void startThread(ThreadState &State) noexcept;
  /// Ends State's trace after State.Recorder.closeAll(Now) closed
  /// FramesClosed frames and adds up its counters. Called under the
  /// ThreadRegistry's lock.
  void finishThread(ThreadState &State, Ticks Now,
                    size_t FramesClosed) noexcept;
  /// Fills the trace part of Info and writes the final clock frequency
  /// (Info.Clock) into every trace file. Called at the end, under the
  /// ThreadRegistry's lock.
  void complete(ExperimentInfo &Info) noexcept;

  /// The final files could not be written (Errors): when the file system
  /// is full, cuts the trace's last chunks (see TraceTruncation.h), counts
  /// them as dropped in Info.Trace and returns true, so that the caller
  /// writes the files again; more each time it is called. False when the
  /// errors are not a full disk or nothing is left to cut.
  bool makeRoom(const std::vector<std::string> &Errors,
                ExperimentInfo &Info) noexcept;

  /// In a child after fork() (whose experiment directory the runtime
  /// moved): the child's traces start at OriginTicks, and the parent's
  /// totals are forgotten.
  void restartInChild(long Pid, Ticks OriginTicks);

private:
  bool Enabled = false;
  /// What every thread's trace shares.
  TraceTarget Target;
  /// Totals of the traces of the threads that ended, and their files'
  /// names in the trace directory.
  TraceStatistics Totals;
  std::vector<std::string> Files;
  /// Calls of makeRoom() so far.
  unsigned RoomAttempts = 0;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_TRACESESSION_H
