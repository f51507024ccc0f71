//===- format/pictures/MatrixSvg.cpp - A communication matrix as SVG ------===//
//
// Part of Sextant. The layout of the heat map: cells of a size that keeps
// the matrix within about 640 pixels (2 to 40 pixels a side), the rank
// labels thinned out so that they never overlap.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/MatrixSvg.h"
#include "format/pictures/SvgWriter.h"

#include <algorithm>
#include <cmath>

namespace sextant {
namespace format {

namespace {
constexpr double LeftPad = 80;
constexpr double TopPad = 70;
constexpr double Pad = 20;
constexpr double LegendHeight = 40;

/// The colour at T in [0, 1] between pale yellow and dark red.
std::string heatColour(double T) {
  const double From[3] = {255, 237, 160}, To[3] = {189, 0, 38};
  char Text[8];
  int Channel[3];
  for (int I = 0; I < 3; ++I)
    Channel[I] = static_cast<int>(std::lround(From[I] + (To[I] - From[I]) * T));
  std::snprintf(Text, sizeof(Text), "#%02x%02x%02x", Channel[0], Channel[1],
                Channel[2]);
  return Text;
}
} // namespace

std::string renderMatrixSvg(const std::vector<std::vector<uint64_t>> &Matrix,
                            const MatrixSvgOptions &Options) {
  const size_t Ranks = Matrix.size();
  const double Cell = std::clamp(
      640.0 / static_cast<double>(std::max<size_t>(1, Ranks)), 2.0, 40.0);
  const double Side = Cell * static_cast<double>(Ranks);
  const double Width = std::max(LeftPad + Side + Pad, 520.0);
  const double Height = TopPad + Side + LegendHeight + Pad;
  // Every Step-th rank is labelled: labels at least 14 pixels apart.
  const size_t Step = static_cast<size_t>(std::ceil(14.0 / Cell));

  uint64_t Max = 0;
  for (const std::vector<uint64_t> &Row : Matrix)
    for (uint64_t Value : Row)
      Max = std::max(Max, Value);

  SvgWriter Svg(Width, Height);
  Svg.open("rect")
      .attribute("width", Width)
      .attribute("height", Height)
      .attribute("fill", "#ffffff");
  Svg.close();
  auto Text = [&](double X, double Y, const char *Anchor, double Size,
                  const std::string &Content) {
    Svg.open("text")
        .attribute("x", X)
        .attribute("y", Y)
        .attribute("text-anchor", Anchor)
        .attribute("font-family", "sans-serif")
        .attribute("font-size", Size)
        .text(Content);
    Svg.close();
  };
  Text(Width / 2, 22, "middle", 16, Options.Title);
  Text(LeftPad + Side / 2, TopPad - 26, "middle", 11, "receiver (column)");
  Svg.open("text")
      .attribute("transform", "translate(" + svgNumber(16) + " " +
                                  svgNumber(TopPad + Side / 2) +
                                  ") rotate(-90)")
      .attribute("text-anchor", "middle")
      .attribute("font-family", "sans-serif")
      .attribute("font-size", 11.0)
      .text("sender (row)");
  Svg.close();
  for (size_t R = 0; R < Ranks; R += Step) {
    double Centre = static_cast<double>(R) * Cell + Cell / 2;
    Text(LeftPad + Centre, TopPad - 6, "middle", 10, std::to_string(R));
    Text(LeftPad - 6, TopPad + Centre + 3.5, "end", 10, std::to_string(R));
  }
  // The grid: pairs without traffic show its colour.
  Svg.open("rect")
      .attribute("class", "grid")
      .attribute("x", LeftPad)
      .attribute("y", TopPad)
      .attribute("width", Side)
      .attribute("height", Side)
      .attribute("fill", "#f4f4f4")
      .attribute("stroke", "#cccccc");
  Svg.close();

  const double LogMax = std::log1p(static_cast<double>(Max));
  for (size_t I = 0; I < Ranks; ++I) {
    for (size_t J = 0; J < Matrix[I].size() && J < Ranks; ++J) {
      uint64_t Value = Matrix[I][J];
      if (Value == 0)
        continue;
      double T =
          LogMax > 0 ? std::log1p(static_cast<double>(Value)) / LogMax : 1.0;
      Svg.open("rect")
          .attribute("class", "cell")
          .attribute("x", LeftPad + static_cast<double>(J) * Cell)
          .attribute("y", TopPad + static_cast<double>(I) * Cell)
          .attribute("width", Cell)
          .attribute("height", Cell)
          .attribute("fill", heatColour(T));
      Svg.textElement("title", "rank " + std::to_string(I) + " -> rank " +
                                   std::to_string(J) + ": " +
                                   std::to_string(Value) + " " + Options.Unit);
      Svg.close();
    }
  }

  // The legend: the scale from 1 to the largest value.
  const double LegendY = TopPad + Side + 16;
  const int Steps = 10;
  for (int S = 0; S < Steps; ++S) {
    Svg.open("rect")
        .attribute("x", LeftPad + S * 12.0)
        .attribute("y", LegendY)
        .attribute("width", 12.0)
        .attribute("height", 10.0)
        .attribute("fill", heatColour(static_cast<double>(S) / (Steps - 1)));
    Svg.close();
  }
  Text(LeftPad + Steps * 12.0 + 6, LegendY + 9, "start", 11,
       "1 to " + std::to_string(Max) + " " + Options.Unit +
           " (logarithmic); grey: none");
  return Svg.finish();
}

} // namespace format
} // namespace sextant
