//===- runtime/core/ProcessExit.cpp - exit() called by several threads ----===//
//
// Part of Sextant. The gate every call of exit() passes (ProcessExit.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/core/ProcessExit.h"

#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/ThreadIdentity.h"

#include <atomic>
#include <cerrno>
#include <cstdint>
#include <ctime>
#include <string>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// OS thread id of the thread whose exit() passed the gate (0: none).
std::atomic<uint64_t> ExitingThread{0};
/// OS thread id of the main thread once its exit has begun (0: not begun).
std::atomic<uint64_t> MainThreadExiting{0};
/// The thread that called fork(), in the parent's thread ids.
std::atomic<uint64_t> ForkingThread{0};

/// How long a thread whose exit() found another's running waits for that
/// exit to end the process before it goes on: the first exit's handlers may
/// be waiting for this very thread (a thread pool's destructor joining its
/// workers), which would otherwise never end.
constexpr time_t ExitWaitSeconds = 2;

void finalizeNow() noexcept {
  if (Runtime *Self = Runtime::existing())
    Self->finalize();
}

/// Waits for the exit that passed the gate to end the process; if it has
/// not after ExitWaitSeconds, writes the measurement (or waits until the
/// thread writing it is done) and returns, so that the caller goes on into
/// the C library's exit as it would without Sextant.
void waitForFirstExit() noexcept {
  timespec Deadline{};
  clock_gettime(CLOCK_MONOTONIC, &Deadline);
  Deadline.tv_sec += ExitWaitSeconds;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &Deadline, nullptr) ==
         EINTR) {
  }
  static std::atomic<bool> Warned{false};
  if (!FinalizationStarted.load() && !Warned.exchange(true))
    printMessage(MessageKind::Warning,
                 "another thread's exit() has not ended the process after " +
                     std::to_string(ExitWaitSeconds) +
                     " s (its exit handlers may be waiting for this thread); "
                     "the profile is written now, without what the rest of "
                     "that exit runs");
  finalizeNow();
}

/// The main thread's exit has begun (its thread-local destructors run).
void onMainThreadExit() noexcept {
  uint64_t Self = currentThreadId();
  MainThreadExiting.store(Self);
  uint64_t Exiting = ExitingThread.load();
  if (Exiting != 0 && Exiting != Self)
    waitForFirstExit();
}

/// A thread-local object of the main thread whose destructor runs first
/// when the main thread's exit begins (also after main returns).
struct MainThreadExitWatch {
  bool Armed = false;
  ~MainThreadExitWatch() {
    if (Armed)
      onMainThreadExit();
  }
};

thread_local MainThreadExitWatch MainThreadWatch;

} // namespace

void enterProcessExit() noexcept {
  uint64_t Self = currentThreadId();
  uint64_t Expected = 0;
  if (!ExitingThread.compare_exchange_strong(Expected, Self) &&
      Expected != Self) {
    waitForFirstExit();
    return;
  }
  uint64_t Main = MainThreadExiting.load();
  if (Main != 0 && Main != Self)
    finalizeNow();
}

void watchMainThreadExit() noexcept {
  if (currentThreadId() == static_cast<uint64_t>(::getpid()))
    MainThreadWatch.Armed = true;
}

void noteForkingThread() noexcept { ForkingThread.store(currentThreadId()); }

void restartExitGateInChild() noexcept {
  uint64_t Parent = ForkingThread.load();
  uint64_t Child = currentThreadId();
  for (std::atomic<uint64_t> *Mark : {&ExitingThread, &MainThreadExiting})
    Mark->store(Mark->load() == Parent && Parent != 0 ? Child : 0);
}

} // namespace runtime
} // namespace sextant
