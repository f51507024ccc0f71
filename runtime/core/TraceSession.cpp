//===- runtime/core/TraceSession.cpp - The process's side of tracing ------===//
//
// Part of Sextant. See TraceSession.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/TraceSession.h"
#include "format/ExperimentSchema.h"

#include "runtime/core/OutOfMemoryWarning.h"
#include "runtime/io/OutputDirectory.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void TraceSession::configure(const RuntimeOptions &Options,
                             const std::string &OutputDirectory, long Pid,
                             double TicksPerSecond, Ticks OriginTicks) {
  Enabled = Options.Trace != 0;
  if (!Enabled)
    return;
  Target.Directory = joinPath(OutputDirectory, format::files::TraceDirectory);
  Target.Pid = Pid;
  Target.TicksPerSecond = TicksPerSecond;
  Target.OriginTicks = OriginTicks;
  Target.BufferSize = static_cast<size_t>(Options.BufferSize.Bytes);
  removeStaleThreadFiles(Target.Directory, format::files::TraceFileSuffix);
}

void TraceSession::moveTo(const std::string &OutputDirectory) {
  if (Enabled)
    Target.Directory = joinPath(OutputDirectory, format::files::TraceDirectory);
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
      Files.push_back(State.Trace->filePath());
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
  for (const std::string &Path : Files) {
    int Descriptor = ::open(Path.c_str(), O_RDWR | O_CLOEXEC);
    if (Descriptor < 0)
      continue;
    // The header is read, changed and written again whole, with its
    // checksum.
    uint8_t Bytes[trace::FileHeaderSize];
    ssize_t Read;
    do
      Read = ::pread(Descriptor, Bytes, sizeof(Bytes), 0);
    while (Read < 0 && errno == EINTR);
    try {
      trace::FileHeader Header;
      std::string Error;
      if (Read > 0 && trace::decodeFileHeader(
                          Bytes, static_cast<size_t>(Read), Header, Error)) {
        Header.TicksPerSecond = Final;
        trace::encodeFileHeader(Header, Bytes);
        ssize_t Written;
        do
          Written = ::pwrite(Descriptor, Bytes,
                             trace::fileHeaderSize(Header.Version), 0);
        while (Written < 0 && errno == EINTR);
      }
    } catch (...) {
      // Out of memory for a message: this file keeps its first frequency.
    }
    ::close(Descriptor);
  }
}

void TraceSession::restartInChild(const std::string &OutputDirectory, long Pid,
                                  Ticks OriginTicks) {
  Target.Directory = joinPath(OutputDirectory, format::files::TraceDirectory);
  if (Enabled)
    removeStaleThreadFiles(Target.Directory, format::files::TraceFileSuffix);
  Target.Pid = Pid;
  Target.OriginTicks = OriginTicks;
  Target.ErrorPrinted.store(false);
  Totals = TraceStatistics();
  Files.clear();
}

} // namespace runtime
} // namespace sextant
