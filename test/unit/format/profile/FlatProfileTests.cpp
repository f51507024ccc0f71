//===- test/unit/format/profile/FlatProfileTests.cpp - The flat view ------===//
//
// Part of Sextant. Regions summed over their call paths, recursion counted
// once, the order of summary.txt, and metrics: summed, maxima, derived.
//
//===----------------------------------------------------------------------===//

#include "format/profile/FlatProfile.h"

#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using namespace sextant::test;

TEST_CASE("the flat profile sums each region over its call paths",
          "[FlatProfile]") {
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 100, 20);
  addPath(Profile, {1, 2}, 3, 50, 30);
  addPath(Profile, {1, 2, 3}, 6, 20, 20);
  addPath(Profile, {1, 3}, 2, 30, 30);
  std::vector<FlatRegion> Flat = flatProfile(Profile);
  sortByExclusiveTime(Flat);
  REQUIRE(Flat.size() == 3);
  // Sorted by exclusive time: 3 (50), 2 (30), 1 (20).
  CHECK(Flat[0].RegionId == 3u);
  CHECK(Flat[0].ExclusiveSeconds == 50);
  CHECK(Flat[0].InclusiveSeconds == 50);
  CHECK(Flat[0].Visits == 8);
  CHECK(Flat[1].RegionId == 2u);
  CHECK(Flat[1].InclusiveSeconds == 50);
  CHECK(Flat[2].RegionId == 1u);
  CHECK(Flat[2].InclusiveSeconds == 100);
}

TEST_CASE("recursive calls are not counted twice in inclusive time",
          "[FlatProfile]") {
  CallPathProfile Profile;
  addPath(Profile, {1}, 1, 100, 10);
  addPath(Profile, {1, 5}, 1, 90, 10);
  addPath(Profile, {1, 5, 5}, 1, 80, 10);
  addPath(Profile, {1, 5, 5, 6}, 1, 70, 20);
  addPath(Profile, {1, 5, 5, 6, 5}, 1, 50, 50);
  std::vector<FlatRegion> Flat = flatProfile(Profile);
  sortByExclusiveTime(Flat);
  REQUIRE(Flat.size() == 3);
  CHECK(Flat[0].RegionId == 5u);
  CHECK(Flat[0].ExclusiveSeconds == 70);
  CHECK(Flat[0].InclusiveSeconds == 90); // only the outermost activation
  CHECK(Flat[0].Visits == 3);
  CHECK(Flat[1].RegionId == 6u);
  CHECK(Flat[1].InclusiveSeconds == 70);
}

TEST_CASE("ties in the flat profile are ordered by region id",
          "[FlatProfile]") {
  CallPathProfile Profile;
  addPath(Profile, {4}, 1, 5, 5);
  addPath(Profile, {2}, 1, 5, 5);
  addPath(Profile, {3}, 1, 5, 5);
  std::vector<FlatRegion> Flat = flatProfile(Profile);
  // Unsorted: the order of first appearance.
  REQUIRE(Flat.size() == 3);
  CHECK(Flat[0].RegionId == 4u);
  sortByExclusiveTime(Flat);
  CHECK(Flat[0].RegionId == 2u);
  CHECK(Flat[1].RegionId == 3u);
  CHECK(Flat[2].RegionId == 4u);
}

TEST_CASE("metrics are summed, maxima kept, derived ones computed again",
          "[FlatProfile]") {
  CallPathProfile Profile;
  size_t InsInc = Profile.metricIndex("PAPI_TOT_INS (inc)");
  size_t Ins = Profile.metricIndex("PAPI_TOT_INS");
  size_t CycInc = Profile.metricIndex("PAPI_TOT_CYC (inc)");
  size_t Cyc = Profile.metricIndex("PAPI_TOT_CYC");
  size_t Peak = Profile.metricIndex("peak-rss");
  size_t Ipc = Profile.metricIndex("IPC", MetricNotation::Ratio);
  auto WithMetrics = [&](size_t Node, std::vector<double> Values) {
    // Values in the order of the indices above.
    CallPathProfile Copy;
    for (size_t I = 0; I < Profile.size(); ++I) {
      CallPathNode Record = Profile.node(I);
      if (I == Node)
        Record.Metrics = Values;
      Copy.addNode(Record.Parent, Record);
    }
    for (const std::string &Name : Profile.metricNames())
      Copy.metricIndex(Name);
    Profile = std::move(Copy);
  };
  addPath(Profile, {1}, 1, 10, 4);
  addPath(Profile, {1, 2}, 1, 6, 6);
  addPath(Profile, {2}, 1, 2, 2);
  WithMetrics(0, {500, 200, 200, 100, 7, 2.0});
  WithMetrics(1, {300, 300, 100, 100, 3, 3.0});
  WithMetrics(2, {100, 100, 100, 100, 9, 1.0});
  std::vector<FlatRegion> Flat = flatProfile(Profile, {"peak-rss"});
  REQUIRE(Flat.size() == 2);
  const FlatRegion &Two = Flat[1];
  CHECK(Two.RegionId == 2u);
  CHECK(Two.metric(InsInc) == 400);
  CHECK(Two.metric(Ins) == 400);
  CHECK(Two.metric(CycInc) == 200);
  CHECK(Two.metric(Cyc) == 200);
  CHECK(Two.metric(Peak) == 9);          // the maximum, not 12
  CHECK(Two.metric(Ipc) == Approx(2.0)); // 400 / 200, not 3 + 1
  CHECK(std::isnan(Two.metric(99)));
}
