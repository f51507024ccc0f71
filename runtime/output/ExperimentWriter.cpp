//===- runtime/output/ExperimentWriter.cpp - The experiment directory ----===//
//
// Part of Sextant. experiment.json, regions.json and the writing of the
// experiment directory.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentWriter.h"

#include "runtime/io/OutputDirectory.h"
#include "runtime/metrics/MetricSet.h"
#include "runtime/output/ProfileModel.h"
#include "runtime/output/SummaryReport.h"

#include "format/DerivedMetrics.h"
#include "format/ExperimentSchema.h"
#include "format/FoldedStacks.h"
#include "format/JsonWriter.h"
#include "format/ProfileJson.h"
#include "format/TraceFormat.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {
constexpr unsigned PrettyIndent = 2;

const char *accumulationName(MetricAccumulation Kind) {
  return Kind == MetricAccumulation::Sum ? "sum" : "maximum";
}

/// The "metrics" member of experiment.json (SEXTANT_METRICS was set).
void renderMetricsInfo(format::JsonWriter &Json,
                       const ProfileMetrics &Metrics) {
  Json.beginObject();
  Json.key("requested");
  Json.beginArray();
  for (const std::string &Name : Metrics.Requested)
    Json.string(Name);
  Json.endArray();
  Json.key("measured");
  Json.beginArray();
  for (const MetricDescription &Metric : Metrics.Metrics) {
    Json.beginObject();
    Json.member("name", Metric.Name);
    Json.member("unit", Metric.Unit);
    Json.member("accumulation", accumulationName(Metric.Accumulation));
    Json.endObject();
  }
  Json.endArray();
  Json.key("derived");
  Json.beginArray();
  for (const format::DerivedMetric &Metric :
       format::derivedMetrics(Metrics.Metrics)) {
    Json.beginObject();
    Json.member("name", Metric.Name);
    Json.member("unit", Metric.Unit);
    Json.endObject();
  }
  Json.endArray();
  Json.key("unavailable");
  Json.beginArray();
  for (const UnavailableMetric &Missing : Metrics.Unavailable) {
    Json.beginObject();
    Json.member("name", Missing.Name);
    Json.member("reason", Missing.Reason);
    Json.endObject();
  }
  Json.endArray();
  Json.memberBool("multiplexed", Metrics.Multiplex);
  Json.memberUnsigned("events_lost", Metrics.LostEvents);
  Json.memberUnsigned("threads_without_every_source",
                      Metrics.ThreadsWithoutSources);
  Json.memberUnsigned("trace_samples_written", Metrics.TraceSamplesWritten);
  Json.memberUnsigned("trace_samples_dropped", Metrics.TraceSamplesDropped);
  Json.endObject();
}
} // namespace

