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
  // log10 of the margin added, not of Max * 1.5 (infinite near DBL_MAX):
  // the exponents stay within [-325, 309].
  Low = static_cast<int>(std::floor(std::log10(Min) - std::log10(1.5)));
  High = static_cast<int>(std::ceil(std::log10(Max) + std::log10(1.5)));
  if (High <= Low)
    High = Low + 1;
}

/// Whether Point can be drawn: it has a positive arithmetic intensity.
bool isPlaceable(const RooflinePoint &Point) {
  return !std::isnan(Point.Intensity) && Point.Intensity > 0;
}

/// The machine's two ceilings; Present when both peaks are known.
struct RooflineCeilings {
  double PeakFlops = 0;
  double PeakBytes = 0;
  bool Present = false;
  double Ridge = 0; ///< the intensity where the roofs meet

  explicit RooflineCeilings(const RooflineSvgOptions &Options)
      : PeakFlops(Options.PeakFlopsPerSecond),
        PeakBytes(Options.PeakBytesPerSecond),
        Present(PeakFlops > 0 && PeakBytes > 0),
        Ridge(Present ? PeakFlops / PeakBytes : 0) {}
};

/// The two logarithmic axes: the whole decades around the placeable points
/// and the ridge point, mapped onto the plot.
struct RooflineAxes {
  int XLow = 0, XHigh = 0, YLow = 0, YHigh = 0;

  RooflineAxes(const std::vector<RooflinePoint> &Points,
               const RooflineCeilings &Ceilings) {
    std::vector<double> Xs, Ys;
    for (const RooflinePoint &Point : Points) {
      if (!isPlaceable(Point))
        continue;
      Xs.push_back(Point.Intensity);
      Ys.push_back(Point.FlopsPerSecond);
    }
    if (Ceilings.Present) {
      Xs.push_back(Ceilings.Ridge);
      Ys.push_back(Ceilings.PeakFlops);
    }
    decadesAround(Xs, XLow, XHigh);
    decadesAround(Ys, YLow, YHigh);
  }

  double x(double Value) const {
    return Left + (std::log10(Value) - XLow) / (XHigh - XLow) * PlotWidth;
  }
  double y(double Value) const {
    return Top + PlotHeight -
           (std::log10(Value) - YLow) / (YHigh - YLow) * PlotHeight;
  }
};

/// The SVG writer with the two shapes the plot is mostly made of; every
/// element inherits the font and size of the group around the plot.
class RooflineCanvas {
public:
  explicit RooflineCanvas(double Height) : Svg(Width, Height) {}

  SvgWriter &svg() { return Svg; }

  void text(double TX, double TY, const char *Anchor,
            const std::string &Content, double Size = 11) {
    Svg.open("text").attribute("x", TX).attribute("y", TY);
    Svg.attribute("text-anchor", Anchor);
    if (Size != 11)
      Svg.attribute("font-size", Size);
    Svg.text(Content);
    Svg.close();
  }

  void line(double X1, double Y1, double X2, double Y2, const char *Colour) {
    Svg.open("line")
        .attribute("x1", X1)
        .attribute("y1", Y1)
        .attribute("x2", X2)
        .attribute("y2", Y2)
        .attribute("stroke", Colour);
    Svg.close();
  }

private:
  SvgWriter Svg;
};

/// The grid: one line and one label per decade on each axis.
void drawGrid(RooflineCanvas &Canvas, const RooflineAxes &Axes) {
  for (int E = Axes.XLow; E <= Axes.XHigh; ++E) {
    double GX = Axes.x(std::pow(10.0, E));
    Canvas.line(GX, Top, GX, Top + PlotHeight, "#e4e4e4");
    Canvas.text(GX, Top + PlotHeight + 16, "middle", decade(E));
  }
  for (int E = Axes.YLow; E <= Axes.YHigh; ++E) {
    double GY = Axes.y(std::pow(10.0, E));
    Canvas.line(Left, GY, Left + PlotWidth, GY, "#e4e4e4");
    Canvas.text(Left - 6, GY + 4, "end", decadeWithPrefix(E));
  }
}

/// The plot's border and the two axis titles.
void drawFrame(RooflineCanvas &Canvas) {
  SvgWriter &Svg = Canvas.svg();
  Svg.open("rect")
      .attribute("x", Left)
      .attribute("y", Top)
      .attribute("width", PlotWidth)
      .attribute("height", PlotHeight)
      .attribute("fill", "none")
      .attribute("stroke", "#888888");
  Svg.close();
  Canvas.text(Left + PlotWidth / 2, Top + PlotHeight + 36, "middle",
              "arithmetic intensity (FLOP/byte)", 12);
  Svg.open("text")
      .attribute("transform", "translate(" + svgNumber(18) + " " +
                                  svgNumber(Top + PlotHeight / 2) +
                                  ") rotate(-90)")
      .attribute("text-anchor", "middle")
      .attribute("font-size", 12.0)
      .text("FLOP/s");
  Svg.close();
}

