//===- runtime/core/ThreadRegistry.cpp - The threads that record ----------===//
//
// Part of Sextant. See ThreadRegistry.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/ThreadRegistry.h"

#include "runtime/core/FatalSignals.h"
#include "runtime/core/OutOfMemoryWarning.h"
#include "runtime/core/SnapshotGate.h"
#include "runtime/io/ThreadIdentity.h"
#include "runtime/trace/ThreadTrace.h"

#include <pthread.h>
#include <sched.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// How long finalization waits for a live thread to finish its event.
constexpr double BusyThreadPatienceSeconds = 1.0;
/// How long a snapshot waits for a live thread to finish its event, with
/// the other threads held at the gate: a thread still busy then is left
/// out of this snapshot.
constexpr double SnapshotPatienceSeconds = 0.1;

} // namespace

void ThreadRegistry::configure(long ProcessId, double ClockTicksPerSecond,
                               ThrottleThreshold Threshold,
                               uint64_t SeparateProfiles) {
  Pid = ProcessId;
  TicksPerSecond = ClockTicksPerSecond;
  Throttle = Threshold;
  SeparateThreadProfiles = SeparateProfiles;
  Profiles = std::make_unique<ThreadProfileSet>(SeparateThreadProfiles);
}

ThreadState *ThreadRegistry::attach() {
  auto State = std::make_unique<ThreadState>();
  State->Tid = static_cast<uint64_t>(::gettid());
  State->Recorder.setThrottleThreshold(Throttle);
  pthread_attr_t Attributes;
  if (pthread_getattr_np(pthread_self(), &Attributes) == 0) {
    void *Low = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&Attributes, &Low, &Size) == 0 && Low) {
      uintptr_t StackLow = reinterpret_cast<uintptr_t>(Low);
      State->setStackBounds(StackLow, StackLow + Size);
    }
    pthread_attr_destroy(&Attributes);
  }
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Closed)
      return nullptr;
    Live.push_back(State.get());
    State->Index = static_cast<uint32_t>(ThreadsSeen);
    ++ThreadsSeen;
    Tracing.startThread(*State);
  }
  Metrics.startThread(*State, Tracing);
  giveThreadAlternateStack();
  return State.release();
}

void ThreadRegistry::detach(ThreadState *State,
                            ThreadFinishHook Finish) noexcept {
  Ticks Now = Clock::now();
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Closed)
      finishThread(*State, Now, /*Current=*/true, Finish);
    for (size_t I = 0; I < Live.size(); ++I) {
      if (Live[I] == State) {
        Live[I] = Live.back();
        Live.pop_back();
        break;
      }
    }
  }
  delete State;
  releaseThreadAlternateStack();
}

void ThreadRegistry::finishThread(ThreadState &State, Ticks Now, bool Current,
                                  ThreadFinishHook Finish) noexcept {
  if (Finish)
    Finish(State, Now);
  size_t OpenFrames = State.Recorder.closeAll(Now);
  Tracing.finishThread(State, Now, OpenFrames);
  Repairs += State.Recorder.counters();
  try {
    Merged.mergeFrom(State.Recorder.tree());
  } catch (...) {
    warnOutOfMemory("the profile of an exiting thread is incomplete");
  }
  Metrics.finishThread(State, Now, Current, Merged);
  collectResults(State);
}

void ThreadRegistry::collectResults(ThreadState &State) noexcept {
  UserRegionsEndedImplicitly += State.UserRegions.endedImplicitly();
  if (!Profiles)
    return;
  try {
    Profiles->add(State.Index, static_cast<long>(State.Tid),
                  threadName(State, State.Name), State.Recorder.tree());
  } catch (...) {
    warnOutOfMemory("a thread is missing from profile-threads.json");
  }
}

std::string ThreadRegistry::threadName(const ThreadState &State,
                                       std::string_view Name) const {
  std::string Chosen(Name);
  if (Chosen.empty())
    Chosen = threadDisplayName(static_cast<int64_t>(Pid), State.Tid);
  if (Chosen.empty())
    Chosen = "thread " + std::to_string(State.Index);
  return Chosen;
}

