//===- format/schema/MetricTraceFormat.h - Counter samples of a trace -----===//
//
// Part of Sextant. With SEXTANT_TRACE=1 and SEXTANT_METRICS set, each traced
// thread also writes trace/thread-<index>.metrics: the readings of every
// metric at each region enter and exit of the thread, the counter tracks of
// the trace. Shared by the runtime that writes them (MetricTrace.h) and the
// readers (`sextant export --format=chrome`). Header-only, no dependencies.
// docs/output-formats.md describes the format.
//
// A file is a header followed by samples; all integers little-endian:
//
//   header  8 bytes   magic 0x89 'S' 'X' 'M' CR LF ^Z LF
//           uint16    format version (MetricTraceFormatVersion)
//           uint16    number of metrics K
//           uint32    thread index (as in thread-<index>.sxt)
//           K times:  uint16 length, then that many bytes of the metric name
//   sample  uint64    time in clock ticks (the clock of thread-<index>.sxt,
//                     whose header has the origin and ticks per second)
//           K uint64  the readings (cumulative counts of the thread; raw
//                     units: nanoseconds for cpu-time, KiB for peak-rss)
//
// A sample is (1 + K) * 8 bytes; a file that ends inside a sample (the
// process was killed) is read up to the last complete one.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_METRICTRACEFORMAT_H
#define SEXTANT_FORMAT_SCHEMA_METRICTRACEFORMAT_H

#include "common/FileContents.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace sextant {
namespace trace {

constexpr uint8_t MetricFileMagic[8] = {0x89, 'S',  'X',  'M',
                                        0x0d, 0x0a, 0x1a, 0x0a};
constexpr uint16_t MetricTraceFormatVersion = 1;
/// Bytes of the fixed part of the header.
constexpr size_t MetricFileFixedHeaderSize = 16;

inline void appendLittleEndian(std::string &Out, uint64_t Value,
                               unsigned Bytes) {
  for (unsigned I = 0; I < Bytes; ++I)
    Out += static_cast<char>((Value >> (8 * I)) & 0xff);
}

inline uint64_t loadLittleEndian(const uint8_t *Bytes, unsigned Count) {
  uint64_t Value = 0;
  for (unsigned I = 0; I < Count; ++I)
    Value |= static_cast<uint64_t>(Bytes[I]) << (8 * I);
  return Value;
}

/// The header of a metric file for ThreadIndex and metric Names.
inline std::string metricFileHeader(uint32_t ThreadIndex,
                                    const std::vector<std::string> &Names) {
  std::string Out(reinterpret_cast<const char *>(MetricFileMagic), 8);
  appendLittleEndian(Out, MetricTraceFormatVersion, 2);
  appendLittleEndian(Out, Names.size(), 2);
  appendLittleEndian(Out, ThreadIndex, 4);
  for (const std::string &Name : Names) {
    appendLittleEndian(Out, Name.size(), 2);
    Out += Name;
  }
  return Out;
}

/// A decoded metric file.
struct MetricSamples {
  uint32_t ThreadIndex = 0;
  std::vector<std::string> Names;
  /// Per sample: ticks, then Names.size() readings.
  std::vector<uint64_t> Ticks;
  std::vector<uint64_t> Values;
  /// True when the file ended inside a sample.
  bool Truncated = false;
};

/// Reads the metric file at Path; false with Error naming the problem.
inline bool readMetricFile(const std::string &Path, MetricSamples &Samples,
                           std::string &Error) {
  std::string Text;
  int Failure = 0;
  if (!readRegularFile(Path, MetricFileLimit, Text, Error, &Failure)) {
    if (Failure != 0)
      Error = "cannot open the file: " + Error;
    return false;
  }
  const uint8_t *Bytes = reinterpret_cast<const uint8_t *>(Text.data());
  if (Text.size() < MetricFileFixedHeaderSize ||
      !std::equal(MetricFileMagic, MetricFileMagic + 8, Bytes)) {
    Error = "not a Sextant metric trace file (bad magic)";
    return false;
  }
  uint64_t Version = loadLittleEndian(Bytes + 8, 2);
  if (Version != MetricTraceFormatVersion) {
    Error = "metric trace format version " + std::to_string(Version) +
            ", this reader knows version " +
            std::to_string(MetricTraceFormatVersion);
    return false;
  }
  size_t Count = loadLittleEndian(Bytes + 10, 2);
  Samples.ThreadIndex = static_cast<uint32_t>(loadLittleEndian(Bytes + 12, 4));
  size_t Offset = MetricFileFixedHeaderSize;
  for (size_t I = 0; I < Count; ++I) {
    if (Offset + 2 > Text.size()) {
      Error = "the header ends inside the metric names";
      return false;
    }
    size_t Length = loadLittleEndian(Bytes + Offset, 2);
    Offset += 2;
    if (Offset + Length > Text.size()) {
      Error = "the header ends inside the metric names";
      return false;
    }
    Samples.Names.emplace_back(Text.data() + Offset, Length);
    Offset += Length;
  }
  size_t SampleSize = (1 + Count) * 8;
  for (; Offset + SampleSize <= Text.size(); Offset += SampleSize) {
    Samples.Ticks.push_back(loadLittleEndian(Bytes + Offset, 8));
    for (size_t I = 0; I < Count; ++I)
      Samples.Values.push_back(
          loadLittleEndian(Bytes + Offset + 8 * (1 + I), 8));
  }
  Samples.Truncated = Offset != Text.size();
  return true;
}

} // namespace trace
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_METRICTRACEFORMAT_H
