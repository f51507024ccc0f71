//===- format/pictures/FlameGraphSvg.h - The flame graph as SVG -----------===//
//
// Part of Sextant. A flame graph made from folded stacks (FoldedStacks.h)
// the way flamegraph.pl makes it: the stacks are merged into a tree of
// frames (children of a frame merged by name and ordered by name), a
// frame's width is the sum of the values of every stack through it (with
// the exclusive time as value: the inclusive time), the outermost frames at
// the bottom below one root frame "all". Frames narrower than MinWidth
// pixels are left out with everything above them, as flamegraph.pl's
// --minwidth does; their value stays in the width of the frame below.
// Every frame drawn is one <g class="frame"> holding a <title> (the
// tooltip: name, value with unit, percent of the total), a <rect> filled
// with frameColour() (FrameColour.h; the root grey) and, when it fits,
// the name.
// `sextant export --format=svg-flamegraph` writes it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_FLAMEGRAPHSVG_H
#define SEXTANT_FORMAT_PICTURES_FLAMEGRAPHSVG_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sextant {
namespace format {

/// The frames of a flame graph: Frames[0] is the root "all".
class FlameGraph {
public:
  struct Frame {
    std::string Name;
    /// The sum of the stacks through this frame, at most 2^64 - 1.
    uint64_t Value = 0;
    unsigned Depth = 0;                     ///< 0 for the root "all"
    std::map<std::string, size_t> Children; ///< by name: flamegraph.pl's order
  };

  FlameGraph();
  /// Adds one line of folded stacks, "a;b;c VALUE" with or without its line
  /// break. False (nothing added) when the line has no value or one that
  /// does not fit 64 bits.
  bool addFoldedLine(std::string_view Line);
  /// Adds a stack (frames joined by ';') with Value; sums saturate.
  void addStack(std::string_view Stack, uint64_t Value);

  const std::vector<Frame> &frames() const { return Frames; }
  uint64_t total() const { return Frames[0].Value; }

private:
  std::vector<Frame> Frames;
};

struct FlameGraphOptions {
  std::string Title = "Flame graph";
  /// Shown after the values in the tooltips, e.g. "us" or "visits".
  std::string Unit = "us";
  double ImageWidth = 1200;
  double FrameHeight = 16;
  /// flamegraph.pl's default: frames narrower than 0.1 pixels are left out.
  double MinWidth = 0.1;
};

/// The SVG document of Graph.
std::string renderFlameGraphSvg(const FlameGraph &Graph,
                                const FlameGraphOptions &Options = {});

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_FLAMEGRAPHSVG_H
