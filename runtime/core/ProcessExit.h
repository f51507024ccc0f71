//===- runtime/core/ProcessExit.h - Concurrent exit() calls ---*- C++ -*-===//
//
// Part of Sextant. exit() called by two threads at once is undefined in C.
// glibc (2.36) lets the second caller run the exit handlers the first has
// not yet taken and end the process with _exit while the first is still
// writing the measurement in the library's destructor: the experiment was
// lost without a word. libsextant therefore defines exit()
// (api/ProcessExit.cpp), which passes this gate before it calls the C
// library's exit:
//
//  - the first thread to call exit() passes, and the process ends through
//    its exit, with its status; a thread that calls exit() while another's
//    exit is running waits until the process ends. Should it still run 2 s
//    later (the first exit's handlers may wait for this thread: a pool's
//    destructor joining its workers), the thread writes the measurement, or
//    waits until it is written, and goes on into the C library's exit, as
//    it would without Sextant; a warning says so when the measurement was
//    not being written yet (what the rest of the first exit runs is not
//    recorded). exit() called again by the thread whose exit
//    is running (from an exit handler) passes;
//  - the main thread's return from main() reaches the C library's exit
//    directly, without our exit(). A thread-local destructor of the main
//    thread (the first thing exit runs in a thread) marks the main thread
//    exiting, and waits like such a thread when another thread's exit
//    passed the gate before. A thread whose exit() passes the gate while
//    the main thread exits writes the measurement before calling the C
//    library's exit (the main thread's finalization in the library
//    destructor waits for it, or has written it), so that neither exit can
//    end the process before the measurement is written. The marks are
//    sequentially consistent: of the main thread and such a thread, at
//    least one sees the other.
//
// Not covered: exit called by a library that binds it before libsextant
// (libsextant loaded with dlopen), a fully static executable (the C
// library's exit wins over the weak definition), and other calls of the C library's own
// exit (the last thread's end after main called pthread_exit has no thread
// to race with).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_PROCESSEXIT_H
#define SEXTANT_RUNTIME_CORE_PROCESSEXIT_H

namespace sextant {
namespace runtime {

/// Passes the gate for a call of exit() on the calling thread (see the file
/// comment): returns when the caller is to go on into the C library's exit,
/// after writing the measurement when the main thread is exiting at the
/// same time; when another thread's exit is running, only after waiting for
/// it (see the file comment).
void enterProcessExit() noexcept;

/// Arms the main thread's exit mark; called at start-up, does nothing on
/// any other thread.
void watchMainThreadExit() noexcept;

/// fork(): the forking thread's marks stay its own in the child (under its
/// new thread id); the other threads do not exist there. Called by the
/// runtime's fork handlers.
void noteForkingThread() noexcept;
void restartExitGateInChild() noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_PROCESSEXIT_H
