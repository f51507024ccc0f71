//===- runtime/trace/TraceStatistics.h - What tracing wrote and lost ------===//
//
// Part of Sextant. Counters of the trace files written by one thread or, once
// added up, by the whole process. experiment.json and summary.txt report
// them, so that no dropped trace data goes unnoticed.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_TRACE_TRACESTATISTICS_H
#define SEXTANT_RUNTIME_TRACE_TRACESTATISTICS_H

#include <cstdint>
#include <string>

namespace sextant {
namespace runtime {

struct TraceStatistics {
  /// Trace files created.
  uint64_t Files = 0;
  /// Chunks, events (enters plus exits) and file bytes (headers included)
  /// that reached the files.
  uint64_t ChunksWritten = 0;
  uint64_t EventsWritten = 0;
  uint64_t BytesWritten = 0;
  /// Chunks and events that could not be written (the file could not be
  /// created or a write failed, e.g. the disk was full).
  uint64_t ChunksDropped = 0;
  uint64_t EventsDropped = 0;
  /// Threads that recorded a profile but no trace because their trace
  /// buffer could not be allocated.
  uint64_t ThreadsWithoutTrace = 0;
  /// The first write error, e.g. "cannot write '<path>': No space left on
  /// device"; empty when there was none.
  std::string FirstError;

  TraceStatistics &operator+=(const TraceStatistics &Other) {
    Files += Other.Files;
    ChunksWritten += Other.ChunksWritten;
    EventsWritten += Other.EventsWritten;
    BytesWritten += Other.BytesWritten;
    ChunksDropped += Other.ChunksDropped;
    EventsDropped += Other.EventsDropped;
    ThreadsWithoutTrace += Other.ThreadsWithoutTrace;
    if (FirstError.empty())
      FirstError = Other.FirstError;
    return *this;
  }
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_TRACE_TRACESTATISTICS_H
