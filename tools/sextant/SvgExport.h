//===- tools/sextant/SvgExport.h - The SVG exports --------------*- C++ -*-===//
//
// Part of Sextant. What `sextant export --format=svg-flamegraph` and
// `--format=svg-matrix` draw, chosen from the command line's --metric: the
// experiment is read, the values picked, and the picture rendered by the
// one definition of each view in format/ (FlameGraphSvg.h, MatrixSvg.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_SVGEXPORT_H
#define SEXTANT_TOOLS_SVGEXPORT_H

#include "format/reader/ExperimentReader.h"
#include "format/profile/FoldedStacks.h"

#include <string>

namespace sextant {
namespace tool {

/// The flame graph's values: folded stacks of which metric.
struct FlameGraphMetric {
  format::FoldedValue Value;
  std::string Unit;  ///< of the values, for the tooltips
  std::string Title; ///< of the picture
};

/// Whether metric Index of E's profile sums up along call paths: an
/// exclusive (not "(inc)"), measured (not derived) metric accumulated as a
/// sum (not a maximum). The flame graphs offer these as widths.
bool isAdditiveMetric(const format::Experiment &E, size_t Index);

/// The values of metric Name ("time" or empty: exclusive microseconds,
/// "visits", or an additive metric of E's profile by its exclusive name,
/// "NAME (inc)" meaning NAME). False with a message in Error when Name is
/// not an additive metric of the profile.
bool chooseFlameGraphMetric(const format::Experiment &E,
                            const std::string &Name, FlameGraphMetric &Out,
                            std::string &Error);

/// The flame graph of E's profile with the values of Metric.
std::string flameGraphSvg(const format::Experiment &E,
                          const FlameGraphMetric &Metric);

/// The heat map of the point-to-point matrix of the MPI job in Directory,
/// or with Library not empty of the rank-to-rank matrix of that wrapped
/// library (the job's library-<Library>.json): bytes, or messages when
/// Messages. False with a message in Error.
bool matrixSvg(const std::string &Directory, bool Messages,
               const std::string &Library, std::string &Svg,
               std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_SVGEXPORT_H
