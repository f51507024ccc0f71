//===- runtime/metrics/MetricSet.cpp - The configured metrics -------------===//
//
// Part of Sextant. Parsing SEXTANT_METRICS into sources, and one thread's
// readings following its call-path recorder.
//
//===----------------------------------------------------------------------===//

#include "runtime/metrics/MetricSet.h"

#include "common/MessageText.h"

#include "runtime/metrics/MetricTrace.h"
#include "runtime/metrics/PapiMetricSource.h"

#include <algorithm>

namespace sextant {
namespace runtime {

//===----------------------------------------------------------------------===//
// ThreadMetrics
//===----------------------------------------------------------------------===//

ThreadMetrics::ThreadMetrics(std::vector<std::unique_ptr<MetricReader>> R,
                             std::vector<size_t> W,
                             std::vector<MetricAccumulation> Kinds)
    : Readers(std::move(R)), Widths(std::move(W)), Values(Kinds.size(), 0),
      Recorder(std::move(Kinds)) {
  readAll();
}

ThreadMetrics::~ThreadMetrics() = default;

void ThreadMetrics::setTrace(std::unique_ptr<MetricTrace> T) {
  Trace = std::move(T);
}

void ThreadMetrics::readAll() noexcept {
  uint64_t *Out = Values.data();
  for (size_t I = 0; I < Readers.size(); ++I) {
    if (Readers[I])
      Readers[I]->read(Out);
    Out += Widths[I]; // a missing reader leaves its zeros
  }
}

void ThreadMetrics::afterEnter(const CallPathRecorder &Recorder) noexcept {
  if (Stopped) {
    ++Lost;
    return;
  }
  readAll();
  if (!this->Recorder.afterEnter(Recorder, Values.data())) {
    Stopped = true;
    ++Lost;
    return;
  }
  if (Trace)
    Trace->sample(Clock::now(), Values.data());
}

void ThreadMetrics::afterExit(const CallPathRecorder &Recorder,
                              Ticks Now) noexcept {
  if (Stopped) {
    ++Lost;
    return;
  }
  readAll();
  this->Recorder.afterExit(Recorder, Values.data());
  if (Trace)
    Trace->sample(Now, Values.data());
}

void ThreadMetrics::closeAll(const CallPathRecorder &Recorder, Ticks Now,
                             bool Current) noexcept {
  if (Stopped)
    return;
  if (Current)
    readAll();
  this->Recorder.afterExit(Recorder, Values.data());
  if (Trace) {
    Trace->sample(Now, Values.data());
    Trace->flush();
  }
}

void ThreadMetrics::restart(const CallPathRecorder &Recorder) noexcept {
  readAll();
  Stopped = !this->Recorder.restart(Recorder, Values.data());
  Lost = 0;
  Trace.reset(); // the parent's file; the child is not traced
}

//===----------------------------------------------------------------------===//
// MetricSet
//===----------------------------------------------------------------------===//

namespace {

/// Bytes of a refused metric name shown in the warning and experiment.json.
constexpr size_t ShownNameBytes = 128;

std::string trimmed(const std::string &Text) {
  size_t Begin = Text.find_first_not_of(" \t\n");
  if (Begin == std::string::npos)
    return std::string();
  size_t End = Text.find_last_not_of(" \t\n");
  return Text.substr(Begin, End - Begin + 1);
}

} // namespace

void MetricSet::configure(const std::string &List, bool Multiplex) {
  bool CpuTime = false;
  std::vector<ResourceField> Fields;
  std::vector<std::string> PapiEvents;
  std::string Reason;
  size_t Start = 0;
  while (Start <= List.size()) {
    size_t Comma = List.find(',', Start);
    if (Comma == std::string::npos)
      Comma = List.size();
    std::string Name = trimmed(List.substr(Start, Comma - Start));
    Start = Comma + 1;
    if (Name.empty())
      continue;
    if (std::find(Requested.begin(), Requested.end(), Name) != Requested.end())
      continue; // listed twice: measured once
    Requested.push_back(Name);
    ResourceField Field;
    if (Name == "wall" || Name == "time")
      continue; // always measured
    if (Name == "cpu-time")
      CpuTime = true;
    else if (resourceFieldNamed(Name, Field))
      Fields.push_back(Field);
    else if (isPossiblePapiEventName(Name, Reason))
      PapiEvents.push_back(Name);
    else
      Unavailable.push_back({messageText(Name, ShownNameBytes), Reason});
  }
  if (CpuTime)
    addSource(createThreadCpuTimeSource());
  if (!Fields.empty())
    addSource(createResourceUsageSource(Fields));
  if (auto Papi = createPapiSource(PapiEvents, Multiplex, Unavailable))
    addSource(std::move(Papi));
}

void MetricSet::addSource(std::unique_ptr<MetricSource> Source) {
  for (const MetricDescription &Metric : Source->metrics())
    Metrics.push_back(Metric);
  Sources.push_back(std::move(Source));
}

std::vector<MetricAccumulation> MetricSet::accumulations() const {
  std::vector<MetricAccumulation> Kinds;
  for (const MetricDescription &Metric : Metrics)
    Kinds.push_back(Metric.Accumulation);
  return Kinds;
}

std::unique_ptr<ThreadMetrics>
MetricSet::startThread(std::string &Error) const {
  if (empty())
    return nullptr;
  std::vector<std::unique_ptr<MetricReader>> Readers;
  std::vector<size_t> Widths;
  for (const auto &Source : Sources) {
    std::string Problem;
    Readers.push_back(Source->startThread(Problem));
    Widths.push_back(Source->metrics().size());
    if (!Readers.back() && Error.empty())
      Error = Problem;
  }
  return std::make_unique<ThreadMetrics>(std::move(Readers), std::move(Widths),
                                         accumulations());
}

} // namespace runtime
} // namespace sextant
