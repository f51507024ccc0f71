//===- runtime/core/TraceSession.cpp - The process's side of tracing ------===//
//
// Part of Sextant. See TraceSession.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/TraceSession.h"
#include "format/schema/ExperimentSchema.h"

#include "runtime/core/OutOfMemoryWarning.h"
#include "runtime/trace/TraceTruncation.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
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
  // The final files are written next: the room kept for them is freed.
  Target.Reserve.release(*Target.Output);
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
  for (const std::string &Name : Files) {
    int Descriptor = Target.Output->openFile(ExperimentDirectory::Place::Trace,
                                             Name, O_RDWR);
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
      if (Read > 0 && trace::decodeFileHeader(Bytes, static_cast<size_t>(Read),
                                              Header, Error)) {
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

bool TraceSession::makeRoom(const std::vector<std::string> &Errors,
                            ExperimentInfo &Info) noexcept {
  if (!Enabled || Files.empty() || Totals.BytesWritten == 0)
    return false;
  try {
    // Only a full file system: the errors name ENOSPC or EDQUOT.
    bool Full = false;
    for (const std::string &Error : Errors)
      Full = Full || Error.find(std::strerror(ENOSPC)) != std::string::npos ||
             Error.find(std::strerror(EDQUOT)) != std::string::npos;
    if (!Full)
      return false;
    // 64 KiB, twice as much at each call: what is cut in all is at most
    // twice what the final files lacked (plus a chunk per file), after
    // about log2(lacking / 64 KiB) attempts.
    uint64_t Want = (uint64_t(64) << 10) << std::min(RoomAttempts++, 30u);
    // From the largest files first.
    std::vector<std::pair<uint64_t, const std::string *>> BySize;
    for (const std::string &Name : Files) {
      int Descriptor = Target.Output->openFile(
          ExperimentDirectory::Place::Trace, Name, O_RDONLY);
      struct stat Status;
      if (Descriptor >= 0 && ::fstat(Descriptor, &Status) == 0)
        BySize.emplace_back(static_cast<uint64_t>(Status.st_size), &Name);
      if (Descriptor >= 0)
        ::close(Descriptor);
    }
    std::sort(BySize.begin(), BySize.end(),
              [](const auto &A, const auto &B) { return A.first > B.first; });
    TraceCut Cut;
    for (const auto &[Size, Name] : BySize)
      if (Cut.Bytes < Want)
        cutTraceTail(Target.Output->openFile(ExperimentDirectory::Place::Trace,
                                             *Name, O_RDWR),
                     Want - Cut.Bytes, Cut);
    if (Cut.Bytes == 0)
      return false;
    Totals.ChunksWritten -= std::min(Totals.ChunksWritten, Cut.Chunks);
    Totals.EventsWritten -= std::min(Totals.EventsWritten, Cut.Events);
    Totals.BytesWritten -= std::min(Totals.BytesWritten, Cut.Bytes);
    Totals.ChunksDropped += Cut.Chunks;
    Totals.EventsDropped += Cut.Events;
    if (Totals.FirstError.empty())
      Totals.FirstError = "the experiment did not fit on the file system: "
                          "the trace's last chunks were cut";
    Info.Trace = Totals;
    return true;
  } catch (...) {
    return false;
  }
}

void TraceSession::restartInChild(long Pid, Ticks OriginTicks) {
  // The parent's reserve is the parent's; the child makes its own.
  Target.Reserve.reset();
  Target.Pid = Pid;
  Target.OriginTicks = OriginTicks;
  Target.ErrorPrinted.store(false);
  Totals = TraceStatistics();
  Files.clear();
}

} // namespace runtime
} // namespace sextant
