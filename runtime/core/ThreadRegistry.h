//===- runtime/core/ThreadRegistry.h - The threads that record --*- C++ -*-===//
//
// Part of Sextant. The live threads of the process and what is left of the
// threads that ended: it creates a thread's ThreadState at its first event
// and numbers it, and ends a thread's recording, at the thread's exit
// (detach) or for every live thread at the end of the process
// (finishLiveThreads): it closes the open frames, ends the thread's trace
// (TraceSession), merges its tree into the process-wide tree and its metrics
// (MetricsSession), and keeps a copy of its tree for profile-threads.json.
// A recording thread has an alternate signal stack from attach to detach
// (FatalSignals.h), so that a stack overflow on it writes the measurement.
//
// At the end it reads the recorders of threads that are still running: it
// relies on the Busy protocol of ThreadState.h (the caller sets
// FinalizationStarted and issues the heavy barrier first) and waits for each
// thread to be idle, at most a second.
//
// Locking: one mutex guards the list of live threads, the merged tree and
// the counters; TraceSession and MetricsSession are changed under it too.
// It is taken after the Runtime's finalization lock and before the
// AdapterRegistry's lock (see Runtime.h). The registry is closed when the
// measurement ends: no thread attaches afterwards and exiting threads are
// no longer merged.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_THREADREGISTRY_H
#define SEXTANT_RUNTIME_CORE_THREADREGISTRY_H

#include "runtime/clock/Clock.h"
#include "runtime/core/MetricsSession.h"
#include "runtime/core/ThreadState.h"
#include "runtime/core/TraceSession.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/output/ThreadProfiles.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/profile/RecorderCopy.h"
#include "runtime/regions/ThrottlePolicy.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace runtime {

/// Called for each thread as it is finished, with the thread idle and
/// before its open frames are closed (see Runtime::setThreadFinishHook).
using ThreadFinishHook = void (*)(ThreadState &State, Ticks Now) noexcept;

/// The profile of the running process at one moment (a snapshot,
/// ProcessSnapshots.cpp): what the ended threads left, plus a copy of each
/// live thread's recorder with its open frames closed at Taken.
struct ProcessProfileCopy {
  Ticks Taken = 0;
  CallPathTree Merged;
  std::unique_ptr<ThreadProfileSet> Profiles;
  RepairCounters Repairs;
  uint64_t ThreadsSeen = 0;
  /// Threads not in the copy: ended threads not merged, and live threads
  /// that stayed inside one event for the whole patience.
  uint64_t ThreadsNotMerged = 0;
  uint64_t UserRegionsEndedImplicitly = 0;
};

class ThreadRegistry {
public:
  ThreadRegistry(TraceSession &Tracing, MetricsSession &Metrics)
      : Tracing(Tracing), Metrics(Metrics) {}
  ThreadRegistry(const ThreadRegistry &) = delete;
  ThreadRegistry &operator=(const ThreadRegistry &) = delete;

  /// Sets what every thread gets: the process id (for thread names), the
  /// clock's frequency (for the wait at the end), the throttling check, and
  /// how many threads have a profile of their own in profile-threads.json.
  /// Called at start-up.
  void configure(long Pid, double TicksPerSecond, ThrottleThreshold Throttle,
                 uint64_t SeparateThreadProfiles);

  /// Creates the calling thread's state, numbers it and starts its trace and
  /// metrics; null when the registry is closed. Throws std::bad_alloc.
  ThreadState *attach();
  /// Ends the recording of State, the calling thread's state, at its exit
  /// (unless the registry is closed) and deletes it.
  void detach(ThreadState *State, ThreadFinishHook Finish) noexcept;

  /// Runs Change(NoThreadRecords) under the lock, so that no thread
  /// attaches meanwhile, and returns its result; false without running it
  /// when the registry is closed. NoThreadRecords: no thread is live (none
  /// has a trace file yet, or they all ended).
  template <typename ChangeFn> bool whileOpen(ChangeFn &&Change) {
    std::lock_guard<std::mutex> Lock(Mutex);
    return !Closed && Change(Live.empty());
  }

  /// Closes the registry and returns with its lock held in Lock (taken
  /// with lockWithSignalPatience); false when the lock was not taken.
  bool close(std::unique_lock<std::mutex> &Lock) noexcept;
  /// After close(), with its lock held: ends the recording of every live
  /// thread at Now. A thread inside an event (or the calling thread, if
  /// interrupted inside one) is counted as not merged.
  void finishLiveThreads(Ticks Now, ThreadFinishHook Finish) noexcept;
  /// Copies the profile of every thread at one moment into Out without
  /// ending any thread's recording: the live threads are held at the
  /// snapshot gate (SnapshotGate.h) only while their recorders are copied.
  /// False when the registry is closed or memory ran out. Takes the lock.
  bool copyProfile(ProcessProfileCopy &Out) noexcept;

  /// After finishLiveThreads(), with the lock held: the thread counters.
  void describe(ExperimentInfo &Info) const;
  /// After finishLiveThreads(), with the lock held: the merged profile.
  const CallPathTree &merged() const { return Merged; }
  const ThreadProfileSet *threadProfiles() const { return Profiles.get(); }

  /// Hold the lock across fork() (see Runtime::prepareFork).
  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }
  /// In a child after fork(), with the lock held: only the forking thread
  /// exists, numbered 0, its open frames starting at StartTicks; the
  /// parent's data is forgotten. Throws std::bad_alloc.
  void restartInChild(long ChildPid, Ticks StartTicks);
  /// In a child after fork(), with the lock held: the child records nothing
  /// (restartInChild failed).
  void closeInChild() { Closed = true; }

private:
  /// Ends the recording of State at Now (its frames, trace, tree, metrics);
  /// Current: State is the calling thread's. Called with the lock held.
  void finishThread(ThreadState &State, Ticks Now, bool Current,
                    ThreadFinishHook Finish) noexcept;
  /// Keeps what the output needs of State besides its merged tree: a copy
  /// of its tree for profile-threads.json and its user-region counter.
  void collectResults(ThreadState &State) noexcept;
  /// The name of State's thread in profile-threads.json: State.Name (or
  /// Name, when given: the name captured with a copy), else the OS's, else
  /// "thread <index>".
  std::string threadName(const ThreadState &State, std::string_view Name) const;
  /// Waits for State to leave its current event; false when it does not
  /// within PatienceSeconds or when it is the calling thread's.
  bool waitUntilIdle(const ThreadState &State, bool IsCallingThread,
                     double PatienceSeconds) const;

  TraceSession &Tracing;
  MetricsSession &Metrics;

  // Set by configure() (Pid again in a child), read-only otherwise.
  long Pid = 0;
  double TicksPerSecond = 0;
  ThrottleThreshold Throttle;
  uint64_t SeparateThreadProfiles = 0;

  // Guarded by Mutex.
  std::mutex Mutex;
  bool Closed = false;
  std::vector<ThreadState *> Live;
  CallPathTree Merged;
  RepairCounters Repairs;
  uint64_t ThreadsSeen = 0;
  uint64_t ThreadsNotMerged = 0;
  uint64_t UserRegionsEndedImplicitly = 0;
  std::unique_ptr<ThreadProfileSet> Profiles;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_THREADREGISTRY_H
