//===- test/unit/format/pictures/TimelineLanesTests.cpp -------------------===//
//
// Timeline downsampling.
//
// Part of Sextant. Visits at least one column long are kept exactly, short
// ones that begin in the same column merge (counting their visits), the
// number of spans stays bounded by the columns whatever the number of
// visits, open visits end at finish(), and counter tracks keep a bounded
// number of samples with the last one.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/TimelineLanes.h"

#include <catch2/catch.hpp>

#include <vector>

using namespace sextant::format;

TEST_CASE("long visits stay exact, short ones merge per column",
          "[TimelineLanes]") {
  TimelineLane Lane("main", 100); // columns of 100 ns
  Lane.enter(1, 0);               // main
  Lane.enter(2, 10);              // a short visit of 2 ...
  Lane.exit(20);
  Lane.enter(3, 30); // ... and one of 3 in the same column: merged
  Lane.exit(50);
  Lane.enter(2, 150); // a short one in the next column: a span of its own
  Lane.exit(160);
  Lane.enter(4, 200); // a long one: exact
  Lane.exit(400);
  Lane.exit(1000);
  Lane.enter(5, 1100); // open at the end
  Lane.finish();
  CHECK(Lane.visits() == 6);
  CHECK(Lane.firstTime() == 0);
  CHECK(Lane.lastTime() == 1100);
  std::vector<TimelineSpan> Spans = Lane.spans();
  REQUIRE(Spans.size() == 5);
  auto Find = [&](double Start) {
    for (const TimelineSpan &Span : Spans)
      if (Span.Start == Start)
        return Span;
    FAIL("no span at " << Start);
    return TimelineSpan();
  };
  TimelineSpan Merged = Find(10);
  CHECK(Merged.End == 50);
  CHECK(Merged.Visits == 2);
  CHECK(Merged.Name == 2);
  CHECK(Merged.Depth == 1);
  CHECK(Find(150).Visits == 1);
  CHECK(Find(200).End == 400);
  CHECK(Find(0).End == 1000);
  CHECK(Find(1100).End == 1100); // closed by finish()
}

TEST_CASE("the spans are bounded by the columns", "[TimelineLanes]") {
  // 1,000,000 visits of 3 ns, 2 ns apart, below a root, over 1,000 columns.
  TimelineLane Lane("worker", 5000);
  Lane.enter(1, 0);
  for (int I = 0; I < 1000000; ++I) {
    Lane.enter(2, 5.0 * I);
    Lane.exit(5.0 * I + 3);
  }
  Lane.exit(5e6);
  Lane.finish();
  CHECK(Lane.visits() == 1000001);
  CHECK(Lane.spans().size() <= 2 * 1000 + 1);
  uint64_t Visits = 0;
  for (const TimelineSpan &Span : Lane.spans())
    Visits += Span.Visits;
  CHECK(Visits == 1000001);
}

TEST_CASE("counter tracks keep a bounded number of samples",
          "[TimelineLanes]") {
  TimelineLane Lane("main", 1);
  std::vector<double> Times, Values;
  for (int I = 0; I < 10001; ++I) {
    Times.push_back(I);
    Values.push_back(2.0 * I);
  }
  Lane.addCounter("cpu-time", Times, Values);
  REQUIRE(Lane.counters().size() == 1);
  const TimelineCounter &Counter = Lane.counters()[0];
  CHECK(Counter.Times.size() <= TimelineSamples + 1);
  CHECK(Counter.Times.front() == 0);
  CHECK(Counter.Times.back() == 10000);
  CHECK(Counter.Values.back() == 20000);
}
