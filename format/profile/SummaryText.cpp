//===- format/profile/SummaryText.cpp - The summary of an experiment ------===//
//
// Part of Sextant. The header lines, the columns of the flat profile, the
// throttled regions and the call tree.
//
//===----------------------------------------------------------------------===//

#include "format/profile/SummaryText.h"
#include "format/profile/TextLayout.h"

#include "format/profile/CallTreeView.h"
#include "format/profile/FlatProfile.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

#include "common/ShellQuoting.h"

#include <algorithm>

namespace sextant {
namespace format {

namespace {

constexpr int SummaryDecimals = 6;

std::string seconds(double Seconds) {
  return formatFixed(Seconds, SummaryDecimals);
}

std::string location(const std::vector<RegionRecord> &Regions, uint32_t Id,
                     const std::string &MainModule) {
  if (Id < 1 || Id > Regions.size())
    return std::string();
  const RegionRecord &Region = Regions[Id - 1];
  std::string Text = Region.File.empty() ? "?" : Region.File;
  if (Region.BeginLine != 0)
    Text += ":" + std::to_string(Region.BeginLine);
  if (!Region.Module.empty() && Region.Module != MainModule)
    Text += " [" + Region.Module + "]";
  return Text;
}

std::string traceLine(const TraceRecord &Trace) {
  std::string Out = std::to_string(Trace.EventsWritten) + " events, " +
                    std::to_string(Trace.BytesWritten) + " bytes in " +
                    std::to_string(Trace.Files) + " file(s) in trace/";
  if (Trace.EventsWritten != 0)
    Out += " (" +
           formatFixed(static_cast<double>(Trace.BytesWritten) /
                           static_cast<double>(Trace.EventsWritten),
                       2) +
           " bytes/event)";
  Out += ", buffer " + std::to_string(Trace.BufferSizeBytes) +
         " bytes per thread; ";
  if (Trace.EventsDropped == 0 && Trace.ThreadsWithoutTrace == 0)
    return Out + "nothing dropped\n";
  Out += std::to_string(Trace.EventsDropped) + " events in " +
         std::to_string(Trace.ChunksDropped) + " chunk(s) DROPPED";
  if (Trace.ThreadsWithoutTrace != 0)
    Out += ", " + std::to_string(Trace.ThreadsWithoutTrace) +
           " thread(s) NOT traced (out of memory)";
  if (Trace.WriteError && !Trace.WriteError->empty())
    Out += " (" + *Trace.WriteError + ")";
  return Out + "\n";
}

std::string header(const ExperimentMetadata &M,
                   const std::vector<RegionRecord> &Regions,
                   size_t ThrottledRegions) {
  std::string Out;
  Out += "Sextant " + M.SextantVersion + " profile summary\n\n";
  Out += "program:    " + M.Program + "\n";
  Out += "arguments:  " + shellQuoteWords(M.Arguments) + "\n";
  Out += "pid:        " + std::to_string(M.Pid) + "\n";
  Out += "host:       " + M.Hostname + "\n";
  Out += "threads:    " + std::to_string(M.Threads);
  if (M.ThreadsNotMerged != 0)
    Out += " (" + std::to_string(M.ThreadsNotMerged) +
           " still busy at the end, not merged)";
  Out += "\n";
  Out += "wall time:  " + seconds(M.WallSeconds) + " s (" + M.StartTime +
         " to " + M.EndTime + ")\n";
  Out += "clock:      " + M.Clock;
  if (M.ClockTicksPerSecond != 1e9 || M.Clock != "CLOCK_MONOTONIC")
    Out += " at " + formatFixed(M.ClockTicksPerSecond / 1e6, 3) + " MHz";
  Out += " (" + M.ClockCalibration.value_or("") + ")\n";
  if (M.EventPairCostSeconds && *M.EventPairCostSeconds > 0)
    Out += "event cost: " + formatFixed(*M.EventPairCostSeconds * 1e9, 1) +
           " ns per enter+exit pair (measured at start-up)\n";
  if (M.Instrumentation)
    Out += "instrument: " + describeInstrumentation(*M.Instrumentation) + "\n";
  if (!M.Enabled)
    Out += "enabled:    no (SEXTANT_ENABLE=0): no region was armed, nothing "
           "was recorded\n";
  if (M.Pauses != 0)
    Out += "paused:     " + std::to_string(M.Pauses) + " time(s)" +
           (M.PausedAtEnd ? ", still paused at the end" : "") + "\n";
  Out += "output:     " + M.OutputDirectory + "\n";

  size_t Filtered =
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionRecord &R) { return R.Filtered; });
  Out += "regions:    " + std::to_string(Regions.size()) + " registered, " +
         std::to_string(Filtered) + " filtered";
  if (M.RuntimeFilter && !M.RuntimeFilter->empty())
    Out += " (runtime filter " + *M.RuntimeFilter +
           (M.RuntimeFilterLoaded ? ")" : " NOT loaded)");
  if (M.RegionsRejected != 0)
    Out += ", " + std::to_string(M.RegionsRejected) +
           " rejected (ABI version mismatch)";
  Out += "\n";
  Out += "exits:      " + std::to_string(M.ExitsRepaired) + " repaired (in " +
         std::to_string(M.Repairs) + " repairs), " +
         std::to_string(M.ExitsIgnored) + " ignored, " +
         std::to_string(M.FramesOpenAtEnd) + " frames still open at the end\n";
  Out += "trace:      " + (M.Trace ? traceLine(*M.Trace) : "off\n");
  if (M.EndedBySignal && !M.EndedBySignal->empty())
    Out += "ended by:   " + *M.EndedBySignal +
           " (the measurement was written in the signal handler)\n";
  if (M.SnapshotSeconds)
    Out += "snapshot:   " + describeSnapshot(*M.SnapshotSeconds) + "\n";
  if (M.ForkedFromPid && *M.ForkedFromPid != 0)
    Out += "forked:     from process " + std::to_string(*M.ForkedFromPid) +
           " (this profile starts at the fork)\n";
  Out += "throttling: ";
  if (M.Throttle.Enabled)
    Out += "on (" + std::to_string(M.Throttle.MinVisits) +
           " visits with a mean below " +
           std::to_string(M.Throttle.MaxMeanVisitNanoseconds) + " ns), " +
           std::to_string(ThrottledRegions) + " region(s) throttled\n";
  else
    Out += "off\n";
  return Out;
}

/// Flat profile, by exclusive time (ties by region id).
std::string flatSection(const ExperimentMetadata &M,
                        const std::vector<RegionRecord> &Regions,
                        const CallPathProfile &Profile) {
  std::vector<FlatRegion> Flat = flatProfile(Profile);
  sortByExclusiveTime(Flat);
  double TotalExclusive = 0;
  for (const FlatRegion &Entry : Flat)
    TotalExclusive += Entry.ExclusiveSeconds;
  std::string Out =
      "\nFlat profile (each region summed over all its call paths, sorted "
      "by exclusive time)\n\n";
  Out += padLeft("exclusive s", 14) + padLeft("inclusive s", 14) +
         padLeft("visits", 12) + padLeft("excl %", 9) + "  name  (file:line)\n";
  for (const FlatRegion &Entry : Flat) {
    double Percent = TotalExclusive == 0
                         ? 0.0
                         : 100.0 * Entry.ExclusiveSeconds / TotalExclusive;
    Out += padLeft(seconds(Entry.ExclusiveSeconds), 14);
    Out += padLeft(seconds(Entry.InclusiveSeconds), 14);
    Out += padLeft(std::to_string(Entry.Visits), 12);
    Out += padLeft(formatFixed(Percent, 2), 9);
    Out += "  " + shownRegionName(Entry.Name) + "  (" +
           location(Regions, Entry.RegionId, M.Program) + ")\n";
  }
  if (Flat.empty())
    Out += "  (no region was entered)\n";
  return Out;
}

/// Throttled regions, in the order they were throttled.
std::string throttledSection(const ExperimentMetadata &M,
                             const std::vector<RegionRecord> &Regions,
                             std::vector<const RegionRecord *> Throttled) {
  if (Throttled.empty())
    return std::string();
  std::sort(Throttled.begin(), Throttled.end(),
            [](const RegionRecord *A, const RegionRecord *B) {
              if (A->Throttled->AfterSeconds != B->Throttled->AfterSeconds)
                return A->Throttled->AfterSeconds < B->Throttled->AfterSeconds;
              return A->Id < B->Id;
            });
  std::string Out = "\nThrottled regions (after many short visits: a function "
                    "is no longer measured, an OpenMP parallel region is "
                    "only counted)\n\n";
  Out += padLeft("after s", 14) + padLeft("visits", 12) +
         padLeft("mean ns", 12) + "  name  (file:line)\n";
  for (const RegionRecord *Region : Throttled) {
    Out += padLeft(seconds(Region->Throttled->AfterSeconds), 14);
    Out += padLeft(std::to_string(Region->Throttled->Visits), 12);
    Out +=
        padLeft(formatFixed(Region->Throttled->MeanVisitSeconds * 1e9, 1), 12);
    Out += "  " + shownRegionName(Region->Name) + "  (" +
           location(Regions, Region->Id, M.Program) + ")\n";
  }
  return Out;
}

std::string treeSection(const CallPathProfile &Profile) {
  std::string Out = "\nCall tree (inclusive s, visits, name; children sorted "
                    "by inclusive time)\n\n";
  Out += padLeft("inclusive s", 14) + padLeft("visits", 12) + "  name\n";
  walkCallTree(Profile, {}, [&](const CallTreeRow &Row) {
    if (Row.Folded) {
      Out += padLeft(seconds(Row.HiddenInclusiveSeconds), 14);
      Out += padLeft(std::to_string(Row.HiddenVisits), 12);
      Out += "  " + treeIndent(Row.Depth) + foldedRowText(Row) + "\n";
      return;
    }
    const CallPathNode &Node = Profile.node(Row.Node);
    Out += padLeft(seconds(Node.InclusiveSeconds), 14);
    Out += padLeft(std::to_string(Node.Visits), 12);
    Out += "  " + treeIndent(Row.Depth) + shownRegionName(Node.Name) + "\n";
  });
  if (Profile.empty())
    Out += "  (empty)\n";
  return Out;
}

} // namespace

