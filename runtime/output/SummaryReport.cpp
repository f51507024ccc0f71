//===- runtime/output/SummaryReport.cpp - summary.txt of an experiment ----===//
//
// Part of Sextant. Flat-profile aggregation and text layout of summary.txt.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/SummaryReport.h"

#include "format/CallTreeView.h"
#include "format/FlatProfile.h"
#include "format/JsonWriter.h"

#include "common/ShellQuoting.h"

#include <algorithm>
#include <unordered_map>

namespace sextant {
namespace runtime {

namespace {

constexpr int SummaryDecimals = 6;

/// Text right-aligned in a field of Width characters.
std::string padLeft(const std::string &Text, size_t Width) {
  if (Text.size() >= Width)
    return Text;
  return std::string(Width - Text.size(), ' ') + Text;
}

std::string seconds(double Seconds) {
  return format::formatFixed(Seconds, SummaryDecimals);
}

std::string location(const std::vector<RegionInfo> &Regions, uint32_t Id,
                     const std::string &MainModule) {
  if (Id < 1 || Id > Regions.size())
    return std::string();
  const RegionInfo &Region = Regions[Id - 1];
  std::string Text = Region.File.empty() ? "?" : Region.File;
  if (Region.BeginLine != 0)
    Text += ":" + std::to_string(Region.BeginLine);
  if (!Region.Module.empty() && Region.Module != MainModule)
    Text += " [" + Region.Module + "]";
  return Text;
}

} // namespace

std::string renderSummary(const ExperimentInfo &Info,
                          const format::CallPathProfile &Profile,
                          const std::vector<RegionInfo> &Regions) {
  std::string Out;
  Out += "Sextant " + Info.SextantVersion + " profile summary\n\n";
  Out += "program:    " + Info.ProgramPath + "\n";
  Out += "arguments:  " + shellQuoteWords(Info.Arguments) + "\n";
  Out += "pid:        " + std::to_string(Info.Pid) + "\n";
  Out += "host:       " + Info.Hostname + "\n";
  Out += "threads:    " + std::to_string(Info.ThreadsSeen);
  if (Info.ThreadsNotMerged != 0)
    Out += " (" + std::to_string(Info.ThreadsNotMerged) +
           " still busy at the end, not merged)";
  Out += "\n";
  Out +=
      "wall time:  " + format::formatFixed(Info.WallSeconds, SummaryDecimals) +
      " s (" + formatUtcTime(Info.StartTime) + " to " +
      formatUtcTime(Info.EndTime) + ")\n";
  Out += "clock:      " + std::string(Info.Clock.Name);
  if (Info.Clock.TicksPerSecond != 1e9 ||
      std::string_view(Info.Clock.Name) != "CLOCK_MONOTONIC")
    Out += " at " + format::formatFixed(Info.Clock.TicksPerSecond / 1e6, 3) +
           " MHz";
  Out += " (" + Info.Clock.Calibration + ")\n";
  if (Info.EventPairCostSeconds > 0)
    Out += "event cost: " +
           format::formatFixed(Info.EventPairCostSeconds * 1e9, 1) +
           " ns per enter+exit pair (measured at start-up)\n";
  if (!Info.Enabled)
    Out += "enabled:    no (SEXTANT_ENABLE=0): no region was armed, nothing "
           "was recorded\n";
  if (Info.Pauses != 0)
    Out += "paused:     " + std::to_string(Info.Pauses) + " time(s)" +
           (Info.PausedAtEnd ? ", still paused at the end" : "") + "\n";
  Out += "output:     " + Info.OutputDirectory + "\n";

  size_t Filtered =
      std::count_if(Regions.begin(), Regions.end(),
                    [](const RegionInfo &R) { return R.Filtered; });
  Out += "regions:    " + std::to_string(Regions.size()) + " registered, " +
         std::to_string(Filtered) + " filtered";
  if (!Info.FilterFile.empty())
    Out += Info.FilterLoaded
               ? " (runtime filter " + Info.FilterFile + ")"
               : " (runtime filter " + Info.FilterFile + " NOT loaded)";
  if (Info.RegionsRejected != 0)
    Out += ", " + std::to_string(Info.RegionsRejected) +
           " rejected (ABI version mismatch)";
  Out += "\n";
  Out += "exits:      " + std::to_string(Info.Repairs.ExitsRepaired) +
         " repaired (in " + std::to_string(Info.Repairs.Repairs) +
         " repairs), " + std::to_string(Info.Repairs.IgnoredExits) +
         " ignored, " + std::to_string(Info.Repairs.FramesOpenAtEnd) +
         " frames still open at the end\n";
  Out += "trace:      ";
  if (!Info.TraceEnabled) {
    Out += "off\n";
  } else {
    const TraceStatistics &Trace = Info.Trace;
    Out += std::to_string(Trace.EventsWritten) + " events, " +
           std::to_string(Trace.BytesWritten) + " bytes in " +
           std::to_string(Trace.Files) + " file(s) in trace/";
    if (Trace.EventsWritten != 0)
      Out += " (" +
             format::formatFixed(static_cast<double>(Trace.BytesWritten) /
                                     static_cast<double>(Trace.EventsWritten),
                                 2) +
             " bytes/event)";
    Out += ", buffer " + std::to_string(Info.TraceBufferSize) +
           " bytes per thread; ";
    if (Trace.EventsDropped == 0 && Trace.ThreadsWithoutTrace == 0) {
      Out += "nothing dropped\n";
    } else {
      Out += std::to_string(Trace.EventsDropped) + " events in " +
             std::to_string(Trace.ChunksDropped) + " chunk(s) DROPPED";
      if (Trace.ThreadsWithoutTrace != 0)
        Out += ", " + std::to_string(Trace.ThreadsWithoutTrace) +
               " thread(s) NOT traced (out of memory)";
      if (!Trace.FirstError.empty())
        Out += " (" + Trace.FirstError + ")";
      Out += "\n";
    }
  }
  if (!Info.EndSignal.empty())
    Out += "ended by:   " + Info.EndSignal +
           " (the measurement was written in the signal handler)\n";
  if (Info.ParentPid != 0)
    Out += "forked:     from process " + std::to_string(Info.ParentPid) +
           " (this profile starts at the fork)\n";
  std::vector<const RegionInfo *> Throttled;
  for (const RegionInfo &Region : Regions)
    if (Region.Throttled)
      Throttled.push_back(&Region);
  Out += "throttling: ";
  if (Info.Throttle.Enabled)
    Out += "on (" + std::to_string(Info.Throttle.MinVisits) +
           " visits with a mean below " +
           std::to_string(Info.Throttle.MaxMeanVisitNanoseconds) + " ns), " +
           std::to_string(Throttled.size()) + " region(s) throttled\n";
  else
    Out += "off\n";

  // Flat profile, by exclusive time (ties by region id).
  std::vector<format::FlatRegion> Flat = format::flatProfile(Profile);
  format::sortByExclusiveTime(Flat);
  double TotalExclusive = 0;
  for (const format::FlatRegion &Entry : Flat)
    TotalExclusive += Entry.ExclusiveSeconds;
  Out += "\nFlat profile (each region summed over all its call paths, sorted "
         "by exclusive time)\n\n";
  Out += padLeft("exclusive s", 14) + padLeft("inclusive s", 14) +
         padLeft("visits", 12) + padLeft("excl %", 9) + "  name  (file:line)\n";
  for (const format::FlatRegion &Entry : Flat) {
    double Percent = TotalExclusive == 0
                         ? 0.0
                         : 100.0 * Entry.ExclusiveSeconds / TotalExclusive;
    Out += padLeft(seconds(Entry.ExclusiveSeconds), 14);
    Out += padLeft(seconds(Entry.InclusiveSeconds), 14);
    Out += padLeft(std::to_string(Entry.Visits), 12);
    Out += padLeft(format::formatFixed(Percent, 2), 9);
    Out += "  " + Entry.Name + "  (" +
           location(Regions, Entry.RegionId, Info.ProgramPath) + ")\n";
  }
  if (Flat.empty())
    Out += "  (no region was entered)\n";

  // Throttled regions, in the order they were throttled.
  if (!Throttled.empty()) {
    std::sort(Throttled.begin(), Throttled.end(),
              [](const RegionInfo *A, const RegionInfo *B) {
                if (A->Throttle.AfterSeconds != B->Throttle.AfterSeconds)
                  return A->Throttle.AfterSeconds < B->Throttle.AfterSeconds;
                return A->Id < B->Id;
              });
    Out += "\nThrottled regions (disarmed after many short visits; not "
           "measured afterwards)\n\n";
    Out += padLeft("after s", 14) + padLeft("visits", 12) +
           padLeft("mean ns", 12) + "  name  (file:line)\n";
    for (const RegionInfo *Region : Throttled) {
      Out += padLeft(
          format::formatFixed(Region->Throttle.AfterSeconds, SummaryDecimals),
          14);
      Out += padLeft(std::to_string(Region->Throttle.Visits), 12);
      Out += padLeft(
          format::formatFixed(Region->Throttle.MeanVisitSeconds * 1e9, 1), 12);
      Out += "  " + Region->DisplayName + "  (" +
             location(Regions, Region->Id, Info.ProgramPath) + ")\n";
    }
  }

  // Call tree.
  Out += "\nCall tree (inclusive s, visits, name; children sorted by "
         "inclusive time)\n\n";
  Out += padLeft("inclusive s", 14) + padLeft("visits", 12) + "  name\n";
  format::walkCallTree(Profile, {}, [&](const format::CallTreeRow &Row) {
    const format::CallPathNode &Node = Profile.node(Row.Node);
    Out += padLeft(seconds(Node.InclusiveSeconds), 14);
    Out += padLeft(std::to_string(Node.Visits), 12);
    Out += "  ";
    Out.append(2 * Row.Depth, ' ');
    Out += Node.Name + "\n";
  });
  if (Profile.empty())
    Out += "  (empty)\n";
  return Out;
}

} // namespace runtime
} // namespace sextant
