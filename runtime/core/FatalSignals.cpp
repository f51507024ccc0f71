//===- runtime/core/FatalSignals.cpp - Writing data on a fatal signal -----===//
//
// Part of Sextant. The handler of the fatal signals, its watchdog, and the
// passing on of the signal to the previous handler or the default action.
// See FatalSignals.h for what runs in the handler and why.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/FatalSignals.h"

#include "runtime/io/Diagnostics.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <ctime>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// A handled signal: a fault (written, then passed on to any handler) or a
/// request (passed untouched to a handler installed before the runtime).
struct HandledSignal {
  int Number;
  const char *Name;
  bool Fault;
};

/// Every signal whose default action ends the process, except SIGKILL
/// (cannot be handled) and the real-time signals (libraries pick a free one
/// by its SIG_DFL disposition; the MPI adapter uses SIGRTMAX-2). See
/// FatalSignals.h and docs/configuration.md.
constexpr HandledSignal HandledSignals[] = {
    {SIGSEGV, "SIGSEGV", true},      {SIGBUS, "SIGBUS", true},
    {SIGABRT, "SIGABRT", true},      {SIGFPE, "SIGFPE", true},
    {SIGILL, "SIGILL", true},        {SIGTRAP, "SIGTRAP", true},
    {SIGTERM, "SIGTERM", false},     {SIGINT, "SIGINT", false},
    {SIGHUP, "SIGHUP", false},       {SIGQUIT, "SIGQUIT", false},
    {SIGUSR1, "SIGUSR1", false},     {SIGUSR2, "SIGUSR2", false},
    {SIGALRM, "SIGALRM", false},     {SIGPIPE, "SIGPIPE", false},
    {SIGXCPU, "SIGXCPU", false},     {SIGXFSZ, "SIGXFSZ", false},
    {SIGVTALRM, "SIGVTALRM", false}, {SIGPROF, "SIGPROF", false},
    {SIGSYS, "SIGSYS", false},       {SIGIO, "SIGIO", false},
    {SIGPWR, "SIGPWR", false},       {SIGSTKFLT, "SIGSTKFLT", false},
};
constexpr unsigned NumHandledSignals =
    sizeof(HandledSignals) / sizeof(HandledSignals[0]);

/// How long the measurement may take to be written in the handler.
constexpr unsigned WatchdogSeconds = 30;
/// How long a lock is waited for in the handler (lockWithSignalPatience).
constexpr long SignalLockPatienceMilliseconds = 5000;
/// Size of the alternate signal stacks the runtime gives threads (the
/// measurement is written on it), and of the guard page below it.
constexpr size_t AlternateStackSize = 256 * 1024;
constexpr size_t GuardSize = 4096;

struct sigaction PreviousActions[NumHandledSignals];
void (*Callback)(int) = nullptr;

/// The signal whose handler writes the measurement; 0 before.
std::atomic<int> FirstSignal{0};
/// Set when that handler finished writing.
std::atomic<bool> WritingDone{false};
/// OS thread id of the thread writing in the handler.
std::atomic<long> WriterThread{0};
__thread bool InHandler __attribute__((tls_model("initial-exec"))) = false;
/// The calling thread's alternate signal stack when the runtime made it
/// (the whole mapping, guard page first); null otherwise.
__thread char *OwnAlternateStack __attribute__((tls_model("initial-exec"))) =
    nullptr;

struct sigaction PreviousAlarmAction;
unsigned PreviousAlarmSeconds = 0;

long currentTid() { return ::syscall(SYS_gettid); }

int slotOf(int Signal) {
  for (unsigned I = 0; I < NumHandledSignals; ++I)
    if (HandledSignals[I].Number == Signal)
      return static_cast<int>(I);
  return -1;
}

/// Writes a constant message where the runtime's messages go
/// (async-signal-safe).
void writeError(const char *Text) { printRawMessage(Text); }

/// Ends the process by Signal with its default action.
void dieBy(int Signal) {
  struct sigaction Default = {};
  Default.sa_handler = SIG_DFL;
  sigemptyset(&Default.sa_mask);
  ::sigaction(Signal, &Default, nullptr);
  sigset_t Unblock;
  sigemptyset(&Unblock);
  sigaddset(&Unblock, Signal);
  ::pthread_sigmask(SIG_UNBLOCK, &Unblock, nullptr);
  ::raise(Signal);
  // Not reached for the handled signals, whose default action ends the
  // process; returning re-executes a faulting instruction, which then gets
  // the default action.
}

