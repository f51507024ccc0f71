//===- format/pictures/TimelineLanes.cpp ----------------------------------===//
//
// A trace downsampled for drawing.
//
// Part of Sextant. Each depth has at most one merged span pending: a short
// visit that begins in its column joins it, anything else at that depth
// ends it.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/TimelineLanes.h"

#include <algorithm>
#include <cmath>

namespace sextant {
namespace format {

TimelineLane::TimelineLane(std::string Name, double Resolution)
    : LaneName(std::move(Name)), Resolution(std::max(1.0, Resolution)) {}

void TimelineLane::enter(uint32_t Name, double Nanoseconds) {
  if (!Seen) {
    First = Nanoseconds;
    Seen = true;
  }
  Last = std::max(Last, Nanoseconds);
  TimelineSpan Span;
  Span.Start = Nanoseconds;
  Span.Depth = static_cast<uint32_t>(Open.size());
  Span.Name = Name;
  Open.push_back(Span);
}

void TimelineLane::exit(double Nanoseconds) {
  if (Open.empty())
    return;
  Last = std::max(Last, Nanoseconds);
  TimelineSpan Span = Open.back();
  Open.pop_back();
  Span.End = std::max(Span.Start, Nanoseconds);
  close(Span);
}

void TimelineLane::close(const TimelineSpan &Span) {
  ++Visits;
  if (Pending.size() <= Span.Depth)
    Pending.resize(Span.Depth + 1, TimelineSpan{0, 0, 0, 0, 0});
  TimelineSpan &Merged = Pending[Span.Depth];
  bool Short = Span.End - Span.Start < Resolution;
  if (Short && Merged.Visits > 0 &&
      std::floor(Span.Start / Resolution) ==
          std::floor(Merged.Start / Resolution)) {
    Merged.End = std::max(Merged.End, Span.End);
    ++Merged.Visits;
    return;
  }
  if (Merged.Visits > 0)
    Spans.push_back(Merged);
  Merged.Visits = 0;
  if (Short)
    Merged = Span;
  else
    Spans.push_back(Span);
}

void TimelineLane::finish() {
  while (!Open.empty())
    exit(Last);
  for (TimelineSpan &Merged : Pending)
    if (Merged.Visits > 0)
      Spans.push_back(Merged);
  Pending.clear();
}

void TimelineLane::addCounter(const std::string &Name,
                              const std::vector<double> &Times,
                              const std::vector<double> &Values) {
  TimelineCounter Counter;
  Counter.Name = Name;
  size_t Count = std::min(Times.size(), Values.size());
  size_t Stride =
      std::max<size_t>(1, (Count + TimelineSamples - 1) / TimelineSamples);
  for (size_t I = 0; I < Count; I += Stride) {
    Counter.Times.push_back(Times[I]);
    Counter.Values.push_back(Values[I]);
  }
  // The last sample always, so that the track reaches the end.
  if (Count > 0 && (Count - 1) % Stride != 0) {
    Counter.Times.push_back(Times[Count - 1]);
    Counter.Values.push_back(Values[Count - 1]);
  }
  Counters.push_back(std::move(Counter));
}

} // namespace format
} // namespace sextant
