//===- format/pictures/RooflineSvg.h - The roofline as SVG ------*- C++ -*-===//
//
// Part of Sextant. The roofline plot of `sextant export --format=svg-roofline`
// and of the HTML report: every region that performed floating-point
// operations (the regions `sextant roofline DIR` lists: the flat profile's
// inclusive "FLOP/s (inc)" above 0) as a point at its arithmetic intensity
// (FLOP/byte) and FLOP/s, both axes logarithmic, under the two ceilings of
// the machine's peaks file when one is given: the memory roof
// (intensity x peak bandwidth) up to the ridge point, the compute roof (peak
// FLOP/s) after it. Each point is a <g class="point"> with a <title>
// tooltip (name, intensity, FLOP/s, share of the attainable FLOP/s and the
// bounding ceiling); regions whose memory traffic was not counted (no
// intensity) cannot be placed and are named in a note.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_ROOFLINESVG_H
#define SEXTANT_FORMAT_PICTURES_ROOFLINESVG_H

#include "format/profile/CallPathProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// One region on the roofline.
struct RooflinePoint {
  std::string Name;
  /// FLOP per byte of memory traffic; NaN when no traffic was counted.
  double Intensity = 0;
  double FlopsPerSecond = 0;
};

/// The regions of Profile with floating-point operations, most FLOP/s
/// first; empty when the profile has no "FLOP/s (inc)" metric.
/// MaximumMetrics as for flatProfile() (FlatProfile.h).
std::vector<RooflinePoint>
rooflinePoints(const CallPathProfile &Profile,
               const std::vector<std::string> &MaximumMetrics);

/// Whether Profile has the metrics a roofline needs ("FLOP/s (inc)" and
/// "arithmetic intensity (inc)").
bool hasRooflineMetrics(const CallPathProfile &Profile);

struct RooflineSvgOptions {
  std::string Title = "Roofline";
  /// The machine's peaks (format/reader/RooflinePeaksFile.h); 0: no ceilings.
  double PeakFlopsPerSecond = 0;
  double PeakBytesPerSecond = 0;
  /// Where the peaks come from, for the caption ("" without peaks).
  std::string PeaksSource;
};

/// The roofline plot of Points.
std::string renderRooflineSvg(const std::vector<RooflinePoint> &Points,
                              const RooflineSvgOptions &Options = {});

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_ROOFLINESVG_H
