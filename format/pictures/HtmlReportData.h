//===- format/pictures/HtmlReportData.h - The HTML report's data ----------===//
//
// Part of Sextant. The JSON document the HTML report embeds and its script
// shows (`sextant report --html`): format "sextant-html-report", described
// in docs/output-formats.md ("The HTML report's data"). It is made from
// the shared profile model: the call tree as CallTreeView.h walks it (call
// paths deeper than MaxViewDepth folded into one row each), each name's
// colour from FrameColour.h (the SVG flame graph's), the run's
// configuration, the throttled and filtered regions, and what the tool
// reads or computes besides the experiment (HtmlReportExtras): the filter
// `sextant score -g` would write, the spread of each call path over
// threads and ranks (CallPathSpread.h), the ranks' wall times and the
// MPI job's traffic matrix, the roofline plot, the timeline of a traced
// run (TimelineLanes.h), a traced job's wait states (WaitStates.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_HTMLREPORTDATA_H
#define SEXTANT_FORMAT_PICTURES_HTMLREPORTDATA_H

#include "format/job/WaitStates.h"
#include "format/pictures/RooflineSvg.h"
#include "format/pictures/TimelineLanes.h"
#include "format/profile/CallPathSpread.h"
#include "format/reader/ExperimentReader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The format of the data and its version.
constexpr char HtmlReportDataFormat[] = "sextant-html-report";
constexpr uint64_t HtmlReportDataVersion = 2;

/// What the report shows besides the experiment as read.
struct HtmlReportExtras {
  /// Per metric of the profile: whether the flame graph offers it as a
  /// width (a measured metric that sums up along call paths).
  std::vector<bool> AdditiveMetrics;
  /// The text of `sextant score -g DIR`.
  std::string SuggestedFilter;
  /// The inclusive time's spread over the threads (profile-threads.json)
  /// and over the ranks of an MPI job (profile-ranks.json).
  std::optional<CallPathSpread> Threads;
  std::optional<CallPathSpread> Ranks;
  /// An MPI job's: every rank's wall time, and the point-to-point matrix
  /// (ranks x ranks, [i][j] what rank i sent to rank j) in bytes and in
  /// messages; empty otherwise.
  std::vector<double> RankWallSeconds;
  std::vector<std::vector<uint64_t>> BytesSent;
  std::vector<std::vector<uint64_t>> MessagesSent;
  /// When the profile has FLOP metrics: the regions on the roofline and
  /// the plot (RooflineSvg.h); empty otherwise.
  std::vector<RooflinePoint> Roofline;
  std::string RooflineSvg;
  /// A traced run's timeline: one lane per thread (and rank), the names
  /// its spans index; no lanes without a trace.
  std::vector<TimelineLane> Timeline;
  std::vector<std::string> TimelineNames;
  /// A traced MPI job's wait states (format/job/WaitStates.h).
  std::optional<WaitStates> Waits;
};

/// The JSON document of E's report.
std::string renderHtmlReportData(const Experiment &E,
                                 const HtmlReportExtras &Extras);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_HTMLREPORTDATA_H
