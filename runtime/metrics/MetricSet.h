//===- runtime/metrics/MetricSet.h - The configured metrics -----*- C++ -*-===//
//
// Part of Sextant. The MetricSet is the process-wide list of metric sources
// SEXTANT_METRICS asks for (besides wall time, which is always measured);
// ThreadMetrics is one thread's readers of those sources and its
// MetricRecorder.
//
// SEXTANT_METRICS is a comma-separated list. Built-in names select the
// built-in sources (cpu-time; peak-rss, page-faults, major-faults and
// context-switches from one getrusage call); "wall" and "time" are accepted
// and ignored (wall time is always measured); every other name is a PAPI
// event (PapiMetricSource.h). A name that cannot be measured is reported
// once with its reason, recorded in experiment.json, and left out; a name
// that cannot be a PAPI event (too long, or with control, blank or non-ASCII
// bytes) is refused before PAPI sees it, and shown cut to 128 bytes with its
// control bytes escaped (common/MessageText.h).
//
// Hot path: a thread with no metric configured has no ThreadMetrics (its
// ThreadState::Metrics is null), and the instrumentation ABI tests that
// pointer once per event.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_METRICS_METRICSET_H
#define SEXTANT_RUNTIME_METRICS_METRICSET_H

#include "runtime/clock/Clock.h"
#include "runtime/metrics/MetricRecorder.h"
#include "runtime/metrics/MetricSource.h"

#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

class MetricTrace;

/// One thread's readings of every configured source and their recorder.
class ThreadMetrics {
public:
  ThreadMetrics(std::vector<std::unique_ptr<MetricReader>> Readers,
                std::vector<size_t> Widths,
                std::vector<MetricAccumulation> Kinds);
  ~ThreadMetrics();

  /// Follow the call-path recorder after an enter (its counter sample, when
  /// tracing, takes a timestamp of its own: the caller's need not stay live
  /// in the hot path) or after an exit at time Now. Never throw; an
  /// allocation failure stops the thread's metrics (counted by
  /// lostEvents()).
  void afterEnter(const CallPathRecorder &Recorder) noexcept;
  void afterExit(const CallPathRecorder &Recorder, Ticks Now) noexcept;
  /// Closes the frames the recorder closed in closeAll(); Current: read the
  /// counters now (on the owning thread), else close with the last readings
  /// (another thread finalizing this one).
  void closeAll(const CallPathRecorder &Recorder, Ticks Now,
                bool Current) noexcept;
  /// After Recorder.restart() in a child process made by fork().
  void restart(const CallPathRecorder &Recorder) noexcept;

  /// Samples every reading into Trace at each event (null: none).
  void setTrace(std::unique_ptr<MetricTrace> Trace);
  MetricTrace *trace() { return Trace.get(); }

  const MetricRecorder &recorder() const { return Recorder; }
  /// Events whose metrics were lost after an allocation failure.
  uint64_t lostEvents() const { return Lost; }

private:
  void readAll() noexcept;

  std::vector<std::unique_ptr<MetricReader>> Readers;
  /// Number of values each reader writes (0 for a missing reader).
  std::vector<size_t> Widths;
  std::vector<uint64_t> Values;
  MetricRecorder Recorder;
  std::unique_ptr<MetricTrace> Trace;
  bool Stopped = false;
  uint64_t Lost = 0;
};

class MetricSet {
public:
  /// Sets up the sources List (SEXTANT_METRICS) names. Names that cannot be
  /// measured go to unavailable(). May throw std::bad_alloc.
  void configure(const std::string &List, bool Multiplex);
  /// Adds Source after the configured ones (unit tests: fake sources).
  void addSource(std::unique_ptr<MetricSource> Source);

  /// True when no metric besides wall time is measured.
  bool empty() const { return Metrics.empty(); }
  /// Every measured metric, in the order of their values.
  const std::vector<MetricDescription> &metrics() const { return Metrics; }
  std::vector<MetricAccumulation> accumulations() const;
  /// The names of SEXTANT_METRICS as given (after trimming).
  const std::vector<std::string> &requested() const { return Requested; }
  const std::vector<UnavailableMetric> &unavailable() const {
    return Unavailable;
  }

  /// The calling thread's metrics, null when empty(). A source that cannot
  /// start on this thread records zeros; its reason goes to Error (the
  /// first one). May throw std::bad_alloc.
  std::unique_ptr<ThreadMetrics> startThread(std::string &Error) const;

private:
  std::vector<std::unique_ptr<MetricSource>> Sources;
  std::vector<MetricDescription> Metrics;
  std::vector<std::string> Requested;
  std::vector<UnavailableMetric> Unavailable;
};

/// The merged metrics of the process, for the outputs.
struct ProfileMetrics {
  std::vector<MetricDescription> Metrics;
  std::vector<std::string> Requested;
  std::vector<UnavailableMetric> Unavailable;
  bool Multiplex = false;
  /// Per node of the merged tree.
  NodeMetricTable Table;
  /// Events whose metrics were lost (allocation failures), threads whose
  /// sources could not all start.
  uint64_t LostEvents = 0;
  uint64_t ThreadsWithoutSources = 0;
  /// Counter samples written to and dropped from trace/*.metrics.
  uint64_t TraceSamplesWritten = 0;
  uint64_t TraceSamplesDropped = 0;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_METRICS_METRICSET_H
