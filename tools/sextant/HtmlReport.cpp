//===- tools/sextant/HtmlReport.cpp - The HTML report ---------------------===//
//
// Part of Sextant. The report's embedded JSON and the page around it: the
// data goes into a <script type="application/json"> element ('<' written
// as \u003c so that no name can end the element early), the style sheet
// and the script follow inline.
//
//===----------------------------------------------------------------------===//

#include "HtmlReport.h"

#include "GeneratedFilter.h"
#include "RegionScore.h"
#include "SvgExport.h"
#include "TextFormatting.h"

#include "common/AtomicFile.h"
#include "common/ShellQuoting.h"
#include "format/CallTreeView.h"
#include "format/FoldedStacks.h"
#include "format/FrameColour.h"
#include "format/JsonWriter.h"
#include "format/SvgWriter.h"

#include "HtmlAssets.h" // generated: ReportJs, ReportCss

#include <unordered_map>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// Format of the embedded data; docs/html-report.md describes it.
constexpr char DataFormat[] = "sextant-html-report";
constexpr uint64_t DataVersion = 1;

const char *notationName(MetricNotation Notation) {
  return Notation == MetricNotation::Integer   ? "integer"
         : Notation == MetricNotation::Seconds ? "seconds"
                                               : "ratio";
}

/// The run's configuration as label/value rows.
void writeConfiguration(JsonWriter &W, const Experiment &E) {
  const ExperimentMetadata &M = E.Metadata;
  W.key("configuration");
  W.beginArray();
  auto Row = [&](const std::string &Label, const std::string &Value) {
    W.beginArray();
    W.string(Label);
    W.string(Value);
    W.endArray();
  };
  Row("experiment", E.Directory);
  Row("program", M.Program);
  Row("arguments", shellQuoteWords(M.Arguments));
  Row("host", M.Hostname);
  Row("process id", std::to_string(M.Pid));
  Row("working directory", M.WorkingDirectory);
  Row("start", M.StartTime);
  Row("end", M.EndTime);
  Row("wall time", formatFixed(M.WallSeconds, 6) + " s");
  Row("threads", std::to_string(M.Threads));
  Row("clock", M.Clock);
  Row("measurement", M.Enabled ? "enabled" : "disabled (SEXTANT_ENABLE=0)");
  if (M.MpiRanks)
    Row("MPI", M.CombinedJob ? "job of " + std::to_string(*M.MpiRanks) +
                                   " ranks, values summed over the ranks"
                             : "rank " + std::to_string(M.MpiRank.value_or(0)) +
                                   " of " + std::to_string(*M.MpiRanks));
  Row("regions", std::to_string(M.RegionsRegistered) + " registered, " +
                     std::to_string(M.RegionsFiltered) + " filtered, " +
                     std::to_string(M.RegionsThrottled) + " throttled, " +
                     std::to_string(M.RegionsRejected) + " rejected");
  Row("throttling (SEXTANT_THROTTLE)",
      M.Throttle.Enabled
          ? "on: at least " + std::to_string(M.Throttle.MinVisits) +
                " visits and at most " +
                std::to_string(M.Throttle.MaxMeanVisitNanoseconds) +
                " ns per visit"
          : "off");
  Row("runtime filter (SEXTANT_FILTER)",
      M.RuntimeFilter
          ? *M.RuntimeFilter + (M.RuntimeFilterLoaded ? "" : " (not loaded)")
          : "none");
  if (M.Trace)
    Row("trace (SEXTANT_TRACE)",
        std::to_string(M.Trace->EventsWritten) + " events in " +
            std::to_string(M.Trace->Files) + " files, " +
            std::to_string(M.Trace->EventsDropped) + " dropped");
  if (M.Metrics) {
    std::string Requested;
    for (const std::string &Name : M.Metrics->Requested)
      Requested += (Requested.empty() ? "" : ",") + Name;
    Row("metrics (SEXTANT_METRICS)", Requested);
    for (const MetricsRecord::Unavailable &Missing :
         M.Metrics->UnavailableMetrics)
      Row("not measured", Missing.Name + " (" + Missing.Reason + ")");
  }
  if (M.EndedBySignal)
    Row("ended by", *M.EndedBySignal);
  Row("Sextant version", M.SextantVersion);
  W.endArray();
}