std::string describeSnapshot(double SnapshotSeconds) {
  return "the profile as it was " + formatFixed(SnapshotSeconds, 1) +
         " s after the start (SEXTANT_SNAPSHOT); the process did not write "
         "its final profile";
}

std::string describeInstrumentation(const std::vector<std::string> &Modes) {
  namespace modes = instrumentation_modes;
  if (Modes.empty())
    return "none (no instrumented function and no user region called the "
           "runtime)";
  std::string Out;
  for (const std::string &Mode : Modes) {
    if (!Out.empty())
      Out += ", ";
    if (Mode == modes::Plugin)
      Out += "Sextant's compiler plugin";
    else if (Mode == modes::FinstrumentFunctions)
      Out += "-finstrument-functions (GCC's mode: functions measured through "
             "__cyg_profile_func_enter/exit, not Sextant's plugin)";
    else if (Mode == modes::UserApi)
      Out += "the user API (sextant_region_begin/end)";
    else
      Out += Mode;
  }
  return Out;
}

std::string renderSummaryText(const ExperimentMetadata &Metadata,
                              const std::vector<RegionRecord> &Regions,
                              const CallPathProfile &Profile) {
  std::vector<const RegionRecord *> Throttled;
  for (const RegionRecord &Region : Regions)
    if (Region.Throttled)
      Throttled.push_back(&Region);
  // Counted first: the operands of + are evaluated in no set order (GCC
  // moves Throttled into throttledSection before header reads its size).
  size_t ThrottledCount = Throttled.size();
  return header(Metadata, Regions, ThrottledCount) +
         flatSection(Metadata, Regions, Profile) +
         throttledSection(Metadata, Regions, std::move(Throttled)) +
         treeSection(Profile);
}

} // namespace format
} // namespace sextant
