//===- runtime/core/MetricsSession.cpp - The process's side of metrics ----===//
//
// Part of Sextant. See MetricsSession.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/MetricsSession.h"
#include "format/schema/ExperimentSchema.h"

#include "runtime/core/OutOfMemoryWarning.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/metrics/MetricRecorder.h"
#include "runtime/metrics/MetricTrace.h"

namespace sextant {
namespace runtime {

namespace {

/// Bytes of each thread's counter-sample buffer when tracing.
constexpr size_t MetricTraceBufferBytes = 64 * 1024;

} // namespace

void MetricsSession::configure(const RuntimeOptions &Options, bool Measuring,
                               const TraceSession &Trace) {
  if (Options.Metrics.empty() || !Measuring)
    return;
  Tracing = Trace.enabled();
  Metrics.configure(Options.Metrics, Options.MetricsMultiplex != 0);
  for (const UnavailableMetric &Missing : Metrics.unavailable())
    printMessage(MessageKind::Warning,
                 "metric '" + Missing.Name +
                     "' (SEXTANT_METRICS) is not "
                     "measured: " +
                     Missing.Reason +
                     "; the program runs and the other metrics are measured");
  Merged.Metrics = Metrics.metrics();
  Merged.Requested = Metrics.requested();
  Merged.Unavailable = Metrics.unavailable();
  Merged.Multiplex = Options.MetricsMultiplex != 0;
  Merged.Table = NodeMetricTable(Metrics.metrics().size());
}

void MetricsSession::startThread(ThreadState &State,
                                 const TraceSession &Trace) noexcept {
  if (Metrics.empty() || Stopped)
    return;
  std::string Error;
  try {
    State.Metrics = Metrics.startThread(Error);
    // Before the thread's first event: the fast path, which does not
    // update metrics, is closed to every thread from now on.
    if (State.Metrics)
      FastPathBlockers.fetch_or(FastPathMetrics);
    if (State.Metrics && Tracing) {
      std::vector<std::string> Names;
      for (const MetricDescription &Metric : Metrics.metrics())
        Names.push_back(Metric.Name);
      State.Metrics->setTrace(std::make_unique<MetricTrace>(
          Trace.output(),
          format::files::threadFileName(State.Index,
                                        format::files::MetricSamplesFileSuffix),
          State.Index, Names, MetricTraceBufferBytes));
    }
  } catch (...) {
    State.Metrics.reset();
    Error = "out of memory";
  }
  if (Error.empty())
    return;
  ThreadsWithoutSources.fetch_add(1, std::memory_order_relaxed);
  if (!WarningPrinted.exchange(true))
    printMessage(MessageKind::Warning,
                 "thread " + std::to_string(State.Index) +
                     " cannot read every metric (" + Error +
                     "); it records zeros for those (counted in "
                     "experiment.json)");
}

void MetricsSession::finishThread(ThreadState &State, Ticks Now, bool Current,
                                  const CallPathTree &MergedTree) noexcept {
  if (!State.Metrics)
    return;
  ThreadMetrics &Thread = *State.Metrics;
  Thread.closeAll(State.Recorder, Now, Current);
  Merged.LostEvents += Thread.lostEvents();
  if (MetricTrace *Samples = Thread.trace()) {
    Merged.TraceSamplesWritten += Samples->samplesWritten();
    Merged.TraceSamplesDropped += Samples->samplesDropped();
    if (!Samples->error().empty() && !WarningPrinted.exchange(true))
      printMessage(MessageKind::Warning,
                   "cannot write counter samples: " + Samples->error());
  }
  try {
    mergeNodeMetrics(MergedTree, Merged.Table, State.Recorder.tree(),
                     Thread.recorder().table(), Metrics.accumulations());
  } catch (...) {
    warnOutOfMemory("the metrics of a thread are incomplete");
  }
  if (Current)
    State.Metrics.reset(); // stops the thread's event set on its thread
}

void MetricsSession::restartInChild(ThreadState *Caller) noexcept {
  if (Metrics.empty())
    return;
  // The parent's event sets and PAPI's thread state are not the child's:
  // they are left alone (not even freed), and the child measures time only.
  if (Caller)
    (void)Caller->Metrics.release();
  Stopped = true;
  // The forking thread is the child's only thread, and no thread gets
  // metrics any more.
  FastPathBlockers.fetch_and(~static_cast<uint32_t>(FastPathMetrics));
  try {
    for (const MetricDescription &Metric : Merged.Metrics)
      Merged.Unavailable.push_back(
          {Metric.Name, "not measured in a process made by fork()"});
  } catch (...) {
  }
  Merged.Metrics.clear();
  Merged.Table = NodeMetricTable(0);
  Merged.LostEvents = 0;
  ThreadsWithoutSources.store(0);
  Merged.TraceSamplesWritten = 0;
  Merged.TraceSamplesDropped = 0;
}

const ProfileMetrics *MetricsSession::profileMetrics() noexcept {
  if (Merged.Requested.empty())
    return nullptr;
  Merged.ThreadsWithoutSources =
      ThreadsWithoutSources.load(std::memory_order_relaxed);
  return &Merged;
}

} // namespace runtime
} // namespace sextant
