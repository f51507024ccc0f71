//===- format/schema/ExperimentJson.cpp - experiment.json -----------------===//
//
// Part of Sextant. The members of experiment.json in their order, and the
// decimals of its fixed-point numbers.
//
//===----------------------------------------------------------------------===//

#include "format/schema/ExperimentJson.h"

#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

namespace {

namespace k = experiment_keys;

constexpr unsigned PrettyIndent = 2;
// Decimals of the fixed-point members.
constexpr int WallDecimals = 9;
constexpr int TicksPerSecondDecimals = 3;
constexpr int EventCostDecimals = 12;
constexpr int BytesPerEventDecimals = 3;

void optionalString(JsonWriter &Json, const char *Key,
                    const std::optional<std::string> &Value) {
  Json.key(Key);
  if (Value)
    Json.string(*Value);
  else
    Json.null();
}

void optionalFixed(JsonWriter &Json, const char *Key,
                   const std::optional<double> &Value, int Decimals) {
  Json.key(Key);
  if (Value)
    Json.fixedNumber(*Value, Decimals);
  else
    Json.null();
}

template <typename Integer>
void optionalInteger(JsonWriter &Json, const char *Key,
                     const std::optional<Integer> &Value) {
  Json.key(Key);
  if (Value)
    Json.signedNumber(static_cast<int64_t>(*Value));
  else
    Json.null();
}

void writeTrace(JsonWriter &Json, const TraceRecord &Trace) {
  Json.beginObject();
  Json.member(k::Directory, Trace.Directory);
  Json.memberUnsigned(keys::FormatVersion, Trace.FormatVersion);
  Json.memberUnsigned(k::BufferSize, Trace.BufferSizeBytes);
  Json.memberUnsigned(k::Files, Trace.Files);
  Json.memberUnsigned(k::ChunksWritten, Trace.ChunksWritten);
  Json.memberUnsigned(k::EventsWritten, Trace.EventsWritten);
  Json.memberUnsigned(k::BytesWritten, Trace.BytesWritten);
  optionalFixed(Json, k::BytesPerEvent, Trace.BytesPerEvent,
                BytesPerEventDecimals);
  Json.memberUnsigned(k::ChunksDropped, Trace.ChunksDropped);
  Json.memberUnsigned(k::EventsDropped, Trace.EventsDropped);
  Json.memberUnsigned(k::ThreadsWithoutTrace, Trace.ThreadsWithoutTrace);
  optionalString(Json, k::WriteError, Trace.WriteError);
  Json.endObject();
}

/// The member Key: an array with one object per item of List, whose
/// members WriteMembers writes.
template <typename Item, typename Members>
void writeObjects(JsonWriter &Json, const char *Key,
                  const std::vector<Item> &List, Members &&WriteMembers) {
  Json.key(Key);
  Json.beginArray();
  for (const Item &Element : List) {
    Json.beginObject();
    WriteMembers(Element);
    Json.endObject();
  }
  Json.endArray();
}

void writeMetrics(JsonWriter &Json, const MetricsRecord &Metrics) {
  Json.beginObject();
  Json.key(k::Requested);
  Json.beginArray();
  for (const std::string &Name : Metrics.Requested)
    Json.string(Name);
  Json.endArray();
  writeObjects(Json, k::Measured, Metrics.MeasuredMetrics,
               [&](const MetricsRecord::Measured &Metric) {
                 Json.member(keys::Name, Metric.Name);
                 Json.member(k::Unit, Metric.Unit);
                 Json.member(k::Accumulation,
                             Metric.Accumulation == MetricAccumulation::Sum
                                 ? AccumulationSum
                                 : AccumulationMaximum);
               });
  writeObjects(Json, k::Derived, Metrics.DerivedMetrics,
               [&](const MetricsRecord::Derived &Metric) {
                 Json.member(keys::Name, Metric.Name);
                 Json.member(k::Unit, Metric.Unit);
               });
  writeObjects(Json, k::Unavailable, Metrics.UnavailableMetrics,
               [&](const MetricsRecord::Unavailable &Missing) {
                 Json.member(keys::Name, Missing.Name);
                 Json.member(k::Reason, Missing.Reason);
               });
  Json.memberBool(k::Multiplexed, Metrics.Multiplexed);
  Json.memberUnsigned(k::EventsLost, Metrics.EventsLost);
  Json.memberUnsigned(k::ThreadsWithoutSources,
                      Metrics.ThreadsWithoutEverySource);
  Json.memberUnsigned(k::TraceSamplesWritten, Metrics.TraceSamplesWritten);
  Json.memberUnsigned(k::TraceSamplesDropped, Metrics.TraceSamplesDropped);
  Json.endObject();
}

} // namespace

