//===- runtime/metrics/MetricTrace.cpp - Counter samples of one thread ----===//
//
// Part of Sextant. Buffering samples and appending them to the file.
//
//===----------------------------------------------------------------------===//

#include "runtime/metrics/MetricTrace.h"

#include "format/schema/MetricTraceFormat.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

bool writeAll(int Descriptor, const uint8_t *Data, size_t Size,
              std::string &Error) {
  while (Size != 0) {
    ssize_t Done = ::write(Descriptor, Data, Size);
    if (Done < 0 && errno == EINTR)
      continue;
    if (Done <= 0) {
      Error = std::strerror(Done < 0 ? errno : ENOSPC);
      return false;
    }
    Data += Done;
    Size -= static_cast<size_t>(Done);
  }
  return true;
}

} // namespace

MetricTrace::MetricTrace(ExperimentDirectory &Directory, std::string FileName,
                         uint32_t Index, const std::vector<std::string> &Names,
                         size_t BufferBytes)
    : Output(Directory), Name(std::move(FileName)),
      Path(Output.pathOf(ExperimentDirectory::Place::Trace, Name)),
      Header(trace::metricFileHeader(Index, Names)), Width(Names.size()) {
  size_t SampleSize = (1 + Width) * 8;
  Buffer.resize(std::max(BufferBytes / SampleSize, size_t(16)) * SampleSize);
}

MetricTrace::~MetricTrace() = default;

void MetricTrace::sample(Ticks Now, const uint64_t *Values) noexcept {
  size_t SampleSize = (1 + Width) * 8;
  if (Used + SampleSize > Buffer.size())
    flush();
  uint8_t *Out = Buffer.data() + Used;
  for (unsigned B = 0; B < 8; ++B)
    Out[B] = static_cast<uint8_t>(Now >> (8 * B));
  for (size_t K = 0; K < Width; ++K)
    for (unsigned B = 0; B < 8; ++B)
      Out[8 * (1 + K) + B] = static_cast<uint8_t>(Values[K] >> (8 * B));
  Used += SampleSize;
  ++Pending;
}

void MetricTrace::flush() noexcept {
  if (Used == 0)
    return;
  try {
    writeBuffer();
  } catch (...) {
    Dropped += Pending; // out of memory for the error text
  }
  Used = 0;
  Pending = 0;
}

int MetricTrace::openMetricFile(std::string &Problem) {
  constexpr auto Trace = ExperimentDirectory::Place::Trace;
  int Descriptor = HeaderWritten
                       ? Output.openFile(Trace, Name, O_WRONLY | O_APPEND)
                       : Output.createFile(Trace, Name, Problem);
  if (Descriptor < 0 && HeaderWritten)
    Problem = std::strerror(errno);
  else if (Descriptor < 0 && Error.empty())
    Error = Problem;                 // "cannot write '<path>': <why>"
  Path = Output.pathOf(Trace, Name); // the directory is claimed by now
  return Descriptor;
}

void MetricTrace::writeBuffer() {
  std::string Problem;
  bool Ok = true;
  // Created (O_EXCL|O_NOFOLLOW) with its header at the first write, then
  // opened again for each write (O_NOFOLLOW, never created again) and
  // closed right after it, so that tracing holds no descriptor per live
  // thread (see ThreadTrace.h). A failed open (e.g. EMFILE) is tried again
  // at the next write.
  int Descriptor = openMetricFile(Problem);
  if (Descriptor < 0) {
    Ok = false;
  } else if (!HeaderWritten) {
    Ok = writeAll(Descriptor, reinterpret_cast<const uint8_t *>(Header.data()),
                  Header.size(), Problem);
    HeaderWritten = Ok;
    if (!Ok) // no file rather than a torn header; made again at the next
      Output.removeFile(ExperimentDirectory::Place::Trace, Name);
  }
  if (Ok)
    Ok = writeAll(Descriptor, Buffer.data(), Used, Problem);
  if (Descriptor >= 0)
    ::close(Descriptor);
  if (Ok) {
    Written += Pending;
  } else {
    Dropped += Pending;
    if (Error.empty())
      Error = Path + ": " + (Problem.empty() ? "earlier error" : Problem);
  }
}

} // namespace runtime
} // namespace sextant
