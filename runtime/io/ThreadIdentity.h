//===- runtime/io/ThreadIdentity.h - A thread's OS id and name --*- C++ -*-===//
//
// Part of Sextant. The OS thread id of the calling thread and the name of a
// thread of this process (/proc/self/task/<tid>/comm), asked of the kernel
// for the threads' trace files (trace/ThreadTrace.h) and their entries in
// profile-threads.json (core/ThreadRegistry.h). Only system calls and
// open/read/close: no stdio.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_IO_THREADIDENTITY_H
#define SEXTANT_RUNTIME_IO_THREADIDENTITY_H

#include <cstdint>
#include <string>

namespace sextant {
namespace runtime {

/// The name of thread Tid of process Pid for traces and reports: "main" for
/// the process's main thread, else its name (/proc/self/task/<tid>/comm),
/// empty if unknown. Uses only open/read/close.
std::string threadDisplayName(int64_t Pid, uint64_t Tid);

/// The OS thread id of the calling thread.
uint64_t currentThreadId();

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_THREADIDENTITY_H
