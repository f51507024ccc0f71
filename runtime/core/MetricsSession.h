//===- runtime/core/MetricsSession.h - The process's side of metrics ------===//
//
// Part of Sextant. With SEXTANT_METRICS set: the process-wide MetricSet, a
// ThreadMetrics for every thread that records (with a counter-sample file
// when tracing), the merge of each thread's metric table into the metrics
// of the process-wide tree at thread exit or process end, and the warnings
// about metrics that could not be read. See MetricSet.h.
//
// Locking: none of its own. The merged metrics change only in
// finishThread(), which the ThreadRegistry calls under its lock (they index
// the nodes of its merged tree); what threads that start report (a thread
// without every source, the first warning) is kept in atomics, since
// startThread() runs without any lock.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_METRICSSESSION_H
#define SEXTANT_RUNTIME_CORE_METRICSSESSION_H

#include "runtime/clock/Clock.h"
#include "runtime/config/Options.h"
#include "runtime/core/ThreadState.h"
#include "runtime/core/TraceSession.h"
#include "runtime/metrics/MetricSet.h"
#include "runtime/profile/CallPathTree.h"

#include <atomic>
#include <cstdint>

namespace sextant {
namespace runtime {

class MetricsSession {
public:
  MetricsSession() = default;
  MetricsSession(const MetricsSession &) = delete;
  MetricsSession &operator=(const MetricsSession &) = delete;

  /// Sets up the metrics of SEXTANT_METRICS (nothing when none is asked for
  /// or nothing is measured); warns about those that cannot be measured.
  /// Called at start-up after Tracing.configure().
  void configure(const RuntimeOptions &Options, bool Measuring,
                 const TraceSession &Tracing);

  /// Gives State its metric readers (and counter-sample file when
  /// tracing); called on State's thread after it was numbered, without any
  /// lock held.
  void startThread(ThreadState &State, const TraceSession &Tracing) noexcept;
  /// After State.Recorder.closeAll(Now) and the merge of its tree into
  /// Merged: closes State's metrics and merges them. Current: called on
  /// State's thread (its counters are read once more and its readers
  /// stopped). Called under the ThreadRegistry's lock.
  void finishThread(ThreadState &State, Ticks Now, bool Current,
                    const CallPathTree &Merged) noexcept;

  /// In a child after fork(): metrics other than time stop (Caller is the
  /// forking thread's state, if it records).
  void restartInChild(ThreadState *Caller) noexcept;

  /// The merged metrics for the outputs; null when none was asked for.
  /// Called at the end, under the ThreadRegistry's lock.
  const ProfileMetrics *profileMetrics() noexcept;

private:
  /// SEXTANT_METRICS: set by configure(), read-only afterwards.
  MetricSet Metrics;
  bool Tracing = false;
  /// The metrics of the merged tree's nodes and what was lost.
  ProfileMetrics Merged;
  /// Threads whose sources could not all start (Merged gets it at the end).
  std::atomic<uint64_t> ThreadsWithoutSources{0};
  std::atomic<bool> WarningPrinted{false};
  /// Set in a child after fork: new threads get no metric readers.
  bool Stopped = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_METRICSSESSION_H