void onWatchdog(int) {
  writeError("sextant: error: writing the measurement after a fatal signal "
             "took too long; it is incomplete or missing\n");
  dieBy(FirstSignal.load());
}

void armWatchdog() {
  struct sigaction Action = {};
  Action.sa_handler = onWatchdog;
  sigemptyset(&Action.sa_mask);
  ::sigaction(SIGALRM, &Action, &PreviousAlarmAction);
  PreviousAlarmSeconds = ::alarm(WatchdogSeconds);
  sigset_t Unblock;
  sigemptyset(&Unblock);
  sigaddset(&Unblock, SIGALRM);
  ::pthread_sigmask(SIG_UNBLOCK, &Unblock, nullptr);
}

void disarmWatchdog() {
  ::alarm(0);
  ::sigaction(SIGALRM, &PreviousAlarmAction, nullptr);
  if (PreviousAlarmSeconds != 0)
    ::alarm(PreviousAlarmSeconds);
}

bool isHandlerFunction(const struct sigaction &Action) {
  if (Action.sa_flags & SA_SIGINFO)
    return Action.sa_sigaction != nullptr;
  return Action.sa_handler != SIG_DFL && Action.sa_handler != SIG_IGN;
}

/// Passes Signal on as if our handler had not been there; Untouched:
/// nothing was written (a request for a handler installed before us).
void passOn(int Signal, siginfo_t *Info, void *Context, bool Untouched) {
  int Slot = slotOf(Signal);
  if (Slot < 0 || !isHandlerFunction(PreviousActions[Slot])) {
    dieBy(Signal);
    return;
  }
  const struct sigaction &Previous = PreviousActions[Slot];
  struct sigaction Restored = Previous;
  if (Previous.sa_flags & SA_RESETHAND) {
    Restored.sa_handler = SIG_DFL;
    Restored.sa_flags &= ~(SA_SIGINFO | SA_RESETHAND);
  }
  ::sigaction(Signal, &Restored, nullptr);
  sigset_t Mask = Previous.sa_mask;
  if (!(Previous.sa_flags & SA_NODEFER))
    sigaddset(&Mask, Signal);
  sigset_t Saved;
  if (Untouched) {
    // Exactly the mask it would have run with without Sextant: the
    // interrupted code's, its own and the signal (not our handler's).
    sigorset(&Mask, &Mask, &static_cast<ucontext_t *>(Context)->uc_sigmask);
    ::pthread_sigmask(SIG_SETMASK, &Mask, &Saved);
  } else {
    // After the writing: the requests stay blocked (one may be pending).
    ::pthread_sigmask(SIG_BLOCK, &Mask, &Saved);
  }
  if (Previous.sa_flags & SA_SIGINFO)
    Previous.sa_sigaction(Signal, Info, Context);
  else
    Previous.sa_handler(Signal);
  ::pthread_sigmask(SIG_SETMASK, &Saved, nullptr);
}

void onFatalSignal(int Signal, siginfo_t *Info, void *Context) {
  int Slot = slotOf(Signal);
  if (Slot >= 0 && !HandledSignals[Slot].Fault &&
      isHandlerFunction(PreviousActions[Slot])) {
    // A handler installed before the runtime decides what a request
    // means; if it ends the program normally, the data is written then.
    passOn(Signal, Info, Context, /*Untouched=*/true);
    return;
  }
  int SavedErrno = errno;
  int First = 0;
  if (FirstSignal.compare_exchange_strong(First, Signal)) {
    WriterThread.store(currentTid());
    armWatchdog();
    InHandler = true;
    Callback(Signal);
    InHandler = false;
    disarmWatchdog();
    WritingDone.store(true);
  } else if (!WritingDone.load()) {
    if (WriterThread.load() == currentTid()) {
      // A fault inside the writing: give it up and end as the first signal
      // would have ended the process.
      writeError("sextant: error: fatal signal while writing the "
                 "measurement; it is incomplete or missing\n");
      dieBy(First);
    }
    // Another thread writes: wait for it (bounded by its watchdog).
    while (!WritingDone.load()) {
      timespec Pause{0, 1000000};
      ::nanosleep(&Pause, nullptr);
    }
  }
  errno = SavedErrno;
  passOn(Signal, Info, Context, /*Untouched=*/false);
}

} // namespace

