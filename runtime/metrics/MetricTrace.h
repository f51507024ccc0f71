//===- runtime/metrics/MetricTrace.h - Counter samples of one thread ------===//
//
// Part of Sextant. The writer of one thread's trace/thread-<index>.metrics
// (MetricTraceFormat.h): a sample of every metric reading at each region
// enter and exit, kept in a fixed buffer and appended to the file when the
// buffer is full and at the end. Only used when both tracing and metrics
// are on; it never allocates after construction. The file is opened for
// each write and closed after it (no descriptor per live thread). A failed
// open or write drops the buffered samples and counts them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_METRICS_METRICTRACE_H
#define SEXTANT_RUNTIME_METRICS_METRICTRACE_H

#include "runtime/clock/Clock.h"
#include "runtime/io/ExperimentDirectory.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

class MetricTrace {
public:
  /// A writer of the file Name in Output's trace directory for thread
  /// Index with metrics Names; the file is created (anew, never through a
  /// link) at the first write. Throws std::bad_alloc.
  MetricTrace(ExperimentDirectory &Output, std::string Name, uint32_t Index,
              const std::vector<std::string> &Names, size_t BufferBytes);
  ~MetricTrace();
  MetricTrace(const MetricTrace &) = delete;
  MetricTrace &operator=(const MetricTrace &) = delete;

  /// Appends a sample of the width() Values at Now.
  void sample(Ticks Now, const uint64_t *Values) noexcept;
  /// Writes the buffered samples; later samples append.
  void flush() noexcept;

  size_t width() const { return Width; }
  const std::string &path() const { return Path; }
  uint64_t samplesWritten() const { return Written; }
  uint64_t samplesDropped() const { return Dropped; }
  /// The first write error, empty when none.
  const std::string &error() const { return Error; }

private:
  /// The part of flush() that may throw std::bad_alloc.
  void writeBuffer();
  /// Opens the file for writing: created anew before the header is
  /// written, else opened again for appending; the one place that opens
  /// it. Returns the descriptor or -1 with Problem set.
  int openMetricFile(std::string &Problem);

  ExperimentDirectory &Output;
  std::string Name;
  /// Output's trace directory and Name, for messages.
  std::string Path;
  std::string Header;
  size_t Width;
  std::vector<uint8_t> Buffer;
  size_t Used = 0;
  bool HeaderWritten = false;
  uint64_t Pending = 0;
  uint64_t Written = 0;
  uint64_t Dropped = 0;
  std::string Error;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_METRICS_METRICTRACE_H