/// The memory roof from where it enters the plot to the ridge point, then
/// the compute roof, with their captions below the plot from CaptionY on.
void drawRoofs(RooflineCanvas &Canvas, const RooflineAxes &Axes,
               const RooflineCeilings &Ceilings, const std::string &PeaksSource,
               double CaptionY) {
  double XMin = std::pow(10.0, Axes.XLow), XMax = std::pow(10.0, Axes.XHigh);
  double YMin = std::pow(10.0, Axes.YLow);
  double Start = std::max(XMin, YMin / Ceilings.PeakBytes);
  std::string Path = svgNumber(Axes.x(Start)) + "," +
                     svgNumber(Axes.y(Start * Ceilings.PeakBytes));
  Path += " " + svgNumber(Axes.x(Ceilings.Ridge)) + "," +
          svgNumber(Axes.y(Ceilings.PeakFlops));
  Path += " " + svgNumber(Axes.x(XMax)) + "," +
          svgNumber(Axes.y(Ceilings.PeakFlops));
  SvgWriter &Svg = Canvas.svg();
  Svg.open("polyline")
      .attribute("class", "roof")
      .attribute("points", Path)
      .attribute("fill", "none")
      .attribute("stroke", "#333333")
      .attribute("stroke-width", 2.0);
  Svg.textElement("title", "peak " + withPrefix(Ceilings.PeakFlops, "FLOP/s") +
                               ", peak bandwidth " +
                               withPrefix(Ceilings.PeakBytes, "B/s") +
                               ", ridge point " +
                               formatFixed(Ceilings.Ridge, 3) + " FLOP/byte");
  Svg.close();
  Canvas.text(Axes.x(XMax) - 4, Axes.y(Ceilings.PeakFlops) - 6, "end",
              "peak " + withPrefix(Ceilings.PeakFlops, "FLOP/s"));
  Canvas.text(Left + PlotWidth / 2, CaptionY, "middle",
              "roofs: " + withPrefix(Ceilings.PeakBytes, "B/s") +
                  " x intensity, " + withPrefix(Ceilings.PeakFlops, "FLOP/s") +
                  "; ridge point " + formatFixed(Ceilings.Ridge, 3) +
                  " FLOP/byte; blue: memory bound, orange: compute bound");
  if (!PeaksSource.empty())
    Canvas.text(Left + PlotWidth / 2, CaptionY + 16, "middle", PeaksSource);
}

/// One placeable point as a <g class="point">: its circle, coloured by the
/// ceiling that bounds it, its name and its tooltip.
void drawPoint(RooflineCanvas &Canvas, const RooflineAxes &Axes,
               const RooflineCeilings &Ceilings, const RooflinePoint &Point) {
  std::string Tip = Point.Name + ": " + formatFixed(Point.Intensity, 3) +
                    " FLOP/byte, " + withPrefix(Point.FlopsPerSecond, "FLOP/s");
  const char *Colour = "#4a7fb5";
  if (Ceilings.Present) {
    double Attainable =
        std::min(Ceilings.PeakFlops, Point.Intensity * Ceilings.PeakBytes);
    bool Memory = Point.Intensity < Ceilings.Ridge;
    Tip += ", " + formatFixed(100.0 * Point.FlopsPerSecond / Attainable, 1) +
           "% of the attainable " + withPrefix(Attainable, "FLOP/s") +
           (Memory ? ", memory bound" : ", compute bound");
    Colour = Memory ? "#4a7fb5" : "#e08a1e";
  }
  double PX = Axes.x(Point.Intensity), PY = Axes.y(Point.FlopsPerSecond);
  SvgWriter &Svg = Canvas.svg();
  Svg.open("g").attribute("class", "point");
  Svg.textElement("title", Tip);
  Svg.open("circle")
      .attribute("cx", PX)
      .attribute("cy", PY)
      .attribute("r", 5.0)
      .attribute("fill", Colour)
      .attribute("stroke", "#222222");
  Svg.close();
  Canvas.text(PX + 8, PY + 4, "start",
              Point.Name.size() > 40 ? Point.Name.substr(0, 38) + ".."
                                     : Point.Name);
  Svg.close();
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
  const RooflineCeilings Ceilings(Options);
  const RooflineAxes Axes(Points, Ceilings);
  std::vector<std::string> Unplaced;
  for (const RooflinePoint &Point : Points)
    if (!isPlaceable(Point))
      Unplaced.push_back(Point.Name);

  const double Height = Top + PlotHeight + 86 + (Unplaced.empty() ? 0 : 16);
  RooflineCanvas Canvas(Height);
  SvgWriter &Svg = Canvas.svg();
  // Everything on white, in one font: the texts set only what differs.
  Svg.open("g")
      .attribute("font-family", "sans-serif")
      .attribute("font-size", 11.0);
  Svg.open("rect")
      .attribute("width", Width)
      .attribute("height", Height)
      .attribute("fill", "#ffffff");
  Svg.close();
  Canvas.text(Width / 2, 24, "middle", Options.Title, 16);
  drawGrid(Canvas, Axes);
  drawFrame(Canvas);

  double CaptionY = Top + PlotHeight + 58;
  if (Ceilings.Present)
    drawRoofs(Canvas, Axes, Ceilings, Options.PeaksSource, CaptionY);
  else
    Canvas.text(Left + PlotWidth / 2, CaptionY, "middle",
                "no peaks file: the ceilings are not drawn (sextant roofline "
                "--measure-peaks)");

  for (const RooflinePoint &Point : Points)
    if (isPlaceable(Point))
      drawPoint(Canvas, Axes, Ceilings, Point);
  if (!Unplaced.empty()) {
    std::string Names;
    for (const std::string &Name : Unplaced)
      Names += (Names.empty() ? "" : ", ") + Name;
    Canvas.text(Left + PlotWidth / 2, CaptionY + 32, "middle",
                "not placed (no memory traffic counted): " + Names);
  }
  return Svg.finish();
}

} // namespace format
} // namespace sextant
