//===- test/unit/format/pictures/RooflineSvgTests.cpp ---------------------===//
//
// The roofline as SVG.
//
// Part of Sextant. One point per placed region with its values and bound
// in the tooltip, the roof only with peaks, regions without an intensity
// named instead of drawn, names escaped, and the axes' decades.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/RooflineSvg.h"

#include "test/unit/support/TextSearch.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

using namespace sextant::format;
using sextant::test::countOf;

TEST_CASE("the roofline has one point per placed region", "[RooflineSvg]") {
  std::vector<RooflinePoint> Points = {{"kernel<int>", 8, 4e9},
                                       {"stream", 0.25, 3e9},
                                       {"copy", std::nan(""), 1e9}};
  RooflineSvgOptions Options;
  Options.PeakFlopsPerSecond = 1e10;
  Options.PeakBytesPerSecond = 2e10;
  Options.PeaksSource = "peaks of host";
  std::string Svg = renderRooflineSvg(Points, Options);
  CHECK(countOf(Svg, "<g class=\"point\">") == 2);
  CHECK(countOf(Svg, "<polyline class=\"roof\"") == 1);
  CHECK(Svg.find("<title>kernel&lt;int&gt;: 8.000 FLOP/byte, 4.00 GFLOP/s, "
                 "40.0% of the attainable 10.00 GFLOP/s, compute "
                 "bound</title>") != std::string::npos);
  // Below the ridge point (0.5): the memory roof, 0.25 x 20 GB/s.
  CHECK(Svg.find("<title>stream: 0.250 FLOP/byte, 3.00 GFLOP/s, 60.0% of "
                 "the attainable 5.00 GFLOP/s, memory bound</title>") !=
        std::string::npos);
  CHECK(Svg.find("not placed (no memory traffic counted): copy") !=
        std::string::npos);
  // Decades from 0.1 to 100 FLOP/byte and from 1 G to 100 G FLOP/s.
  CHECK(Svg.find(">0.1</text>") != std::string::npos);
  CHECK(Svg.find(">100</text>") != std::string::npos);
  CHECK(Svg.find(">1 G</text>") != std::string::npos);
  CHECK(Svg.find(">100 G</text>") != std::string::npos);
  CHECK(Svg.find("peaks of host") != std::string::npos);

  std::string Bare = renderRooflineSvg(Points);
  CHECK(countOf(Bare, "<g class=\"point\">") == 2);
  CHECK(countOf(Bare, "class=\"roof\"") == 0);
  CHECK(Bare.find("<title>stream: 0.250 FLOP/byte, 3.00 GFLOP/s</title>") !=
        std::string::npos);
  CHECK(Bare.find("no peaks file") != std::string::npos);

  std::string Empty = renderRooflineSvg({});
  CHECK(countOf(Empty, "<g class=\"point\">") == 0);
}

TEST_CASE("a profile without FLOP metrics has no roofline", "[RooflineSvg]") {
  CallPathProfile Profile;
  CHECK_FALSE(hasRooflineMetrics(Profile));
  CHECK(rooflinePoints(Profile, {}).empty());
  Profile.metricIndex("FLOP/s (inc)", MetricNotation::Ratio);
  CHECK_FALSE(hasRooflineMetrics(Profile));
  Profile.metricIndex("arithmetic intensity (inc)", MetricNotation::Ratio);
  CHECK(hasRooflineMetrics(Profile));
}
