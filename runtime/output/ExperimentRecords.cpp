//===- runtime/output/ExperimentRecords.cpp - Run and regions as records --===//
//
// Part of Sextant. Field by field from the runtime's types to format's
// records: flags from their bits, empty strings and unset numbers as null.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentRecords.h"

#include "runtime/metrics/MetricSet.h"

#include "format/profile/DerivedMetrics.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/TraceFormat.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {

std::optional<std::string> unlessEmpty(const std::string &Text) {
  if (Text.empty())
    return std::nullopt;
  return Text;
}

format::TraceRecord traceRecord(const ExperimentInfo &Info) {
  const TraceStatistics &Trace = Info.Trace;
  format::TraceRecord Record;
  Record.Directory = format::files::TraceDirectory;
  Record.FormatVersion = trace::FormatVersion;
  Record.BufferSizeBytes = Info.TraceBufferSize;
  Record.Files = Trace.Files;
  Record.ChunksWritten = Trace.ChunksWritten;
  Record.EventsWritten = Trace.EventsWritten;
  Record.BytesWritten = Trace.BytesWritten;
  if (Trace.EventsWritten != 0)
    Record.BytesPerEvent = static_cast<double>(Trace.BytesWritten) /
                           static_cast<double>(Trace.EventsWritten);
  Record.ChunksDropped = Trace.ChunksDropped;
  Record.EventsDropped = Trace.EventsDropped;
  Record.ThreadsWithoutTrace = Trace.ThreadsWithoutTrace;
  Record.WriteError = unlessEmpty(Trace.FirstError);
  return Record;
}

format::MetricsRecord metricsRecord(const ProfileMetrics &Metrics) {
  format::MetricsRecord Record;
  Record.Requested = Metrics.Requested;
  for (const MetricDescription &Metric : Metrics.Metrics)
    Record.MeasuredMetrics.push_back(
        {Metric.Name, Metric.Unit, Metric.Accumulation});
  for (const format::DerivedMetric &Metric :
       format::derivedMetrics(Metrics.Metrics))
    Record.DerivedMetrics.push_back({Metric.Name, Metric.Unit});
  for (const UnavailableMetric &Missing : Metrics.Unavailable)
    Record.UnavailableMetrics.push_back({Missing.Name, Missing.Reason});
  Record.Multiplexed = Metrics.Multiplex;
  Record.EventsLost = Metrics.LostEvents;
  Record.ThreadsWithoutEverySource = Metrics.ThreadsWithoutSources;
  Record.TraceSamplesWritten = Metrics.TraceSamplesWritten;
  Record.TraceSamplesDropped = Metrics.TraceSamplesDropped;
  return Record;
}

/// The modes of experiment.json "instrumentation" of Bits
/// (InstrumentationBits), in the order of ExperimentSchema.h.
std::vector<std::string> instrumentationModes(uint32_t Bits) {
  namespace modes = format::instrumentation_modes;
  std::vector<std::string> Modes;
  if (Bits & InstrumentedByPlugin)
    Modes.push_back(modes::Plugin);
  if (Bits & InstrumentedByCygProfileHooks)
    Modes.push_back(modes::FinstrumentFunctions);
  if (Bits & InstrumentedByUserApi)
    Modes.push_back(modes::UserApi);
  return Modes;
}

} // namespace

