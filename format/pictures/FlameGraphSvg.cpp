//===- format/pictures/FlameGraphSvg.cpp - The flame graph as SVG ---------===//
//
// Part of Sextant. Merging folded stacks into frames, and laying the frames
// out depth first without recursion: each frame starts where the siblings
// before it end, its width in proportion to its value. Values saturate at
// 2^64 - 1 (common/NumberRange.h), so that no frame is wider than the root.
//
//===----------------------------------------------------------------------===//

#include "format/pictures/FlameGraphSvg.h"
#include "format/pictures/FrameColour.h"
#include "format/schema/JsonWriter.h"
#include "format/pictures/SvgWriter.h"

#include "common/NumberRange.h"

#include <algorithm>
#include <cstdlib>

namespace sextant {
namespace format {

namespace {
constexpr double SidePad = 10;
constexpr double TopPad = 40; // the title
constexpr double BottomPad = 10;
constexpr double FontSize = 12;
/// The average advance of a character of the sans-serif font, for cutting
/// names to the width of their frame.
constexpr double CharWidth = 0.59 * FontSize;
/// The root "all" is grey, in the HTML report's flame graph too.
constexpr char RootColour[] = "#d0d0d0";

/// Value with thousands separators: 1,234,567.
std::string groupedNumber(uint64_t Value) {
  std::string Digits = std::to_string(Value), Out;
  for (size_t I = 0; I < Digits.size(); ++I) {
    if (I != 0 && (Digits.size() - I) % 3 == 0)
      Out += ',';
    Out += Digits[I];
  }
  return Out;
}

/// Name cut to fit Width pixels ("na.."), or empty when not even three
/// characters fit.
std::string fittedLabel(const std::string &Name, double Width) {
  size_t Fits = truncateSaturated<size_t>((Width - 6) / CharWidth);
  if (Fits < 3)
    return std::string();
  if (Name.size() <= Fits)
    return Name;
  // Cut at a character boundary of UTF-8.
  size_t Cut = Fits - 2;
  while (Cut > 0 && (static_cast<unsigned char>(Name[Cut]) & 0xC0) == 0x80)
    --Cut;
  return Name.substr(0, Cut) + "..";
}
} // namespace

FlameGraph::FlameGraph() {
  Frames.emplace_back();
  Frames[0].Name = "all";
}

bool FlameGraph::addFoldedLine(std::string_view Line) {
  while (!Line.empty() && (Line.back() == '\n' || Line.back() == '\r'))
    Line.remove_suffix(1);
  size_t Blank = Line.rfind(' ');
  if (Blank == std::string_view::npos || Blank + 1 == Line.size())
    return false;
  uint64_t Value = 0;
  for (char C : Line.substr(Blank + 1)) {
    uint64_t Digit = static_cast<uint64_t>(C - '0');
    if (C < '0' || C > '9' || Value > (UINT64_MAX - Digit) / 10)
      return false; // not a number of 64 bits
    Value = Value * 10 + Digit;
  }
  addStack(Line.substr(0, Blank), Value);
  return true;
}

void FlameGraph::addStack(std::string_view Stack, uint64_t Value) {
  size_t Current = 0;
  Frames[0].Value = saturatingAdd(Frames[0].Value, Value);
  while (!Stack.empty()) {
    size_t Separator = Stack.find(';');
    std::string Name(Stack.substr(0, Separator));
    Stack.remove_prefix(Separator == std::string_view::npos ? Stack.size()
                                                            : Separator + 1);
    auto Found = Frames[Current].Children.find(Name);
    size_t Child;
    if (Found != Frames[Current].Children.end()) {
      Child = Found->second;
    } else {
      Child = Frames.size();
      Frame New;
      New.Name = Name;
      New.Depth = Frames[Current].Depth + 1;
      Frames[Current].Children.emplace(std::move(Name), Child);
      Frames.push_back(std::move(New));
    }
    Frames[Child].Value = saturatingAdd(Frames[Child].Value, Value);
    Current = Child;
  }
}

std::string renderFlameGraphSvg(const FlameGraph &Graph,
                                const FlameGraphOptions &Options) {
  const std::vector<FlameGraph::Frame> &Frames = Graph.frames();
  const double AreaWidth = Options.ImageWidth - 2 * SidePad;
  const double Total =
      static_cast<double>(std::max<uint64_t>(1, Graph.total()));
  auto WidthOf = [&](size_t Index) {
    return static_cast<double>(Frames[Index].Value) / Total * AreaWidth;
  };

  // The frames drawn, with their x, in depth-first order.
  struct Placed {
    size_t Index;
    double X;
  };
  std::vector<Placed> Drawn, Pending{{0, SidePad}};
  unsigned MaxDepth = 0;
  while (!Pending.empty()) {
    Placed P = Pending.back();
    Pending.pop_back();
    if (WidthOf(P.Index) < Options.MinWidth)
      continue;
    Drawn.push_back(P);
    MaxDepth = std::max(MaxDepth, Frames[P.Index].Depth);
    double X = P.X;
    std::vector<Placed> Children;
    for (const auto &Child : Frames[P.Index].Children) {
      Children.push_back({Child.second, X});
      X += WidthOf(Child.second);
    }
    Pending.insert(Pending.end(), Children.rbegin(), Children.rend());
  }

  const double Height =
      TopPad + (MaxDepth + 1) * Options.FrameHeight + BottomPad;
  SvgWriter Svg(Options.ImageWidth, Height);
  // What a checker needs to recompute which frames are drawn.
  Svg.open("rect")
      .attribute("class", "background")
      .attribute("x", 0.0)
      .attribute("y", 0.0)
      .attribute("width", Options.ImageWidth)
      .attribute("height", Height)
      .attribute("fill", "#f8f8f8")
      .attribute("data-area-width", AreaWidth)
      .attribute("data-min-width", Options.MinWidth)
      .attribute("data-total", std::to_string(Graph.total()));
  Svg.close();
  Svg.open("text")
      .attribute("class", "title")
      .attribute("x", Options.ImageWidth / 2)
      .attribute("y", 24.0)
      .attribute("text-anchor", "middle")
      .attribute("font-family", "sans-serif")
      .attribute("font-size", 17.0)
      .text(Options.Title);
  Svg.close();

  for (const Placed &P : Drawn) {
    const FlameGraph::Frame &F = Frames[P.Index];
    double Width = WidthOf(P.Index);
    double Y = Height - BottomPad - (F.Depth + 1) * Options.FrameHeight;
    std::string Tooltip =
        F.Name + " (" + groupedNumber(F.Value) + " " + Options.Unit + ", " +
        formatFixed(100.0 * static_cast<double>(F.Value) / Total, 2) + "%)";
    Svg.open("g").attribute("class", "frame");
    Svg.textElement("title", Tooltip);
    Svg.open("rect")
        .attribute("x", P.X)
        .attribute("y", Y)
        .attribute("width", Width)
        .attribute("height", Options.FrameHeight - 1)
        .attribute("rx", 2.0)
        .attribute("fill",
                   P.Index == 0 ? RootColour : frameColour(F.Name).hex());
    Svg.close();
    std::string Label = fittedLabel(F.Name, Width);
    if (!Label.empty()) {
      Svg.open("text")
          .attribute("x", P.X + 3)
          .attribute("y", Y + Options.FrameHeight - 4.5)
          .attribute("font-family", "sans-serif")
          .attribute("font-size", FontSize)
          .text(Label);
      Svg.close();
    }
    Svg.close();
  }
  return Svg.finish();
}

} // namespace format
} // namespace sextant