void giveThreadAlternateStack() noexcept {
  stack_t Current;
  if (::sigaltstack(nullptr, &Current) != 0 || !(Current.ss_flags & SS_DISABLE))
    return; // one is installed (by the program, a sanitizer or us)
  void *Memory = ::mmap(nullptr, GuardSize + AlternateStackSize, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Memory == MAP_FAILED)
    return;
  char *Mapping = static_cast<char *>(Memory);
  stack_t Stack = {};
  Stack.ss_sp = Mapping + GuardSize;
  Stack.ss_size = AlternateStackSize;
  if (::mprotect(Stack.ss_sp, AlternateStackSize, PROT_READ | PROT_WRITE) !=
          0 ||
      ::sigaltstack(&Stack, nullptr) != 0) {
    ::munmap(Mapping, GuardSize + AlternateStackSize);
    return;
  }
  OwnAlternateStack = Mapping;
}

void releaseThreadAlternateStack() noexcept {
  char *Mapping = OwnAlternateStack;
  if (!Mapping)
    return;
  stack_t Current;
  if (::sigaltstack(nullptr, &Current) != 0 || (Current.ss_flags & SS_ONSTACK))
    return; // running on it (or unknown): keep it
  if (Current.ss_sp == Mapping + GuardSize &&
      !(Current.ss_flags & SS_DISABLE)) {
    stack_t Disable = {};
    Disable.ss_flags = SS_DISABLE;
    if (::sigaltstack(&Disable, nullptr) != 0)
      return;
  }
  // Otherwise the program replaced it; the kernel no longer uses ours.
  OwnAlternateStack = nullptr;
  ::munmap(Mapping, GuardSize + AlternateStackSize);
}

namespace {

/// The signals that the handler blocks while it runs: every handled request
/// (SIGALRM is unblocked again for the watchdog), so that none of them
/// interrupts the writing; a fault is never blocked.
sigset_t requestSignals() {
  sigset_t Set;
  sigemptyset(&Set);
  for (const HandledSignal &Handled : HandledSignals)
    if (!Handled.Fault)
      sigaddset(&Set, Handled.Number);
  return Set;
}

} // namespace

unsigned installFatalSignalHandlers(void (*OnFatalSignal)(int)) noexcept {
  Callback = OnFatalSignal;
  giveThreadAlternateStack();
  unsigned Installed = 0;
  for (unsigned I = 0; I < NumHandledSignals; ++I) {
    int Signal = HandledSignals[I].Number;
    struct sigaction Current;
    if (::sigaction(Signal, nullptr, &Current) != 0 ||
        (!(Current.sa_flags & SA_SIGINFO) && Current.sa_handler == SIG_IGN))
      continue;
    PreviousActions[I] = Current;
    struct sigaction Action = {};
    Action.sa_sigaction = onFatalSignal;
    // SA_RESTART as the previous handler had it (a program may count on
    // EINTR); without one, the signal ends the process anyway.
    Action.sa_flags =
        SA_SIGINFO | SA_ONSTACK |
        (isHandlerFunction(Current) ? Current.sa_flags & SA_RESTART
                                    : SA_RESTART);
    Action.sa_mask = requestSignals();
    if (::sigaction(Signal, &Action, nullptr) == 0)
      ++Installed;
  }
  return Installed;
}

bool inFatalSignalHandler() noexcept { return InHandler; }

bool lockWithSignalPatience(std::unique_lock<std::mutex> &Lock) noexcept {
  if (!InHandler) {
    Lock.lock();
    return true;
  }
  // Another thread that holds the lock (say, to write the measurement)
  // finishes meanwhile; the interrupted code never does.
  for (long Waited = 0; !Lock.try_lock(); ++Waited) {
    if (Waited == SignalLockPatienceMilliseconds) {
      printMessage(MessageKind::Error,
                   "the measurement cannot be written: the signal "
                   "interrupted the runtime while it held its lock");
      return false;
    }
    timespec Pause{0, 1000000};
    nanosleep(&Pause, nullptr);
  }
  return true;
}

const char *signalName(int Signal) noexcept {
  int Slot = slotOf(Signal);
  return Slot >= 0 ? HandledSignals[Slot].Name : "unknown signal";
}

} // namespace runtime
} // namespace sextant
