//===- test/unit/format/pictures/FlameGraphSvgTests.cpp -------------------===//
//
// Flame graph as SVG.
//
// Part of Sextant. Merging folded stacks into frames (values sum up to the
// root), the widths drawn, frames below the minimum width left out, names
// escaped in the document, and absurd values (1e308 seconds, sums past
// 2^64, an image 1e308 pixels wide) kept within the drawing area.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/FlameGraphSvg.h"
#include "format/pictures/FrameColour.h"
#include "format/profile/FoldedStacks.h"

#include "test/unit/support/TextSearch.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>
#include <vector>

using namespace sextant::format;
using sextant::test::countOf;

namespace {
/// The width attributes of the frames' rectangles, in document order.
std::vector<double> frameWidths(const std::string &Svg) {
  std::vector<double> Widths;
  for (size_t At = Svg.find("<g class=\"frame\">"); At != std::string::npos;
       At = Svg.find("<g class=\"frame\">", At + 1)) {
    size_t Width = Svg.find("width=\"", Svg.find("<rect", At)) + 7;
    Widths.push_back(std::strtod(Svg.c_str() + Width, nullptr));
  }
  return Widths;
}
} // namespace

TEST_CASE("folded stacks merge into frames whose values sum up",
          "[FlameGraphSvg]") {
  FlameGraph Graph;
  CHECK(Graph.addFoldedLine("main 150\n"));
  CHECK(Graph.addFoldedLine("main;solve 600"));
  CHECK(Graph.addFoldedLine("main;solve;kernel 250"));
  CHECK(Graph.addFoldedLine("worker;kernel 1000"));
  CHECK_FALSE(Graph.addFoldedLine("no value"));
  CHECK_FALSE(Graph.addFoldedLine("bad 12x"));
  const auto &Frames = Graph.frames();
  REQUIRE(Frames.size() == 6);
  CHECK(Graph.total() == 2000);
  // Every frame's value is its own plus its children's.
  for (const FlameGraph::Frame &F : Frames) {
    uint64_t Children = 0;
    for (const auto &Child : F.Children)
      Children += Frames[Child.second].Value;
    CHECK(Children <= F.Value);
  }
  CHECK(Frames[Frames[0].Children.at("main")].Value == 1000);
  CHECK(Frames[Frames[0].Children.at("worker")].Value == 1000);

  std::string Svg = renderFlameGraphSvg(Graph);
  CHECK(countOf(Svg, "<g class=\"frame\">") == 6);
  // The root spans the drawing area (1200 - 2 x 10); main and worker split
  // it; kernel under worker is as wide as worker.
  std::vector<double> Widths = frameWidths(Svg);
  REQUIRE(Widths.size() == 6);
  CHECK(Widths[0] == Approx(1180));
  CHECK(Widths[1] + Widths[4] == Approx(Widths[0]));
  CHECK(Widths[4] == Approx(Widths[5]));
  CHECK(Svg.find("<title>main;solve") == std::string::npos);
  CHECK(Svg.find("<title>solve (850 us, 42.50%)</title>") != std::string::npos);
  CHECK(Svg.find("fill=\"" + frameColour("kernel").hex() + "\"") !=
        std::string::npos);
}

TEST_CASE("frames narrower than the minimum width are left out",
          "[FlameGraphSvg]") {
  FlameGraph Graph;
  Graph.addStack("main", 1000000);
  // 1 of 1,000,001 is 0.0012 pixels: left out with the frame above it.
  Graph.addStack("main;tiny", 1);
  Graph.addStack("main;tiny;tinier", 0);
  // 100 is 0.118 pixels: drawn.
  Graph.addStack("main;small", 100);
  std::string Svg = renderFlameGraphSvg(Graph);
  CHECK(countOf(Svg, "<g class=\"frame\">") == 3);
  CHECK(Svg.find("tiny") == std::string::npos);
  FlameGraphOptions Coarse;
  Coarse.MinWidth = 1;
  CHECK(countOf(renderFlameGraphSvg(Graph, Coarse), "<g class=\"frame\">") ==
        2);
}

TEST_CASE("frame names are escaped and cut to their frame", "[FlameGraphSvg]") {
  FlameGraph Graph;
  Graph.addStack("operator<<(std::ostream&, \"x\")", 10);
  Graph.addStack("a_very_long_name_that_does_not_fit_into_a_narrow_frame", 1);
  FlameGraphOptions Options;
  Options.Title = "<b>";
  std::string Svg = renderFlameGraphSvg(Graph, Options);
  CHECK(Svg.find("operator&lt;&lt;(std::ostream&amp;, &quot;x&quot;)") !=
        std::string::npos);
  CHECK(Svg.find("<b>") == std::string::npos);
  CHECK(Svg.find("&lt;b&gt;") != std::string::npos);
  // 107 pixels wide: the name is cut and ends in "..".
  CHECK(Svg.find(">a_very_long_name") != std::string::npos);
  CHECK(Svg.find("frame</text>") == std::string::npos);
  CHECK(Svg.find("..</text>") != std::string::npos);
}

TEST_CASE("absurd values keep every frame within the drawing area",
          "[FlameGraphSvg]") {
  // Two call paths of 1e308 seconds (a hand-edited profile.json): their
  // microseconds do not fit 64 bits, nor does their sum.
  CallPathProfile Profile;
  CallPathNode Main;
  Main.RegionId = 1;
  Main.Name = "main";
  Main.Visits = 1;
  Main.InclusiveSeconds = Main.ExclusiveSeconds = 1e308;
  size_t Root = Profile.addNode(CallPathProfile::NoParent, Main);
  CallPathNode Solve = Main;
  Solve.RegionId = 2;
  Solve.Name = "solve_with_a_long_name";
  Profile.addNode(Root, Solve);
  FlameGraph Graph;
  writeFoldedStacks(Profile, FoldedMetric::ExclusiveMicroseconds,
                    [&](const std::string &Line) {
                      CHECK(Graph.addFoldedLine(Line));
                      return true;
                    });
  // The values saturate at 2^64 - 1 instead of wrapping around.
  CHECK(Graph.total() == UINT64_MAX);
  const auto &Frames = Graph.frames();
  for (const FlameGraph::Frame &F : Frames)
    CHECK(F.Value <= Graph.total());
  std::string Svg = renderFlameGraphSvg(Graph);
  std::vector<double> Widths = frameWidths(Svg);
  REQUIRE(Widths.size() == 3);
  for (double Width : Widths)
    CHECK(Width <= Approx(1180));
  CHECK(Svg.find(">solve_with_a_long_name</text>") != std::string::npos);

  // A folded line whose value does not fit 64 bits is not taken; sums of
  // values that do saturate.
  FlameGraph Huge;
  CHECK_FALSE(Huge.addFoldedLine("main 18446744073709551616"));
  CHECK(Huge.total() == 0);
  CHECK(Huge.addFoldedLine("main;a 18446744073709551615"));
  Huge.addStack("main;b", uint64_t(1) << 63);
  CHECK(Huge.total() == UINT64_MAX);
  for (double Width : frameWidths(renderFlameGraphSvg(Huge)))
    CHECK(Width <= Approx(1180));

  // An image wider than any label needs: the label's length is clamped.
  FlameGraphOptions Wide;
  Wide.ImageWidth = 1e308;
  CHECK(renderFlameGraphSvg(Huge, Wide).find(">main</text>") !=
        std::string::npos);
}
