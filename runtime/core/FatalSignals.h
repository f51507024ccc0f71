//===- runtime/core/FatalSignals.h - Writing data on a fatal signal -------===//
//
// Part of Sextant. Handlers for every signal whose default action ends the
// process (except SIGKILL and the real-time signals), which write what was
// recorded before the program dies of the signal, with the same exit status
// it would have had without Sextant.
//
// The signals: faults, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGTRAP;
// requests, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM,
// SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS, SIGIO, SIGPWR,
// SIGSTKFLT. Left out: SIGKILL and SIGSTOP (cannot be caught), the signals
// whose default action does not end the process, and the real-time signals
// (libraries and launchers choose a free one by its default disposition; the
// MPI adapter uses SIGRTMAX-2 itself).
//
// Installation (once, at start-up): a handler is installed for each of those
// signals whose disposition is not SIG_IGN (an ignored signal stays
// ignored); the previous action is kept, and our handler restarts system
// calls only if the previous handler did (SA_RESTART). A program that
// installs its own handler later replaces ours, and then ends (or not) as it
// decides; its normal end writes the data.
//
// A request is something a program may handle and survive (SIGSYS too, which
// seccomp sandboxes handle): when a handler for it was installed before the
// runtime started (by a library's constructor, or an interpreter embedding
// instrumented code), the signal is passed to it with the mask it would have
// had and nothing else is done; the program's normal end writes the data.
// For the faults, and for the requests at their default action, the handler
// writes the data before passing the signal on.
//
// In the handler, for the first of those signals only:
//  1. a watchdog (alarm(2), 30 s) is armed: if writing hangs, e.g. because
//     the signal interrupted malloc while it held its lock, the process is
//     ended with the original signal, so it still dies as it would have;
//  2. the callback (the runtime's finalization) merges the threads and
//     writes the experiment directory;
//  3. the signal is passed on: to the previous handler when there was one
//     (restored first, called with the same siginfo and context, with its
//     own mask and SA_RESETHAND honoured; typically a crash reporter; a
//     handler that recovers from the signal finds the measurement ended),
//     otherwise the default action is restored, the signal unblocked and
//     raised again, so the process ends by the signal (a core dump where
//     the default action makes one).
//
// Async-signal safety: step 2 allocates memory, takes the runtime's lock
// and writes files, which POSIX does not allow in a signal handler. This is
// acceptable here because the signal ends the process in any case: the
// usual outcome is that the data is written; if the interrupted code held a
// lock the writer needs, the watchdog ends the process with the original
// signal after the timeout; a fault inside the writer ends it at once with
// the original signal. Either way the program's termination and exit status
// are unchanged, and only the measurement can be lost. A second fatal
// signal on another thread while the first is being handled waits for the
// writing to finish and is then passed on. SIGTERM and SIGINT are blocked
// while the handler writes.
//
// Alternate signal stacks: the thread that installs the handlers (normally
// the main thread) and every thread that starts recording get one (256 KiB
// with a guard page, one mmap), unless they have one (the program's or a
// sanitizer's), so that a stack overflow on any of them is handled too; a
// thread's stack is freed when it ends.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_FATALSIGNALS_H
#define SEXTANT_RUNTIME_CORE_FATALSIGNALS_H

#include <mutex>

namespace sextant {
namespace runtime {

/// Installs the handlers; OnFatalSignal runs once, in the handler of the
/// first fatal signal, with the signal number. Returns the number of
/// signals handled (those not ignored).
unsigned installFatalSignalHandlers(void (*OnFatalSignal)(int Signal)) noexcept;

/// Gives the calling thread an alternate signal stack unless it has one.
void giveThreadAlternateStack() noexcept;
/// Removes and frees the calling thread's alternate signal stack if the
/// runtime made it (at the thread's end).
void releaseThreadAlternateStack() noexcept;

/// True on a thread that runs OnFatalSignal (code that might wait for a
/// lock the interrupted code holds uses it to bound its wait).
bool inFatalSignalHandler() noexcept;

/// Locks Lock's mutex: without bound, except on a thread that runs
/// OnFatalSignal, where the interrupted code (possibly on this very thread)
/// may hold it: there it waits at most a few seconds. False, with an error
/// printed, when the lock was not taken.
bool lockWithSignalPatience(std::unique_lock<std::mutex> &Lock) noexcept;

/// The name of a handled signal ("SIGSEGV"), or "unknown signal".
const char *signalName(int Signal) noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_FATALSIGNALS_H
