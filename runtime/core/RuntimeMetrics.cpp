//===- runtime/core/RuntimeMetrics.cpp - The runtime's side of metrics ----===//
//
// Part of Sextant. With SEXTANT_METRICS set: the process-wide MetricSet, a
// ThreadMetrics for every thread that records (with a counter-sample file
// when tracing), and the merge of each thread's metric table into the
// process-wide one at thread exit or process end. See MetricSet.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/OutputDirectory.h"
#include "runtime/metrics/MetricTrace.h"

namespace sextant {
namespace runtime {

namespace {

/// Bytes of each thread's counter-sample buffer when tracing.
constexpr size_t MetricTraceBufferBytes = 64 * 1024;

} // namespace

void Runtime::configureMetrics() {
  if (Options.Metrics.empty() || !measuring())
    return;
  Metrics.configure(Options.Metrics, Options.MetricsMultiplex != 0);
  for (const UnavailableMetric &Missing : Metrics.unavailable())
    printMessage(MessageKind::Warning,
                 "metric '" + Missing.Name +
                     "' (SEXTANT_METRICS) is not "
                     "measured: " +
                     Missing.Reason +
                     "; the program runs and the other metrics are measured");
  MergedMetrics.Metrics = Metrics.metrics();
  MergedMetrics.Requested = Metrics.requested();
  MergedMetrics.Unavailable = Metrics.unavailable();
  MergedMetrics.Multiplex = Options.MetricsMultiplex != 0;
  MergedMetrics.Table = NodeMetricTable(Metrics.metrics().size());
  if (Options.Trace != 0 && !Metrics.empty())
    removeStaleThreadFiles(Trace.Directory, ".metrics");
}

void Runtime::startMetrics(ThreadState &State) noexcept {
  if (Metrics.empty() || MetricsStopped)
    return;
  std::string Error;
  try {
    State.Metrics = Metrics.startThread(Error);
    if (State.Metrics && Options.Trace != 0) {
      std::vector<std::string> Names;
      for (const MetricDescription &Metric : Metrics.metrics())
        Names.push_back(Metric.Name);
      State.Metrics->setTrace(std::make_unique<MetricTrace>(
          joinPath(Trace.Directory,
                   "thread-" + std::to_string(State.Index) + ".metrics"),
          State.Index, Names, MetricTraceBufferBytes));
    }
  } catch (...) {
    State.Metrics.reset();
    Error = "out of memory";
  }
  if (Error.empty())
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  ++MergedMetrics.ThreadsWithoutSources;
  if (!MetricWarningPrinted) {
    MetricWarningPrinted = true;
    printMessage(MessageKind::Warning,
                 "thread " + std::to_string(State.Index) +
                     " cannot read every metric (" + Error +
                     "); it records zeros for those (counted in "
                     "experiment.json)");
  }
}

void Runtime::finishMetrics(ThreadState &State, Ticks Now,
                            bool Current) noexcept {
  if (!State.Metrics)
    return;
  ThreadMetrics &Thread = *State.Metrics;
  Thread.closeAll(State.Recorder, Now, Current);
  MergedMetrics.LostEvents += Thread.lostEvents();
  if (MetricTrace *Samples = Thread.trace()) {
    MergedMetrics.TraceSamplesWritten += Samples->samplesWritten();
    MergedMetrics.TraceSamplesDropped += Samples->samplesDropped();
    if (!Samples->error().empty() && !MetricWarningPrinted) {
      MetricWarningPrinted = true;
      printMessage(MessageKind::Warning,
                   "cannot write counter samples: " + Samples->error());
    }
  }
  try {
    mergeNodeMetrics(Merged, MergedMetrics.Table, State.Recorder.tree(),
                     Thread.recorder().table(), Metrics.accumulations());
  } catch (...) {
    if (!OutOfMemoryWarningPrinted.exchange(true))
      printMessage(MessageKind::Warning,
                   "out of memory: the metrics of a thread are incomplete");
  }
  if (Current)
    State.Metrics.reset(); // stops the thread's event set on its thread
}

void Runtime::restartMetricsInChild(ThreadState *Caller) noexcept {
  if (Metrics.empty())
    return;
  // The parent's event sets and PAPI's thread state are not the child's:
  // they are left alone (not even freed), and the child measures time only.
  if (Caller)
    (void)Caller->Metrics.release();
  MetricsStopped = true;
  try {
    for (const MetricDescription &Metric : MergedMetrics.Metrics)
      MergedMetrics.Unavailable.push_back(
          {Metric.Name, "not measured in a process made by fork()"});
  } catch (...) {
  }
  MergedMetrics.Metrics.clear();
  MergedMetrics.Table = NodeMetricTable(0);
  MergedMetrics.LostEvents = 0;
  MergedMetrics.ThreadsWithoutSources = 0;
  MergedMetrics.TraceSamplesWritten = 0;
  MergedMetrics.TraceSamplesDropped = 0;
}

const ProfileMetrics *Runtime::profileMetrics() const noexcept {
  if (MergedMetrics.Requested.empty())
    return nullptr;
  return &MergedMetrics;
}

} // namespace runtime
} // namespace sextant
