//===- runtime/core/TraceSession.cpp - The process's side of tracing ------===//
//
// Part of Sextant. See TraceSession.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/TraceSession.h"
#include "format/ExperimentSchema.h"

#include "runtime/core/OutOfMemoryWarning.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void TraceSession::configure(const RuntimeOptions &Options,
                             ExperimentDirectory &Output, long Pid,
                             double TicksPerSecond, Ticks OriginTicks) {
  Enabled = Options.Trace != 0;
  Target.Output = &Output;
  if (!Enabled)
    return;
  Target.Pid = Pid;
  Target.TicksPerSecond = TicksPerSecond;
  Target.OriginTicks = OriginTicks;
  Target.BufferSize = static_cast<size_t>(Options.BufferSize.Bytes);
}

void TraceSession::startThread(ThreadState &State) noexcept {
  if (!Enabled)
    return;
  try {
    State.Trace = std::make_unique<ThreadTrace>(Target, State.Index, State.Tid,
                                                State.TraceOut);
  } catch (...) {
    ++Totals.ThreadsWithoutTrace;
    warnOutOfMemory("a thread is profiled but not traced (counted in "
                    "experiment.json)");
  }
}

void TraceSession::finishThread(ThreadState &State, Ticks Now,
                                size_t FramesClosed) noexcept {
  if (!State.Trace)
    return;
  if (!State.Name.empty())
    State.Trace->setThreadName(State.Name);
  State.Trace->finish(Now, FramesClosed, State.Recorder);
  try {
    Totals += State.Trace->statistics();
    if (State.Trace->statistics().Files != 0)
      Files.push_back(State.Trace->fileName());
  } catch (...) {
    // Out of memory for the error text or the list: the counts are kept.
  }
  State.Trace.reset();
}

void TraceSession::complete(ExperimentInfo &Info) noexcept {
  Info.TraceEnabled = Enabled;
  Info.TraceBufferSize = Target.BufferSize;
  try {
    Info.Trace = Totals;
  } catch (...) {
    Info.Trace.FirstError.clear();
  }
  // Every file was written with the frequency known at start-up; the final
  // calibration over the whole run replaces it.
  double Final = Info.Clock.TicksPerSecond;
  if (!(Final > 0) || Final == Target.TicksPerSecond)
    return;
  uint8_t Bytes[8];
  uint64_t Bits;
  std::memcpy(&Bits, &Final, sizeof(Bits));
  trace::store64(Bytes, Bits);
  for (const std::string &Name : Files) {
    int Descriptor = Target.Output->openFile(ExperimentDirectory::Place::Trace,
                                             Name, O_WRONLY);
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

void TraceSession::restartInChild(long Pid, Ticks OriginTicks) {
  Target.Pid = Pid;
  Target.OriginTicks = OriginTicks;
  Target.ErrorPrinted.store(false);
  Totals = TraceStatistics();
  Files.clear();
}

} // namespace runtime
} // namespace sextant