/// The throttled and the filtered regions.
void writeRegions(JsonWriter &W, const Experiment &E) {
  // Key: one object per region Wanted, its name and what Members writes.
  auto List = [&](const char *Key, auto Wanted, auto Members) {
    W.key(Key);
    W.beginArray();
    for (const RegionRecord &Region : E.Regions) {
      if (!Wanted(Region))
        continue;
      W.beginObject();
      W.member("name", Region.Name);
      Members(Region);
      W.endObject();
    }
    W.endArray();
  };
  List(
      "throttled",
      [](const RegionRecord &Region) { return Region.Throttled.has_value(); },
      [&](const RegionRecord &Region) {
        W.memberUnsigned("visits", Region.Throttled->Visits);
        W.key("mean_visit_seconds");
        W.realNumber(Region.Throttled->MeanVisitSeconds);
        W.key("after_seconds");
        W.realNumber(Region.Throttled->AfterSeconds);
      });
  List(
      "filtered", [](const RegionRecord &Region) { return Region.Filtered; },
      [&](const RegionRecord &Region) {
        W.member("reason", Region.FilterRule
                               ? Region.FilterRule->File + ":" +
                                     std::to_string(Region.FilterRule->Line) +
                                     ": " + Region.FilterRule->Rule
                               : Region.FilterReason);
      });
}

/// The call tree: one array per row, [parent row or -1, name index,
/// visits, inclusive s, exclusive s, [metric values]].
void writeCallTree(JsonWriter &W, const Experiment &E) {
  const CallPathProfile &Profile = E.Profile;
  std::vector<std::string> Names;
  std::unordered_map<std::string, size_t> NameIndex;
  auto IndexOf = [&](const std::string &Name) {
    auto Inserted = NameIndex.emplace(Name, Names.size());
    if (Inserted.second)
      Names.push_back(Name);
    return Inserted.first->second;
  };
  W.key("nodes");
  W.beginArray();
  std::vector<int64_t> RowAtDepth;
  int64_t Rows = 0;
  walkCallTree(Profile, CallTreeLimits(), [&](const CallTreeRow &Row) {
    int64_t Parent = Row.Depth == 0 ? -1 : RowAtDepth[Row.Depth - 1];
    RowAtDepth.resize(Row.Depth + 1);
    RowAtDepth[Row.Depth] = Rows++;
    W.lineBreak();
    W.beginArray();
    W.signedNumber(Parent);
    if (Row.Node == CallTreeRow::Hidden) {
      W.unsignedNumber(IndexOf(foldedRowText(Row)));
      W.unsignedNumber(Row.HiddenVisits);
      W.realNumber(Row.HiddenInclusiveSeconds);
      W.realNumber(Row.HiddenExclusiveSeconds);
      W.beginArray();
      W.endArray();
    } else {
      const CallPathNode &Node = Profile.node(Row.Node);
      W.unsignedNumber(IndexOf(Node.Name));
      W.unsignedNumber(Node.Visits);
      W.realNumber(Node.InclusiveSeconds);
      W.realNumber(Node.ExclusiveSeconds);
      W.beginArray();
      for (size_t I = 0; I < Profile.metricNames().size(); ++I)
        W.realNumber(Node.metric(I));
      W.endArray();
    }
    W.endArray();
  });
  W.endArray();
  W.key("names");
  W.beginArray();
  for (const std::string &Name : Names)
    W.string(Name);
  W.endArray();
  W.key("colours");
  W.beginArray();
  // Of the name as the flame graphs show it, so that the colours are the
  // SVG export's.
  for (const std::string &Name : Names)
    W.string(frameColour(foldedFrameName(Name)).hex());
  W.endArray();
}

} // namespace

std::string htmlReportData(const Experiment &E) {
  std::string Out;
  JsonWriter W(Out);
  W.beginObject();
  W.member("format", DataFormat);
  W.memberUnsigned("format_version", DataVersion);
  W.member("program", E.Metadata.Program);
  W.key("metrics");
  W.beginArray();
  for (size_t I = 0; I < E.Profile.metricNames().size(); ++I) {
    W.beginObject();
    W.member("name", E.Profile.metricNames()[I]);
    W.member("notation", notationName(E.Profile.metricNotation(I)));
    W.memberBool("additive", isAdditiveMetric(E, I));
    W.endObject();
  }
  W.endArray();
  writeCallTree(W, E);
  writeConfiguration(W, E);
  writeRegions(W, E);
  // The filter `sextant score -g DIR` writes, with its default thresholds.
  FilterThresholds Thresholds;
  std::vector<RegionScore> Scores =
      scoreRegions(E, chooseCostModel(E, std::nullopt), Thresholds);
  W.member("suggested_filter",
           renderGeneratedFilter(E, Scores, Thresholds,
                                 {"sextant", "score", "-g", E.Directory},
                                 currentUtcTime()));
  W.endObject();
  return Out;
}

std::string renderHtmlReport(const Experiment &E) {
  std::string Data = htmlReportData(E);
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

bool writeHtmlReport(const Experiment &E, const std::string &Path,
                     std::string &Error) {
  size_t Slash = Path.rfind('/');
  std::string Directory = Slash == std::string::npos ? "."
                          : Slash == 0               ? "/"
                                                     : Path.substr(0, Slash);
  std::string Name = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  if (Name.empty()) {
    Error = "cannot write '" + Path + "': not a file name";
    return false;
  }
  return writeFileAtomically(Directory, Name, renderHtmlReport(E), Error);
}

} // namespace tool
} // namespace sextant