std::string renderExperimentJson(const ExperimentMetadata &M) {
  std::string Out;
  JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member(keys::Format, ExperimentFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, ExperimentFormat.Version);
  Json.member(k::SextantVersion, M.SextantVersion);
  Json.member(k::Program, M.Program);
  Json.key(k::Arguments);
  Json.beginArray();
  for (const std::string &Argument : M.Arguments)
    Json.string(Argument);
  Json.endArray();
  Json.key(k::Pid);
  Json.signedNumber(M.Pid);
  Json.member(k::Hostname, M.Hostname);
  Json.member(k::WorkingDirectory, M.WorkingDirectory);
  Json.member(k::OutputDirectory, M.OutputDirectory);
  Json.member(k::StartTime, M.StartTime);
  Json.member(k::EndTime, M.EndTime);
  Json.key(k::WallSeconds);
  Json.fixedNumber(M.WallSeconds, WallDecimals);
  Json.member(k::Clock, M.Clock);
  Json.key(k::ClockTicksPerSecond);
  Json.fixedNumber(M.ClockTicksPerSecond, TicksPerSecondDecimals);
  optionalString(Json, k::ClockCalibration, M.ClockCalibration);
  optionalFixed(Json, k::EventPairCost, M.EventPairCostSeconds,
                EventCostDecimals);
  Json.memberBool(k::Enabled, M.Enabled);
  Json.key(k::Instrumentation);
  if (M.Instrumentation) {
    Json.beginArray();
    for (const std::string &Mode : *M.Instrumentation)
      Json.string(Mode);
    Json.endArray();
  } else {
    Json.null();
  }
  Json.memberUnsigned(k::Threads, M.Threads);
  Json.memberUnsigned(k::ThreadsNotMerged, M.ThreadsNotMerged);
  Json.memberUnsigned(k::RegionsRegistered, M.RegionsRegistered);
  Json.memberUnsigned(k::RegionsFiltered, M.RegionsFiltered);
  Json.memberUnsigned(k::RegionsRejected, M.RegionsRejected);
  Json.memberUnsigned(k::RegionsThrottled, M.RegionsThrottled);
  Json.key(k::Throttle);
  Json.beginObject();
  Json.memberBool(k::Enabled, M.Throttle.Enabled);
  Json.memberUnsigned(k::MinVisits, M.Throttle.MinVisits);
  Json.memberUnsigned(k::MaxMeanVisitNs, M.Throttle.MaxMeanVisitNanoseconds);
  Json.endObject();
  Json.memberUnsigned(k::Pauses, M.Pauses);
  Json.memberBool(k::PausedAtEnd, M.PausedAtEnd);
  Json.memberUnsigned(k::UserRegionsEndedImplicitly,
                      M.UserRegionsEndedImplicitly);
  Json.memberUnsigned(k::Repairs, M.Repairs);
  Json.memberUnsigned(k::ExitsRepaired, M.ExitsRepaired);
  Json.memberUnsigned(k::ExitsIgnored, M.ExitsIgnored);
  Json.memberUnsigned(k::FramesOpenAtEnd, M.FramesOpenAtEnd);
  optionalString(Json, k::RuntimeFilter, M.RuntimeFilter);
  Json.memberBool(k::RuntimeFilterLoaded, M.RuntimeFilterLoaded);
  optionalString(Json, k::EndedBySignal, M.EndedBySignal);
  optionalFixed(Json, k::SnapshotSeconds, M.SnapshotSeconds, WallDecimals);
  optionalInteger(Json, k::ForkedFromPid, M.ForkedFromPid);
  optionalInteger(Json, k::MpiRank, M.MpiRank);
  optionalInteger(Json, k::MpiRanks, M.MpiRanks);
  if (M.AdapterFiles) {
    Json.key(k::AdapterFiles);
    Json.beginArray();
    for (const std::string &Name : *M.AdapterFiles)
      Json.string(Name);
    Json.endArray();
  }
  Json.key(k::Trace);
  if (M.Trace)
    writeTrace(Json, *M.Trace);
  else
    Json.null();
  Json.key(k::Metrics);
  if (M.Metrics)
    writeMetrics(Json, *M.Metrics);
  else
    Json.null();
  if (M.CombinedJob)
    Json.memberBool(k::Combined, true);
  Json.endObject();
  Out += '\n';
  return Out;
}

ExperimentMetadata roundAsWritten(ExperimentMetadata M) {
  M.WallSeconds = roundAsWritten(M.WallSeconds, WallDecimals);
  if (M.SnapshotSeconds)
    M.SnapshotSeconds = roundAsWritten(*M.SnapshotSeconds, WallDecimals);
  M.ClockTicksPerSecond =
      roundAsWritten(M.ClockTicksPerSecond, TicksPerSecondDecimals);
  if (M.EventPairCostSeconds)
    M.EventPairCostSeconds =
        roundAsWritten(*M.EventPairCostSeconds, EventCostDecimals);
  if (M.Trace && M.Trace->BytesPerEvent)
    M.Trace->BytesPerEvent =
        roundAsWritten(*M.Trace->BytesPerEvent, BytesPerEventDecimals);
  return M;
}

} // namespace format
} // namespace sextant
