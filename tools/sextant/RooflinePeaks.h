//===- tools/sextant/RooflinePeaks.h - Empirical machine peaks --*- C++ -*-===//
//
// Part of Sextant. The two ceilings of a roofline, measured with small
// built-in kernels (`sextant roofline --measure-peaks`):
//
//  - peak FLOP/s: every thread updates 64 independent accumulators with
//    a * x + b (two floating-point operations each) from registers; the
//    kernel is compiled for the baseline x86-64, for AVX2 with FMA and for
//    AVX-512, and the widest the CPU supports runs;
//  - peak memory bandwidth: every thread runs the STREAM triad
//    a[i] = b[i] + s * c[i] over its part of three arrays much larger than
//    the caches, counting 24 bytes per element (two reads, one write, as
//    STREAM does).
//
// Each kernel runs Repeats times; the best run counts. The result is kept
// in a small JSON file (the peaks file, format/reader/RooflinePeaksFile.h) that
// `sextant roofline DIR` reads.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_ROOFLINEPEAKS_H
#define SEXTANT_TOOLS_ROOFLINEPEAKS_H

#include "format/reader/RooflinePeaksFile.h"

#include <cstdint>
#include <string>

namespace sextant {
namespace tool {

using format::RooflinePeaks;

/// Measures both peaks with Threads threads, triad arrays of ArrayBytes
/// bytes each, best of Repeats runs. False with Error set when memory for
/// the arrays or the threads cannot be had.
bool measureRooflinePeaks(uint64_t Threads, uint64_t ArrayBytes,
                          uint64_t Repeats, RooflinePeaks &Peaks,
                          std::string &Error);

/// The default peaks file: $SEXTANT_ROOFLINE_PEAKS if set, else
/// $XDG_CONFIG_HOME/sextant/roofline-peaks.json, else
/// $HOME/.config/sextant/roofline-peaks.json.
std::string defaultPeaksPath();

/// Writes Peaks to Path, creating its missing directories, through a
/// temporary file renamed over Path; false with Error.
bool writePeaksFile(const std::string &Path, const RooflinePeaks &Peaks,
                    std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_ROOFLINEPEAKS_H
