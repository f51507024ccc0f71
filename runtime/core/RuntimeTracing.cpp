//===- runtime/core/RuntimeTracing.cpp - The runtime's side of tracing ----===//
//
// Part of Sextant. With SEXTANT_TRACE=1: the process-wide TraceTarget, a
// ThreadTrace for every thread that records, the end of each thread's trace
// (at thread exit or process end) and the totals and final clock frequency
// written at the end. See ThreadTrace.h for the per-thread part.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/OutputDirectory.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void Runtime::configureTracing() {
  if (Options.Trace == 0)
    return;
  Trace.Directory = joinPath(OutputDirectory, "trace");
  Trace.Pid = Pid;
  Trace.TicksPerSecond = ClockChoice.StartInfo.TicksPerSecond;
  Trace.OriginTicks = StartTicks;
  Trace.BufferSize = static_cast<size_t>(Options.BufferSize.Bytes);
  removeStaleThreadFiles(Trace.Directory, ".sxt");
}

void Runtime::startTrace(ThreadState &State) noexcept {
  if (Options.Trace == 0)
    return;
  try {
    State.Trace = std::make_unique<ThreadTrace>(Trace, State.Index, State.Tid,
                                                State.TraceOut);
  } catch (...) {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++TraceTotals.ThreadsWithoutTrace;
    if (!OutOfMemoryWarningPrinted.exchange(true))
      printMessage(MessageKind::Warning,
                   "out of memory: a thread is profiled but not traced "
                   "(counted in experiment.json)");
  }
}

void Runtime::finishTrace(ThreadState &State, Ticks Now,
                          size_t FramesClosed) noexcept {
  if (!State.Trace)
    return;
  if (!State.Name.empty())
    State.Trace->setThreadName(State.Name);
  State.Trace->finish(Now, FramesClosed, State.Recorder);
  try {
    TraceTotals += State.Trace->statistics();
    if (State.Trace->statistics().Files != 0)
      TraceFiles.push_back(State.Trace->filePath());
  } catch (...) {
    // Out of memory for the error text or the list: the counts are kept.
  }
  State.Trace.reset();
}

void Runtime::completeTraces(ExperimentInfo &Info) noexcept {
  Info.TraceEnabled = Options.Trace != 0;
  Info.TraceBufferSize = Trace.BufferSize;
  try {
    Info.Trace = TraceTotals;
  } catch (...) {
    Info.Trace.FirstError.clear();
  }
  // Every file was written with the frequency known at start-up; the final
  // calibration over the whole run replaces it.
  double Final = Info.Clock.TicksPerSecond;
  if (!(Final > 0) || Final == Trace.TicksPerSecond)
    return;
  uint8_t Bytes[8];
  uint64_t Bits;
  std::memcpy(&Bits, &Final, sizeof(Bits));
  trace::store64(Bytes, Bits);
  for (const std::string &Path : TraceFiles) {
    int Descriptor = ::open(Path.c_str(), O_WRONLY | O_CLOEXEC);
    if (Descriptor < 0)
      continue;
    ssize_t Written;
    do
      Written = ::pwrite(Descriptor, Bytes, sizeof(Bytes),
                         trace::FileTicksPerSecondOffset);
    while (Written < 0 && errno == EINTR);
    ::close(Descriptor);
  }
}

} // namespace runtime
} // namespace sextant