std::string renderExperimentJson(const ExperimentInfo &Info,
                                 const std::vector<RegionInfo> &Regions) {
  std::string Out;
  format::JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member(format::keys::Format, format::ExperimentFormat.Name);
  Json.memberUnsigned(format::keys::FormatVersion,
                      format::ExperimentFormat.Version);
  Json.member("sextant_version", Info.SextantVersion);
  Json.member("program", Info.ProgramPath);
  Json.key("arguments");
  Json.beginArray();
  for (const std::string &Argument : Info.Arguments)
    Json.string(Argument);
  Json.endArray();
  Json.key("pid");
  Json.signedNumber(Info.Pid);
  Json.member("hostname", Info.Hostname);
  Json.member("working_directory", Info.WorkingDirectory);
  Json.member("output_directory", Info.OutputDirectory);
  Json.member("start_time", formatUtcTime(Info.StartTime));
  Json.member("end_time", formatUtcTime(Info.EndTime));
  Json.key("wall_time_seconds");
  Json.fixedNumber(Info.WallSeconds, 9);
  Json.member("clock", Info.Clock.Name);
  Json.key("clock_ticks_per_second");
  Json.fixedNumber(Info.Clock.TicksPerSecond, 3);
  Json.member("clock_calibration", Info.Clock.Calibration);
  Json.key("event_pair_cost_seconds");
  Json.fixedNumber(Info.EventPairCostSeconds, 12);
  Json.memberBool("enabled", Info.Enabled);
  Json.memberUnsigned("threads", Info.ThreadsSeen);
  Json.memberUnsigned("threads_not_merged", Info.ThreadsNotMerged);
  Json.memberUnsigned("regions_registered", Regions.size());
  Json.memberUnsigned(
      "regions_filtered",
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Filtered; }));
  Json.memberUnsigned("regions_rejected_abi_mismatch", Info.RegionsRejected);
  Json.memberUnsigned(
      "regions_throttled",
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Throttled; }));
  Json.key("throttle");
  Json.beginObject();
  Json.memberBool("enabled", Info.Throttle.Enabled);
  Json.memberUnsigned("min_visits", Info.Throttle.MinVisits);
  Json.memberUnsigned("max_mean_visit_ns",
                      Info.Throttle.MaxMeanVisitNanoseconds);
  Json.endObject();
  Json.memberUnsigned("pauses", Info.Pauses);
  Json.memberBool("paused_at_end", Info.PausedAtEnd);
  Json.memberUnsigned("user_regions_ended_implicitly",
                      Info.UserRegionsEndedImplicitly);
  Json.memberUnsigned("repairs", Info.Repairs.Repairs);
  Json.memberUnsigned("exits_repaired", Info.Repairs.ExitsRepaired);
  Json.memberUnsigned("exits_ignored", Info.Repairs.IgnoredExits);
  Json.memberUnsigned("frames_open_at_end", Info.Repairs.FramesOpenAtEnd);
  Json.key("runtime_filter");
  if (Info.FilterFile.empty())
    Json.null();
  else
    Json.string(Info.FilterFile);
  Json.memberBool("runtime_filter_loaded", Info.FilterLoaded);
  Json.key("ended_by_signal");
  if (Info.EndSignal.empty())
    Json.null();
  else
    Json.string(Info.EndSignal);
  Json.key("forked_from_pid");
  if (Info.ParentPid == 0)
    Json.null();
  else
    Json.signedNumber(Info.ParentPid);
  Json.key("mpi_rank");
  if (Info.Rank < 0)
    Json.null();
  else
    Json.signedNumber(Info.Rank);
  Json.key("mpi_ranks");
  if (Info.Rank < 0)
    Json.null();
  else
    Json.signedNumber(Info.RankCount);
  Json.key("trace");
  if (!Info.TraceEnabled) {
    Json.null();
  } else {
    const TraceStatistics &Trace = Info.Trace;
    Json.beginObject();
    Json.member("directory", format::files::TraceDirectory);
    Json.memberUnsigned("format_version", trace::FormatVersion);
    Json.memberUnsigned("buffer_size_bytes", Info.TraceBufferSize);
    Json.memberUnsigned("files", Trace.Files);
    Json.memberUnsigned("chunks_written", Trace.ChunksWritten);
    Json.memberUnsigned("events_written", Trace.EventsWritten);
    Json.memberUnsigned("bytes_written", Trace.BytesWritten);
    Json.key("bytes_per_event");
    if (Trace.EventsWritten == 0)
      Json.null();
    else
      Json.fixedNumber(static_cast<double>(Trace.BytesWritten) /
                           static_cast<double>(Trace.EventsWritten),
                       3);
    Json.memberUnsigned("chunks_dropped", Trace.ChunksDropped);
    Json.memberUnsigned("events_dropped", Trace.EventsDropped);
    Json.memberUnsigned("threads_without_trace", Trace.ThreadsWithoutTrace);
    Json.key("write_error");
    if (Trace.FirstError.empty())
      Json.null();
    else
      Json.string(Trace.FirstError);
    Json.endObject();
  }
  Json.key("metrics");
  if (!Info.Metrics)
    Json.null();
  else
    renderMetricsInfo(Json, *Info.Metrics);
  Json.endObject();
  Out += '\n';
  return Out;
}

