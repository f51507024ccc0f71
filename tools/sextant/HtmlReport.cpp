//===- tools/sextant/HtmlReport.cpp - The HTML report ---------------------===//
//
// Part of Sextant. The files the report reads besides the experiment, and
// the page around its data: the data goes into a <script
// type="application/json"> element ('<' written as \u003c so that no name
// can end the element early), the style sheet and the script follow
// inline.
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"

#include "GeneratedFilter.h"
#include "RegionScore.h"
#include "RooflinePeaks.h"
#include "SvgExport.h"
#include "TextFormatting.h"
#include "TraceInput.h"
#include "WaitStateReading.h"

#include "common/AtomicFile.h"
#include "common/OutputFile.h"
#include "format/schema/ExperimentSchema.h"
#include "format/pictures/HtmlReportData.h"
#include "format/reader/JobMpiMatrix.h"
#include "format/reader/JobSpreadReader.h"
#include "format/reader/RooflinePeaksFile.h"
#include "format/pictures/SvgWriter.h"

#include "HtmlAssets.h" // generated: ReportJs, ReportCss

#include <cstdio>
#include <sys/stat.h>
#include <unordered_map>

namespace sextant {
namespace tool {

using namespace format;

namespace {

bool pathExists(const std::string &Path) {
  struct stat Info;
  return ::stat(Path.c_str(), &Info) == 0;
}

bool fileExists(const Experiment &E, const char *Name) {
  return pathExists(E.file(Name));
}

/// Fills a timeline lane with one trace file's replayed events.
class LaneFiller {
public:
  LaneFiller(TimelineLane &Lane, const Process &P,
             const std::vector<uint32_t> &NameOfRegion)
      : Lane(Lane), Clock(P.Clock), NameOfRegion(NameOfRegion) {}
  void enter(uint32_t Region, uint64_t Ticks) {
    Lane.enter(Region < NameOfRegion.size() ? NameOfRegion[Region]
                                            : NameOfRegion[0],
               Clock.nanoseconds(Ticks));
  }
  void exit(uint32_t, uint64_t Ticks) { Lane.exit(Clock.nanoseconds(Ticks)); }
  void afterChunk(const Process &, const TraceFile &, const trace::Chunk &) {}

private:
  TimelineLane &Lane;
  const ClockAlignment &Clock;
  const std::vector<uint32_t> &NameOfRegion;
};

/// The timeline of E's trace (of every rank's of a job): one lane per
/// trace file, spans merged below 1/TimelineColumns of the run's wall time,
/// the metric samples as counter tracks. False with a message in Error.
bool gatherTimeline(const Experiment &E, HtmlReportExtras &Extras,
                    std::string &Error) {
  std::unordered_map<std::string, uint32_t> NameIndex;
  auto IndexOf = [&](const std::string &Name) {
    auto Inserted = NameIndex.emplace(
        Name, static_cast<uint32_t>(Extras.TimelineNames.size()));
    if (Inserted.second)
      Extras.TimelineNames.push_back(Name);
    return Inserted.first->second;
  };
  double Resolution = E.Metadata.WallSeconds * 1e9 / TimelineColumns;
  return catchExportErrors(E.Directory, Error, [&] {
    TraceReading Reading(false);
    TraceInput In = readTraceInput(E.Directory, Reading);
    for (const Process &P : In.Processes) {
      std::vector<uint32_t> NameOfRegion(1, IndexOf("<unknown region>"));
      for (const RegionRecord &Region : P.Regions)
        NameOfRegion.push_back(IndexOf(Region.Name));
      for (const TraceFile &File : P.Files) {
        std::string Name = threadName(File);
        if (P.Rank >= 0)
          Name = "rank " + std::to_string(P.Rank) + ": " + Name;
        Extras.Timeline.emplace_back(Name, Resolution);
        TimelineLane &Lane = Extras.Timeline.back();
        LaneFiller Filler(Lane, P, NameOfRegion);
        if (!Reading.replay(P, File, Filler, true)) {
          Extras.Timeline.pop_back();
          continue;
        }
        Lane.finish();
        trace::MetricSamples Samples;
        if (!readThreadMetrics(File, Samples))
          continue;
        size_t Width = Samples.Names.size();
        std::vector<double> Times;
        for (uint64_t Ticks : Samples.Ticks)
          Times.push_back(P.Clock.nanoseconds(Ticks));
        for (size_t K = 0; K < Width; ++K) {
          std::vector<double> Values;
          for (size_t I = 0; I < Samples.Ticks.size(); ++I)
            Values.push_back(
                static_cast<double>(Samples.Values[I * Width + K]));
          Lane.addCounter(Samples.Names[K], Times, Values);
        }
      }
    }
    size_t Files = 0;
    for (const Process &P : In.Processes)
      Files += P.Files.size();
    Reading.finish(Files);
  });
}

/// Whether E (or, for a job, its rank 0) was traced.
bool wasTraced(const Experiment &E) {
  if (pathExists(E.file(files::TraceDirectory)))
    return true;
  return E.Metadata.CombinedJob &&
         pathExists(joinPath(joinPath(E.Directory, files::rankDirectoryName(0)),
                             files::TraceDirectory));
}

/// What the report shows besides E. False with a message in Error when a
/// file that is there cannot be read.
bool gatherExtras(const Experiment &E, HtmlReportExtras &Extras,
                  std::string &Error) {
  for (size_t I = 0; I < E.Profile.metricNames().size(); ++I)
    Extras.AdditiveMetrics.push_back(isAdditiveMetric(E, I));
  // The filter `sextant score -g DIR` writes, with its default thresholds.
  FilterThresholds Thresholds;
  std::vector<RegionScore> Scores =
      scoreRegions(E, chooseCostModel(E, std::nullopt), Thresholds);
  Extras.SuggestedFilter = renderGeneratedFilter(
      E, Scores, Thresholds, {"sextant", "score", "-g", E.Directory},
      currentUtcTime());
  if (hasRooflineMetrics(E.Profile)) {
    RooflineSvgOptions Options;
    if (!readRooflineOptions("", Options, Error))
      return false;
    Options.Title = "Roofline";
    Extras.Roofline = rooflinePoints(E.Profile, E.Metadata.maximumMetrics());
    Extras.RooflineSvg = renderRooflineSvg(Extras.Roofline, Options);
  }
  // A trace that cannot be read leaves the timeline out, not the report.
  std::string TraceError;
  if (wasTraced(E) && !gatherTimeline(E, Extras, TraceError)) {
    warnRunningCommand("the report has no timeline: " + TraceError);
    Extras.Timeline.clear();
    Extras.TimelineNames.clear();
  }
  if (fileExists(E, files::ThreadProfiles)) {
    ThreadProfileList Threads;
    if (!readThreadProfiles(E, Threads, Error))
      return false;
    Extras.Threads = threadSpread(E.Profile, Threads);
  }
  if (!E.Metadata.CombinedJob || !E.Metadata.MpiRanks)
    return true;
  // Nor do a job's wait states.
  if (wasTraced(E)) {
    std::string WaitError;
    std::string Program;
    Extras.Waits.emplace();
    if (!catchExportErrors(E.Directory, WaitError, [&] {
          *Extras.Waits = readJobWaitStates(E.Directory, false, Program);
        })) {
      warnRunningCommand("the report has no wait states: " + WaitError);
      Extras.Waits.reset();
    }
  }
  if (fileExists(E, files::ProfileRanks)) {
    Extras.Ranks.emplace();
    if (!readRankSpread(E.Directory, E.Profile.size(), *Extras.Ranks, Error))
      return false;
  }
  if (!readRankWallTimes(E.Directory, *E.Metadata.MpiRanks,
                         Extras.RankWallSeconds, Error))
    return false;
  if (fileExists(E, files::Mpi) &&
      (!readJobTrafficMatrix(E.Directory, "bytes_sent", Extras.BytesSent,
                             Error) ||
       !readJobTrafficMatrix(E.Directory, "messages_sent", Extras.MessagesSent,
                             Error)))
    return false;
  return true;
}

/// The whole HTML document around the report's data.
std::string renderPage(const Experiment &E, const std::string &Data) {
  // '<' (only ever inside strings of the JSON) becomes \u003c, the same
  // string for JSON.parse, so that no name can end or alter the element.
  std::string Safe;
  Safe.reserve(Data.size());
  for (char C : Data) {
    if (C == '<')
      Safe += "\\u003c";
    else
      Safe += C;
  }
  std::string Title;
  appendXmlEscaped(Title, "Sextant report: " + E.Metadata.Program);
  std::string Out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
                    "<meta charset=\"utf-8\">\n"
                    "<meta name=\"viewport\" content=\"width=device-width\">\n"
                    "<title>" +
                    Title + "</title>\n<style>\n";
  Out += ReportCss;
  Out += "</style>\n</head>\n<body>\n"
         "<script type=\"application/json\" id=\"sextant-data\">";
  Out += Safe;
  Out += "</script>\n<script>\n";
  Out += ReportJs;
  Out += "</script>\n</body>\n</html>\n";
  return Out;
}

} // namespace

bool readRooflineOptions(const std::string &PeaksPath,
                         RooflineSvgOptions &Options, std::string &Error) {
  std::string Path = PeaksPath.empty() ? defaultPeaksPath() : PeaksPath;
  if (PeaksPath.empty() && !pathExists(Path))
    return true;
  RooflinePeaks Peaks;
  if (!readRooflinePeaks(Path, Peaks, Error))
    return false;
  Options.PeakFlopsPerSecond = Peaks.FlopsPerSecond;
  Options.PeakBytesPerSecond = Peaks.BytesPerSecond;
  Options.PeaksSource = "peaks of " + Peaks.Host + ", " + Peaks.MeasuredAt;
  return true;
}

bool writeHtmlReport(const Experiment &E, const std::string &Path,
                     std::string &Error) {
  HtmlReportExtras Extras;
  if (!gatherExtras(E, Extras, Error))
    return false;
  return writeOutputFile(Path, renderPage(E, renderHtmlReportData(E, Extras)),
                         ExistingOutput::Replace, Error);
}

} // namespace tool
} // namespace sextant
