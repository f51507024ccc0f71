//===- format/pictures/TimelineLanes.h - A trace downsampled for drawing --===//
//
// Part of Sextant. The timeline of the HTML report: one lane per thread
// (and rank) of a traced run, its region visits as spans (start, end, call
// depth, region name), downsampled while the trace is read so that a trace
// of any size gives a bounded number of spans. The time is cut into
// TimelineColumns columns of equal width (the resolution, from the run's
// wall time); a visit at least one column long is kept as it is; shorter
// visits at the same depth that begin in the same column merge into one
// span from the first start to the last end, which counts the visits it
// holds and is named after the first of them. A lane thus holds at most
// about two spans per column and depth, whatever the trace's length, and a
// span is still exact wherever one pixel of a drawing that shows the whole
// run at TimelineColumns pixels is wider than a visit.
//
// Counter tracks: the samples of a thread's metrics
// (trace/thread-<index>.metrics), at most TimelineSamples per metric
// (evenly picked from the samples).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_TIMELINELANES_H
#define SEXTANT_FORMAT_PICTURES_TIMELINELANES_H

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Columns of the whole run at which spans merge.
constexpr uint64_t TimelineColumns = 1 << 16;
/// Samples kept per metric of a counter track.
constexpr uint64_t TimelineSamples = 4096;

struct TimelineSpan {
  double Start = 0; ///< nanoseconds on the trace's common time base
  double End = 0;
  uint32_t Depth = 0;  ///< 0 for the outermost visits
  uint32_t Name = 0;   ///< the caller's index of the region's name
  uint64_t Visits = 1; ///< more than 1: short visits merged
};

/// One metric's samples: time (nanoseconds) and cumulative reading.
struct TimelineCounter {
  std::string Name;
  std::vector<double> Times;
  std::vector<double> Values;
};

/// One thread's lane, filled with the balanced enters and exits of its
/// trace (format/schema/TraceDecoder.h's EventReplayer).
class TimelineLane {
public:
  /// Resolution: the width of a column in nanoseconds (at least 1).
  TimelineLane(std::string Name, double Resolution);

  void enter(uint32_t Name, double Nanoseconds);
  void exit(double Nanoseconds);
  /// Ends the lane: open visits end at the last time seen, pending merged
  /// spans are kept.
  void finish();

  /// Adds a counter track, keeping at most TimelineSamples samples.
  void addCounter(const std::string &Name, const std::vector<double> &Times,
                  const std::vector<double> &Values);

  const std::string &name() const { return LaneName; }
  /// The spans, in the order they ended (finish() first).
  const std::vector<TimelineSpan> &spans() const { return Spans; }
  const std::vector<TimelineCounter> &counters() const { return Counters; }
  /// Visits seen, kept exactly or merged.
  uint64_t visits() const { return Visits; }
  /// The earliest and latest times seen (0 when none).
  double firstTime() const { return First; }
  double lastTime() const { return Last; }

private:
  void close(const TimelineSpan &Span);

  std::string LaneName;
  double Resolution;
  std::vector<TimelineSpan> Open; ///< the visits open, outermost first
  std::vector<TimelineSpan>
      Pending; ///< per depth: a merged span (Visits 0: none)
  std::vector<TimelineSpan> Spans;
  std::vector<TimelineCounter> Counters;
  uint64_t Visits = 0;
  double First = 0;
  double Last = 0;
  bool Seen = false;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_TIMELINELANES_H
