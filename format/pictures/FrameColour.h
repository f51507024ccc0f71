//===- format/pictures/FrameColour.h - The colour of a frame ----*- C++ -*-===//
//
// Part of Sextant. The one colour rule of every picture of a profile: a
// frame's colour is chosen from its name alone (FNV-1a hash of the bytes),
// in the warm "hot" palette of flamegraph.pl (red 205..255, green 0..230,
// blue 0..55), so that the same region has the same colour in every flame
// graph, in the SVG export (FlameGraphSvg.h) and in the HTML report, which
// gets each name's colour from this function through its embedded data.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_FRAMECOLOUR_H
#define SEXTANT_FORMAT_PICTURES_FRAMECOLOUR_H

#include <cstdint>
#include <string>
#include <string_view>

namespace sextant {
namespace format {

struct RgbColour {
  uint8_t Red = 0, Green = 0, Blue = 0;
  /// "#rrggbb".
  std::string hex() const;
};

/// The colour of the frames named Name.
RgbColour frameColour(std::string_view Name);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_FRAMECOLOUR_H