format::RegionRecord regionRecord(const RegionInfo &Region) {
  format::RegionRecord Record;
  Record.Id = Region.Id;
  Record.Name = Region.DisplayName;
  Record.Mangled = Region.MangledName;
  Record.File = Region.File;
  Record.BeginLine = Region.BeginLine;
  Record.EndLine = Region.EndLine;
  Record.Module = Region.Module;
  Record.Flags.DebugInfo = Region.Flags & SEXTANT_REGION_HAS_DEBUG_INFO;
  Record.Flags.MayUnwind = Region.Flags & SEXTANT_REGION_MAY_UNWIND;
  Record.Flags.Demangled = Region.Flags & SEXTANT_REGION_DEMANGLED;
  Record.Flags.User = Region.Flags & SEXTANT_REGION_USER;
  Record.Flags.OpenMP = Region.Flags & SEXTANT_REGION_OPENMP;
  Record.Flags.Mpi = Region.Flags & SEXTANT_REGION_MPI;
  Record.Flags.Library = Region.Flags & SEXTANT_REGION_LIBRARY;
  Record.Filtered = Region.Filtered;
  Record.FilterReason = Region.FilterReason;
  if (Region.FilterRuleMatched)
    Record.FilterRule = format::FilterRuleRecord{
        Region.FilterRule.File, Region.FilterRule.Line,
        Region.FilterRule.Column, Region.FilterRuleText, Region.FilterPattern};
  if (Region.Throttled)
    Record.Throttled = format::ThrottleRecord{Region.Throttle.AfterSeconds,
                                              Region.Throttle.Visits,
                                              Region.Throttle.MeanVisitSeconds};
  return Record;
}

std::vector<format::RegionRecord>
regionRecords(const std::vector<RegionInfo> &Regions) {
  std::vector<format::RegionRecord> Records;
  Records.reserve(Regions.size());
  for (const RegionInfo &Region : Regions)
    Records.push_back(regionRecord(Region));
  return Records;
}

format::ExperimentMetadata
experimentRecord(const ExperimentInfo &Info,
                 const std::vector<RegionInfo> &Regions) {
  format::ExperimentMetadata M;
  M.SextantVersion = Info.SextantVersion;
  M.Program = Info.ProgramPath;
  M.Arguments = Info.Arguments;
  M.Pid = Info.Pid;
  M.Hostname = Info.Hostname;
  M.WorkingDirectory = Info.WorkingDirectory;
  M.OutputDirectory = Info.OutputDirectory;
  M.StartTime = formatUtcTime(Info.StartTime);
  M.EndTime = formatUtcTime(Info.EndTime);
  M.WallSeconds = Info.WallSeconds;
  M.Clock = Info.Clock.Name;
  M.ClockTicksPerSecond = Info.Clock.TicksPerSecond;
  M.ClockCalibration = Info.Clock.Calibration;
  M.EventPairCostSeconds = Info.EventPairCostSeconds;
  M.Enabled = Info.Enabled;
  M.Instrumentation = instrumentationModes(Info.Instrumentation);
  M.Threads = Info.ThreadsSeen;
  M.ThreadsNotMerged = Info.ThreadsNotMerged;
  M.RegionsRegistered = Regions.size();
  M.RegionsFiltered =
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Filtered; });
  M.RegionsRejected = Info.RegionsRejected;
  M.RegionsThrottled =
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Throttled; });
  M.Throttle = {Info.Throttle.Enabled, Info.Throttle.MinVisits,
                Info.Throttle.MaxMeanVisitNanoseconds};
  M.Pauses = Info.Pauses;
  M.PausedAtEnd = Info.PausedAtEnd;
  M.UserRegionsEndedImplicitly = Info.UserRegionsEndedImplicitly;
  M.Repairs = Info.Repairs.Repairs;
  M.ExitsRepaired = Info.Repairs.ExitsRepaired;
  M.ExitsIgnored = Info.Repairs.IgnoredExits;
  M.FramesOpenAtEnd = Info.Repairs.FramesOpenAtEnd;
  M.RuntimeFilter = unlessEmpty(Info.FilterFile);
  M.RuntimeFilterLoaded = Info.FilterLoaded;
  M.EndedBySignal = unlessEmpty(Info.EndSignal);
  if (Info.Snapshot)
    M.SnapshotSeconds = Info.SnapshotSeconds;
  if (Info.ParentPid != 0)
    M.ForkedFromPid = Info.ParentPid;
  if (Info.Rank >= 0) {
    M.MpiRank = static_cast<uint64_t>(Info.Rank);
    M.MpiRanks = static_cast<uint64_t>(Info.RankCount);
  }
  M.AdapterFiles = Info.AdapterFiles;
  if (Info.TraceEnabled)
    M.Trace = traceRecord(Info);
  if (Info.Metrics)
    M.Metrics = metricsRecord(*Info.Metrics);
  return M;
}

} // namespace runtime
} // namespace sextant
