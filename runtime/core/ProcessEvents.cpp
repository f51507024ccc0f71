//===- runtime/core/ProcessEvents.cpp - Fatal signals and fork ------------===//
//
// Part of Sextant. How the runtime reacts to the events of the process that
// are not the normal end:
//
//  - a fatal signal (FatalSignals.h): the measurement is finalized in the
//    handler, which then passes the signal on; experiment.json records the
//    signal;
//  - fork() (pthread_atfork): the prepare handler takes the runtime's locks
//    so that the child does not inherit a lock held by a thread that does
//    not exist there; the child handler turns the runtime into that of a new
//    process: its own pid, start time and experiment directory, no data of
//    the parent, only the forking thread, whose open frames are kept (they
//    are open in the child too: they start at the fork) and whose trace
//    starts a new file. The parent is unaffected.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/FatalSignals.h"
#include "runtime/core/ProcessExit.h"
#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/ThreadIdentity.h"

#include <cstring>
#include <ctime>
#include <pthread.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void Runtime::installProcessEventHandlers() {
  installFatalSignalHandlers(&Runtime::onFatalSignal);
  int Error = pthread_atfork(&Runtime::prepareFork, &Runtime::parentAfterFork,
                             &Runtime::childAfterFork);
  if (Error != 0)
    printMessage(MessageKind::Warning,
                 std::string("cannot register fork handlers (") +
                     std::strerror(Error) +
                     "); a child made by fork() records nothing");
}

void Runtime::onFatalSignal(int Signal) {
  Runtime *Self = existing();
  if (!Self)
    return;
  // When the measurement is written (or being written) already, finalize()
  // only waits for the writing to end.
  if (!FinalizationStarted.load()) {
    Self->EndSignal.store(Signal);
    if (Self->Options.Verbose >= 1)
      printMessage(MessageKind::Note,
                   std::string(signalName(Signal)) +
                       ": writing the measurement before the program ends");
  }
  Self->finalize();
  if (void (*Hook)(int) = Self->Adapters.fatalHook())
    Hook(Signal);
}

bool Runtime::lockForFinalization(std::unique_lock<std::mutex> &Lock) noexcept {
  uint64_t Self = currentThreadId();
  if (inFatalSignalHandler() && FinalizingThread.load() == Self) {
    // The signal interrupted this thread's own writing of the measurement.
    printMessage(MessageKind::Error,
                 "a fatal signal arrived while the measurement was being "
                 "written; it is incomplete");
    return false;
  }
  if (!lockWithSignalPatience(Lock))
    return false;
  FinalizingThread.store(Self);
  return true;
}

//===----------------------------------------------------------------------===//
// fork()
//===----------------------------------------------------------------------===//

void Runtime::prepareFork() {
  Runtime *Self = existing();
  if (!Self)
    return;
  // In the order of Runtime.h: finalize() holds Mutex while it takes the
  // parts' locks, and a part's lock is never held while an earlier one is
  // taken.
  Self->Mutex.lock();
  Self->Threads.lockForFork();
  Self->Adapters.lockForFork();
  Self->ModuleMutex.lock();
  Self->Registry->lockForFork();
  Self->Arming.lockForFork();
  Self->UserRegions.lockForFork();
  Self->Output.lockForFork();
  noteForkingThread();
}

void Runtime::unlockAfterFork() {
  Output.unlockAfterFork();
  UserRegions.unlockAfterFork();
  Arming.unlockAfterFork();
  Registry->unlockAfterFork();
  ModuleMutex.unlock();
  Adapters.unlockAfterFork();
  Threads.unlockAfterFork();
  Mutex.unlock();
}

void Runtime::parentAfterFork() {
  if (Runtime *Self = existing())
    Self->unlockAfterFork();
}

void Runtime::childAfterFork() {
  Runtime *Self = existing();
  if (!Self)
    return;
  restartExitGateInChild();
  Self->restartInChild();
  Self->unlockAfterFork();
}

void Runtime::restartInChild() noexcept {
  if (Finalized)
    return; // forked during or after the end: the child records nothing
  try {
    ParentPid = Pid;
    Pid = static_cast<long>(::getpid());
    StartTicks = Clock::now();
    clock_gettime(CLOCK_REALTIME, &StartTime);
    const std::string &OutputDirectory = Adapters.restartInChild(
        Options.OutputDir.empty() ? defaultOutputDirectory() : std::string(),
        Pid);
    Output.restartInChild(OutputDirectory, programForNames(), Pid);
    Tracing.restartInChild(Pid, StartTicks);
    RegionsRejected.store(0);
    Pauses.store(0);
    Threads.restartInChild(Pid, StartTicks);
    Metrics.restartInChild(currentThreadState());
    if (Options.Verbose >= 2)
      printMessage(MessageKind::Note,
                   "process " + std::to_string(Pid) + " was forked from " +
                       std::to_string(ParentPid) + "; it records into " +
                       OutputDirectory);
  } catch (...) {
    // Out of memory: the child must not write the parent's data.
    Finalized = true;
    markFinalizationStarted(std::memory_order_seq_cst);
    Threads.closeInChild();
    printMessage(MessageKind::Error,
                 "out of memory after fork(): the child process records "
                 "nothing");
  }
}

} // namespace runtime
} // namespace sextant