bool ThreadRegistry::copyProfile(ProcessProfileCopy &Out) noexcept {
  try {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Closed)
      return false;
    // What the ended threads left, and room for the copies, before the
    // gate closes: nothing allocates while it is closed.
    Out.Merged = Merged;
    Out.Profiles =
        Profiles ? std::make_unique<ThreadProfileSet>(*Profiles) : nullptr;
    Out.Repairs = Repairs;
    Out.ThreadsSeen = ThreadsSeen;
    Out.ThreadsNotMerged = ThreadsNotMerged;
    Out.UserRegionsEndedImplicitly = UserRegionsEndedImplicitly;
    std::vector<RecorderCopy> Copies(Live.size());
    std::vector<uint64_t> EndedImplicitly(Live.size(), 0);

    ThreadState *Caller = currentThreadState(); // none: a runtime thread
    closeSnapshotGate();
    for (size_t I = 0; I < Live.size(); ++I) {
      const ThreadState &State = *Live[I];
      if (waitUntilIdle(State, &State == Caller, SnapshotPatienceSeconds)) {
        Copies[I].capture(State.Recorder, State.Name);
        EndedImplicitly[I] = State.UserRegions.endedImplicitly();
      }
    }
    // After every copy: no copied frame starts later.
    Out.Taken = Clock::now();
    openSnapshotGate();

    for (size_t I = 0; I < Live.size(); ++I) {
      const ThreadState &State = *Live[I];
      if (!Copies[I].holdsCopy()) {
        ++Out.ThreadsNotMerged;
        continue;
      }
      CallPathRecorder Rebuilt;
      Copies[I].rebuild(Rebuilt, Out.Taken);
      Out.Repairs += Rebuilt.counters();
      Out.Merged.mergeFrom(Rebuilt.tree());
      if (Out.Profiles)
        Out.Profiles->add(State.Index, static_cast<long>(State.Tid),
                          threadName(State, Copies[I].name()), Rebuilt.tree());
      Out.UserRegionsEndedImplicitly += EndedImplicitly[I];
    }
    return true;
  } catch (...) {
    return false; // out of memory: no snapshot this time
  }
}

bool ThreadRegistry::close(std::unique_lock<std::mutex> &Lock) noexcept {
  Lock = std::unique_lock<std::mutex>(Mutex, std::defer_lock);
  if (!lockWithSignalPatience(Lock))
    return false;
  Closed = true;
  return true;
}

bool ThreadRegistry::waitUntilIdle(const ThreadState &State,
                                   bool IsCallingThread,
                                   double PatienceSeconds) const {
  if (State.Busy.load(std::memory_order_acquire) == 0)
    return true;
  if (IsCallingThread)
    return false; // interrupted inside an event: its data may be mid-update
  Ticks Deadline =
      Clock::now() + static_cast<Ticks>(PatienceSeconds * TicksPerSecond);
  while (State.Busy.load(std::memory_order_acquire) != 0) {
    if (Clock::now() > Deadline)
      return false;
    sched_yield();
  }
  return true;
}

void ThreadRegistry::finishLiveThreads(Ticks Now,
                                       ThreadFinishHook Finish) noexcept {
  ThreadState *Caller = currentThreadState();
  for (ThreadState *State : Live) {
    if (!waitUntilIdle(*State, State == Caller, BusyThreadPatienceSeconds)) {
      ++ThreadsNotMerged;
      continue;
    }
    finishThread(*State, Now, State == Caller, Finish);
  }
}

void ThreadRegistry::describe(ExperimentInfo &Info) const {
  Info.ThreadsSeen = ThreadsSeen;
  Info.ThreadsNotMerged = ThreadsNotMerged;
  Info.Repairs = Repairs;
  Info.UserRegionsEndedImplicitly = UserRegionsEndedImplicitly;
}

void ThreadRegistry::restartInChild(long ChildPid, Ticks StartTicks) {
  Pid = ChildPid;
  // Only the forking thread exists in the child.
  ThreadState *Caller = currentThreadState();
  for (ThreadState *State : Live)
    if (State != Caller)
      delete State;
  Live.clear();
  Merged = CallPathTree();
  Repairs = RepairCounters();
  ThreadsSeen = 0;
  ThreadsNotMerged = 0;
  Profiles = std::make_unique<ThreadProfileSet>(SeparateThreadProfiles);
  UserRegionsEndedImplicitly = 0;
  if (Caller) {
    Live.push_back(Caller);
    ThreadsSeen = 1;
    Caller->Index = 0;
    Caller->Tid = currentThreadId();
    Caller->Recorder.restart(StartTicks);
    if (Caller->Trace)
      Caller->Trace->restartAfterFork(Caller->Index, Caller->Tid,
                                      Caller->Recorder);
  }
}

} // namespace runtime
} // namespace sextant
