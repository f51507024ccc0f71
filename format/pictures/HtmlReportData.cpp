//===- format/pictures/HtmlReportData.cpp - The HTML report's data --------===//
//
// Part of Sextant. The document is written in one pass: the call tree as
// it is walked (one array per row), then the tables of names and colours,
// the rows' spreads over threads and ranks, the run and the MPI job.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/HtmlReportData.h"

#include "common/ShellQuoting.h"
#include "format/pictures/FrameColour.h"
#include "format/profile/CallTreeView.h"
#include "format/profile/FoldedStacks.h"
#include "format/profile/SummaryText.h"
#include "format/schema/JsonWriter.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace sextant {
namespace format {

namespace {

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
  if (M.MpiMeasurement) {
    const ExperimentMetadata::MpiMeasurementTime &T = *M.MpiMeasurement;
    Row("Sextant's own time (MPI)",
        formatFixed(T.InitSetup, 3) + " s at MPI_Init, " +
            formatFixed(T.FinalizeSync, 3) + " s synchronising clocks, " +
            formatFixed(T.RankWrite, 3) + " s writing the ranks, " +
            formatFixed(T.JobCombine, 3) +
            " s combining the job at MPI_Finalize (largest over the ranks)");
  }
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
  if (M.SnapshotSeconds)
    Row("snapshot", describeSnapshot(*M.SnapshotSeconds));
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
/// visits, inclusive s, exclusive s, [metric values]]. Returns the node of
/// each row (CallTreeRow::Hidden for a row of folded call paths).
std::vector<size_t> writeCallTree(JsonWriter &W, const Experiment &E) {
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
  std::vector<size_t> RowNodes;
  walkCallTree(Profile, CallTreeLimits(), [&](const CallTreeRow &Row) {
    int64_t Parent = Row.Depth == 0 ? -1 : RowAtDepth[Row.Depth - 1];
    RowAtDepth.resize(Row.Depth + 1);
    RowAtDepth[Row.Depth] = static_cast<int64_t>(RowNodes.size());
    RowNodes.push_back(Row.Node);
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
  return RowNodes;
}

/// Key: {"metric", "members", "rows": [per row: [min, mean, max,
/// imbalance, min at, max at, count] or null]}.
void writeSpread(JsonWriter &W, const char *Key, const CallPathSpread &Spreads,
                 const std::vector<size_t> &RowNodes) {
  W.key(Key);
  W.beginObject();
  W.member("metric", Spreads.Metric);
  W.memberUnsigned("members", Spreads.Members);
  W.key("rows");
  W.beginArray();
  for (size_t Node : RowNodes) {
    if (Node == CallTreeRow::Hidden || Node >= Spreads.Nodes.size() ||
        !Spreads.Nodes[Node]) {
      W.null();
      continue;
    }
    const Spread &S = *Spreads.Nodes[Node];
    W.lineBreak();
    W.beginArray();
    W.realNumber(S.Min);
    W.realNumber(S.Mean);
    W.realNumber(S.Max);
    if (S.Imbalance)
      W.realNumber(*S.Imbalance);
    else
      W.null();
    W.signedNumber(S.MinAt);
    W.signedNumber(S.MaxAt);
    W.unsignedNumber(S.Count);
    W.endArray();
  }
  W.endArray();
  W.endObject();
}

/// The MPI job: {"ranks", "wall_seconds": [per rank], "traffic": [[from,
/// to, bytes, messages] per pair with traffic]}.
void writeMpiJob(JsonWriter &W, const HtmlReportExtras &Extras) {
  const auto &Bytes = Extras.BytesSent;
  const auto &Messages = Extras.MessagesSent;
  W.key("mpi");
  W.beginObject();
  W.memberUnsigned("ranks",
                   std::max(Bytes.size(), Extras.RankWallSeconds.size()));
  W.key("wall_seconds");
  W.beginArray();
  for (double Seconds : Extras.RankWallSeconds)
    W.realNumber(Seconds);
  W.endArray();
  W.key("traffic");
  W.beginArray();
  for (size_t From = 0; From < Bytes.size(); ++From)
    for (size_t To = 0; To < Bytes[From].size(); ++To) {
      uint64_t Count = From < Messages.size() && To < Messages[From].size()
                           ? Messages[From][To]
                           : 0;
      if (Bytes[From][To] == 0 && Count == 0)
        continue;
      W.lineBreak();
      W.beginArray();
      W.unsignedNumber(From);
      W.unsignedNumber(To);
      W.unsignedNumber(Bytes[From][To]);
      W.unsignedNumber(Count);
      W.endArray();
    }
  W.endArray();
  W.endObject();
}

/// The timeline: {"duration_us", "resolution_us", "names", "colours",
/// "lanes": [{"name", "visits", "spans": [start us, duration us, depth,
/// name, visits, ...] by depth and start, "counters": [{"name", "times",
/// "values"}]}]}; times in microseconds from the earliest event.
void writeTimeline(JsonWriter &W, const HtmlReportExtras &Extras) {
  double Origin = HUGE_VAL, End = 0;
  for (const TimelineLane &Lane : Extras.Timeline) {
    if (Lane.visits() == 0)
      continue;
    Origin = std::min(Origin, Lane.firstTime());
    End = std::max(End, Lane.lastTime());
  }
  if (End < Origin)
    Origin = End = 0;
  auto Microseconds = [&](double Nanoseconds) {
    W.fixedNumber((Nanoseconds - Origin) / 1000, 3);
  };
  W.key("timeline");
  W.beginObject();
  W.key("duration_us");
  W.fixedNumber((End - Origin) / 1000, 3);
  W.key("names");
  W.beginArray();
  for (const std::string &Name : Extras.TimelineNames)
    W.string(Name);
  W.endArray();
  W.key("colours");
  W.beginArray();
  for (const std::string &Name : Extras.TimelineNames)
    W.string(frameColour(foldedFrameName(Name)).hex());
  W.endArray();
  W.key("lanes");
  W.beginArray();
  for (const TimelineLane &Lane : Extras.Timeline) {
    std::vector<TimelineSpan> Spans = Lane.spans();
    std::sort(Spans.begin(), Spans.end(),
              [](const TimelineSpan &A, const TimelineSpan &B) {
                return A.Depth != B.Depth ? A.Depth < B.Depth
                                          : A.Start < B.Start;
              });
    W.lineBreak();
    W.beginObject();
    W.member("name", Lane.name());
    W.memberUnsigned("visits", Lane.visits());
    W.key("spans");
    W.beginArray();
    for (const TimelineSpan &Span : Spans) {
      Microseconds(Span.Start);
      W.fixedNumber((Span.End - Span.Start) / 1000, 3);
      W.unsignedNumber(Span.Depth);
      W.unsignedNumber(Span.Name);
      W.unsignedNumber(Span.Visits);
    }
    W.endArray();
    W.key("counters");
    W.beginArray();
    for (const TimelineCounter &Counter : Lane.counters()) {
      W.beginObject();
      W.member("name", Counter.Name);
      W.key("times");
      W.beginArray();
      for (double Time : Counter.Times)
        Microseconds(Time);
      W.endArray();
      W.key("values");
      W.beginArray();
      for (double Value : Counter.Values)
        W.realNumber(Value);
      W.endArray();
      W.endObject();
    }
    W.endArray();
    W.endObject();
  }
  W.endArray();
  W.endObject();
}

/// "wait_states": the kinds' titles and totals, and one row per kind, rank
/// and call path.
void writeWaitStates(JsonWriter &W, const WaitStates &Waits) {
  W.key("wait_states");
  W.beginObject();
  W.key("kinds");
  W.beginArray();
  for (unsigned K = 0; K < WaitStateKinds; ++K)
    W.string(waitStateKindTitle(static_cast<WaitStateKind>(K)));
  W.endArray();
  W.key("totals");
  W.beginArray();
  for (unsigned K = 0; K < WaitStateKinds; ++K)
    W.realNumber(Waits.total(static_cast<WaitStateKind>(K)));
  W.endArray();
  W.memberUnsigned("messages", Waits.Messages);
  W.memberUnsigned("collectives", Waits.Collectives);
  W.key("rows");
  W.beginArray();
  for (const WaitStateEntry &Entry : Waits.Entries) {
    W.lineBreak();
    W.beginArray();
    W.unsignedNumber(static_cast<unsigned>(Entry.Kind));
    W.signedNumber(Entry.Rank);
    W.realNumber(Entry.Seconds);
    W.unsignedNumber(Entry.Calls);
    W.beginArray();
    for (const std::string &Frame : Entry.Path)
      W.string(Frame);
    W.endArray();
    W.endArray();
  }
  W.endArray();
  W.endObject();
}

} // namespace

std::string renderHtmlReportData(const Experiment &E,
                                 const HtmlReportExtras &Extras) {
  std::string Out;
  JsonWriter W(Out);
  W.beginObject();
  W.member("format", HtmlReportDataFormat);
  W.memberUnsigned("format_version", HtmlReportDataVersion);
  W.member("program", E.Metadata.Program);
  W.key("metrics");
  W.beginArray();
  for (size_t I = 0; I < E.Profile.metricNames().size(); ++I) {
    W.beginObject();
    W.member("name", E.Profile.metricNames()[I]);
    W.member("notation", notationName(E.Profile.metricNotation(I)));
    W.memberBool("additive", I < Extras.AdditiveMetrics.size() &&
                                 Extras.AdditiveMetrics[I]);
    W.endObject();
  }
  W.endArray();
  std::vector<size_t> RowNodes = writeCallTree(W, E);
  if (Extras.Threads)
    writeSpread(W, "thread_spread", *Extras.Threads, RowNodes);
  if (Extras.Ranks)
    writeSpread(W, "rank_spread", *Extras.Ranks, RowNodes);
  writeConfiguration(W, E);
  writeRegions(W, E);
  W.member("suggested_filter", Extras.SuggestedFilter);
  if (!Extras.BytesSent.empty() || !Extras.RankWallSeconds.empty())
    writeMpiJob(W, Extras);
  if (!Extras.Timeline.empty())
    writeTimeline(W, Extras);
  if (Extras.Waits)
    writeWaitStates(W, *Extras.Waits);
  if (!Extras.RooflineSvg.empty()) {
    // The picture of RooflineSvg.h, so that the report and `sextant export
    // --format=svg-roofline` draw it once; the regions for the reader.
    W.key("roofline");
    W.beginObject();
    W.key("regions");
    W.beginArray();
    for (const RooflinePoint &Point : Extras.Roofline) {
      W.beginArray();
      W.string(Point.Name);
      W.realNumber(Point.Intensity);
      W.realNumber(Point.FlopsPerSecond);
      W.endArray();
    }
    W.endArray();
    W.member("svg", Extras.RooflineSvg);
    W.endObject();
  }
  W.endObject();
  return Out;
}

} // namespace format
} // namespace sextant
