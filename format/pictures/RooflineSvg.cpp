//===- format/pictures/RooflineSvg.cpp - The roofline as SVG --------------===//
//
// Part of Sextant. Both axes are logarithmic and span whole decades around
// the points and the ridge point; the roof is one polyline clipped to the
// plot.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/RooflineSvg.h"
#include "format/profile/FlatProfile.h"
#include "format/schema/JsonWriter.h"
#include "format/pictures/SvgWriter.h"

#include <algorithm>
#include <cmath>

namespace sextant {
namespace format {

namespace {

constexpr double Width = 760;
constexpr double Left = 90, Right = 40, Top = 50, PlotHeight = 400;
constexpr double PlotWidth = Width - Left - Right;
constexpr char FlopsMetric[] = "FLOP/s (inc)";
constexpr char IntensityMetric[] = "arithmetic intensity (inc)";

/// Value with an SI prefix and Unit, two decimals: "2.95 GFLOP/s", as
/// `sextant roofline` writes them.
std::string withPrefix(double Value, const std::string &Unit) {
  static const char *const Prefixes[] = {"", "K", "M", "G", "T", "P", "E"};
  size_t Step = 0;
  while (std::fabs(Value) >= 1000 && Step + 1 < std::size(Prefixes)) {
    Value /= 1000;
    ++Step;
  }
  return formatFixed(Value, 2) + " " + Prefixes[Step] + Unit;
}

/// 10^Exponent as a short decimal: "0.01", "1", "1000".
std::string decade(int Exponent) {
  if (Exponent >= 0)
    return "1" + std::string(static_cast<size_t>(Exponent), '0');
  return "0." + std::string(static_cast<size_t>(-Exponent - 1), '0') + "1";
}

/// 10^Exponent with an SI prefix: "1", "100 K", "10 G".
std::string decadeWithPrefix(int Exponent) {
  static const char *const Prefixes[] = {"",   " K", " M", " G",
                                         " T", " P", " E"};
  if (Exponent < 0)
    return decade(Exponent);
  int Step = std::min(Exponent / 3, 6);
  return decade(Exponent - 3 * Step) + Prefixes[Step];
}

/// The decades [Low, High] (exponents) that hold every value of Values.
void decadesAround(const std::vector<double> &Values, int &Low, int &High) {
  double Min = HUGE_VAL, Max = 0;
  for (double Value : Values) {
    if (!(Value > 0) || !std::isfinite(Value))
      continue;
    Min = std::min(Min, Value);
    Max = std::max(Max, Value);
  }
  if (Max == 0) {
    Low = 0;
    High = 1;
    return;
  }
  Low = static_cast<int>(std::floor(std::log10(Min / 1.5)));
  High = static_cast<int>(std::ceil(std::log10(Max * 1.5)));
  if (High <= Low)
    High = Low + 1;
}

} // namespace

bool hasRooflineMetrics(const CallPathProfile &Profile) {
  return Profile.findMetric(FlopsMetric) != CallPathProfile::NoMetric &&
         Profile.findMetric(IntensityMetric) != CallPathProfile::NoMetric;
}

std::vector<RooflinePoint>
rooflinePoints(const CallPathProfile &Profile,
               const std::vector<std::string> &MaximumMetrics) {
  std::vector<RooflinePoint> Points;
  size_t Flops = Profile.findMetric(FlopsMetric);
  if (Flops == CallPathProfile::NoMetric)
    return Points;
  size_t Intensity = Profile.findMetric(IntensityMetric);
  for (const FlatRegion &Region : flatProfile(Profile, MaximumMetrics)) {
    double Rate = Region.metric(Flops);
    if (std::isnan(Rate) || !(Rate > 0))
      continue;
    double AI = Intensity == CallPathProfile::NoMetric
                    ? std::nan("")
                    : Region.metric(Intensity);
    Points.push_back({Region.Name, AI, Rate});
  }
  std::stable_sort(Points.begin(), Points.end(),
                   [](const RooflinePoint &A, const RooflinePoint &B) {
                     return A.FlopsPerSecond > B.FlopsPerSecond;
                   });
  return Points;
}

std::string renderRooflineSvg(const std::vector<RooflinePoint> &Points,
                              const RooflineSvgOptions &Options) {
  const double PeakFlops = Options.PeakFlopsPerSecond;
  const double PeakBytes = Options.PeakBytesPerSecond;
  const bool Roof = PeakFlops > 0 && PeakBytes > 0;
  const double Ridge = Roof ? PeakFlops / PeakBytes : 0;
  std::vector<double> Xs, Ys;
  std::vector<std::string> Unplaced;
  for (const RooflinePoint &Point : Points) {
    if (std::isnan(Point.Intensity) || !(Point.Intensity > 0)) {
      Unplaced.push_back(Point.Name);
      continue;
    }
    Xs.push_back(Point.Intensity);
    Ys.push_back(Point.FlopsPerSecond);
  }
  if (Roof) {
    Xs.push_back(Ridge);
    Ys.push_back(PeakFlops);
  }
  int XLow, XHigh, YLow, YHigh;
  decadesAround(Xs, XLow, XHigh);
  decadesAround(Ys, YLow, YHigh);
  auto X = [&](double Value) {
    return Left + (std::log10(Value) - XLow) / (XHigh - XLow) * PlotWidth;
  };
  auto Y = [&](double Value) {
    return Top + PlotHeight -
           (std::log10(Value) - YLow) / (YHigh - YLow) * PlotHeight;
  };

  const double Height = Top + PlotHeight + 86 + (Unplaced.empty() ? 0 : 16);
  SvgWriter Svg(Width, Height);
  // Everything on white, in one font: the texts set only what differs.
  Svg.open("g")
      .attribute("font-family", "sans-serif")
      .attribute("font-size", 11.0);
  Svg.open("rect")
      .attribute("width", Width)
      .attribute("height", Height)
      .attribute("fill", "#ffffff");
  Svg.close();
  auto Text = [&](double TX, double TY, const char *Anchor,
                  const std::string &Content, double Size = 11) {
    Svg.open("text").attribute("x", TX).attribute("y", TY);
    Svg.attribute("text-anchor", Anchor);
    if (Size != 11)
      Svg.attribute("font-size", Size);
    Svg.text(Content);
    Svg.close();
  };
  auto Line = [&](double X1, double Y1, double X2, double Y2,
                  const char *Colour) {
    Svg.open("line")
        .attribute("x1", X1)
        .attribute("y1", Y1)
        .attribute("x2", X2)
        .attribute("y2", Y2)
        .attribute("stroke", Colour);
    Svg.close();
  };
  Text(Width / 2, 24, "middle", Options.Title, 16);

  // The grid: one line per decade.
  for (int E = XLow; E <= XHigh; ++E) {
    double GX = X(std::pow(10.0, E));
    Line(GX, Top, GX, Top + PlotHeight, "#e4e4e4");
    Text(GX, Top + PlotHeight + 16, "middle", decade(E));
  }
  for (int E = YLow; E <= YHigh; ++E) {
    double GY = Y(std::pow(10.0, E));
    Line(Left, GY, Left + PlotWidth, GY, "#e4e4e4");
    Text(Left - 6, GY + 4, "end", decadeWithPrefix(E));
  }
  Svg.open("rect")
      .attribute("x", Left)
      .attribute("y", Top)
      .attribute("width", PlotWidth)
      .attribute("height", PlotHeight)
      .attribute("fill", "none")
      .attribute("stroke", "#888888");
  Svg.close();
  Text(Left + PlotWidth / 2, Top + PlotHeight + 36, "middle",
       "arithmetic intensity (FLOP/byte)", 12);
  Svg.open("text")
      .attribute("transform", "translate(" + svgNumber(18) + " " +
                                  svgNumber(Top + PlotHeight / 2) +
                                  ") rotate(-90)")
      .attribute("text-anchor", "middle")
      .attribute("font-size", 12.0)
      .text("FLOP/s");
  Svg.close();

  double CaptionY = Top + PlotHeight + 58;
  if (Roof) {
    // Memory roof from where it enters the plot to the ridge point, then
    // the compute roof.
    double XMin = std::pow(10.0, XLow), XMax = std::pow(10.0, XHigh);
    double YMin = std::pow(10.0, YLow);
    double Start = std::max(XMin, YMin / PeakBytes);
    std::string Path =
        svgNumber(X(Start)) + "," + svgNumber(Y(Start * PeakBytes));
    Path += " " + svgNumber(X(Ridge)) + "," + svgNumber(Y(PeakFlops));
    Path += " " + svgNumber(X(XMax)) + "," + svgNumber(Y(PeakFlops));
    Svg.open("polyline")
        .attribute("class", "roof")
        .attribute("points", Path)
        .attribute("fill", "none")
        .attribute("stroke", "#333333")
        .attribute("stroke-width", 2.0);
    Svg.textElement(
        "title", "peak " + withPrefix(PeakFlops, "FLOP/s") +
                     ", peak bandwidth " + withPrefix(PeakBytes, "B/s") +
                     ", ridge point " + formatFixed(Ridge, 3) + " FLOP/byte");
    Svg.close();
    Text(X(XMax) - 4, Y(PeakFlops) - 6, "end",
         "peak " + withPrefix(PeakFlops, "FLOP/s"));
    Text(Left + PlotWidth / 2, CaptionY, "middle",
         "roofs: " + withPrefix(PeakBytes, "B/s") + " x intensity, " +
             withPrefix(PeakFlops, "FLOP/s") + "; ridge point " +
             formatFixed(Ridge, 3) +
             " FLOP/byte; blue: memory bound, orange: compute bound");
    if (!Options.PeaksSource.empty())
      Text(Left + PlotWidth / 2, CaptionY + 16, "middle", Options.PeaksSource);
  } else {
    Text(Left + PlotWidth / 2, CaptionY, "middle",
         "no peaks file: the ceilings are not drawn (sextant roofline "
         "--measure-peaks)");
  }

  for (const RooflinePoint &Point : Points) {
    if (std::isnan(Point.Intensity) || !(Point.Intensity > 0))
      continue;
    std::string Tip = Point.Name + ": " + formatFixed(Point.Intensity, 3) +
                      " FLOP/byte, " +
                      withPrefix(Point.FlopsPerSecond, "FLOP/s");
    const char *Colour = "#4a7fb5";
    if (Roof) {
      double Attainable = std::min(PeakFlops, Point.Intensity * PeakBytes);
      bool Memory = Point.Intensity < Ridge;
      Tip += ", " + formatFixed(100.0 * Point.FlopsPerSecond / Attainable, 1) +
             "% of the attainable " + withPrefix(Attainable, "FLOP/s") +
             (Memory ? ", memory bound" : ", compute bound");
      Colour = Memory ? "#4a7fb5" : "#e08a1e";
    }
    double PX = X(Point.Intensity), PY = Y(Point.FlopsPerSecond);
    Svg.open("g").attribute("class", "point");
    Svg.textElement("title", Tip);
    Svg.open("circle")
        .attribute("cx", PX)
        .attribute("cy", PY)
        .attribute("r", 5.0)
        .attribute("fill", Colour)
        .attribute("stroke", "#222222");
    Svg.close();
    Text(PX + 8, PY + 4, "start",
         Point.Name.size() > 40 ? Point.Name.substr(0, 38) + ".." : Point.Name);
    Svg.close();
  }
  if (!Unplaced.empty()) {
    std::string Names;
    for (const std::string &Name : Unplaced)
      Names += (Names.empty() ? "" : ", ") + Name;
    Text(Left + PlotWidth / 2, CaptionY + 32, "middle",
         "not placed (no memory traffic counted): " + Names);
  }
  return Svg.finish();
}

} // namespace format
} // namespace sextant