std::string renderRegionsJson(const std::vector<RegionInfo> &Regions) {
  std::string Out;
  format::JsonWriter Json(Out, PrettyIndent);
  Json.beginObject();
  Json.member(format::keys::Format, format::RegionsFormat.Name);
  Json.memberUnsigned(format::keys::FormatVersion,
                      format::RegionsFormat.Version);
  Json.key("regions");
  Json.beginArray();
  for (const RegionInfo &Region : Regions) {
    Json.beginObject();
    Json.memberUnsigned("id", Region.Id);
    Json.member("name", Region.DisplayName);
    Json.member("mangled", Region.MangledName);
    Json.member("file", Region.File);
    Json.memberUnsigned("begin_line", Region.BeginLine);
    Json.memberUnsigned("end_line", Region.EndLine);
    Json.member("module", Region.Module);
    Json.key("flags");
    Json.beginObject();
    Json.memberBool("debug_info", Region.Flags & SEXTANT_REGION_HAS_DEBUG_INFO);
    Json.memberBool("may_unwind", Region.Flags & SEXTANT_REGION_MAY_UNWIND);
    Json.memberBool("demangled", Region.Flags & SEXTANT_REGION_DEMANGLED);
    Json.memberBool("user", Region.Flags & SEXTANT_REGION_USER);
    Json.memberBool("openmp", Region.Flags & SEXTANT_REGION_OPENMP);
    Json.memberBool("mpi", Region.Flags & SEXTANT_REGION_MPI);
    Json.endObject();
    Json.memberBool("filtered", Region.Filtered);
    Json.member("filter_reason", Region.FilterReason);
    Json.key("filter_rule");
    if (Region.FilterRuleMatched) {
      Json.beginObject();
      Json.member("file", Region.FilterRule.File);
      Json.memberUnsigned("line", Region.FilterRule.Line);
      Json.memberUnsigned("column", Region.FilterRule.Column);
      Json.member("rule", Region.FilterRuleText);
      Json.member("pattern", Region.FilterPattern);
      Json.endObject();
    } else {
      Json.null();
    }
    Json.key("throttled");
    if (Region.Throttled) {
      Json.beginObject();
      Json.key("after_seconds");
      Json.fixedNumber(Region.Throttle.AfterSeconds, 9);
      Json.memberUnsigned("visits", Region.Throttle.Visits);
      Json.key("mean_visit_seconds");
      Json.fixedNumber(Region.Throttle.MeanVisitSeconds, 12);
      Json.endObject();
    } else {
      Json.null();
    }
    Json.endObject();
  }
  Json.endArray();
  Json.endObject();
  Out += '\n';
  return Out;
}

bool writeExperimentDirectory(
    const ExperimentInfo &Info, const CallPathTree &Tree,
    const std::vector<RegionInfo> &Regions, const RuntimeOptions &Options,
    std::vector<std::string> &Errors, const ThreadProfileSet *Threads,
    const std::vector<std::pair<std::string, std::string>> *ExtraFiles) {
  std::string Error;
  if (!createDirectories(Info.OutputDirectory, Error)) {
    Errors.push_back("cannot create output directory '" + Info.OutputDirectory +
                     "': " + Error);
    return false;
  }
  bool AllWritten = true;
  auto Write = [&](std::string_view Name, const std::string &Contents) {
    if (!writeFileAtomically(Info.OutputDirectory, Name, Contents, Error)) {
      Errors.push_back(Error);
      AllWritten = false;
    }
  };
  format::CallPathProfile Profile = buildCallPathProfile(
      Tree, Regions, Info.Clock.SecondsPerTick, Info.Metrics);
  Write(format::files::Configuration,
        renderConfiguration(Options, Info.SextantVersion));
  Write(format::files::Regions, renderRegionsJson(Regions));
  Write(format::files::Profile, format::renderProfileJson(Profile));
  if (Threads)
    Write(format::files::ThreadProfiles,
          renderThreadProfiles(*Threads, Regions, Info.Clock.SecondsPerTick));
  Write(format::files::Folded, format::renderFoldedStacks(Profile));
  Write(format::files::Summary, renderSummary(Info, Profile, Regions));
  if (ExtraFiles) // files of adapters (adapter_abi.h), e.g. mpi.json
    for (const auto &[Name, Contents] : *ExtraFiles)
      Write(Name, Contents);
  // Last, so that its presence says the experiment is complete.
  Write(format::files::Experiment, renderExperimentJson(Info, Regions));
  return AllWritten;
}

} // namespace runtime
} // namespace sextant
