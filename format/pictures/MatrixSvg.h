//===- format/pictures/MatrixSvg.h - A communication matrix as SVG --------===//
//
// Part of Sextant. The heat map of an MPI job's point-to-point matrix
// (the job's mpi.json, read by JobMpiMatrix.h): one square per pair of
// ranks, row = sender, column = receiver, coloured on a logarithmic scale
// from pale yellow (least) to dark red (most). Only the pairs with traffic
// are drawn, each as a <rect class="cell"> with a <title> tooltip ("rank 0
// -> rank 1: 920 bytes"); rank labels on both axes and the largest value
// in a legend. `sextant export --format=svg-matrix` writes it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PICTURES_MATRIXSVG_H
#define SEXTANT_FORMAT_PICTURES_MATRIXSVG_H

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

struct MatrixSvgOptions {
  std::string Title = "Point-to-point bytes sent";
  /// Shown after the values, e.g. "bytes" or "messages".
  std::string Unit = "bytes";
};

/// The SVG document of Matrix, a square matrix: Matrix[I][J] is what rank
/// I sent to rank J.
std::string renderMatrixSvg(const std::vector<std::vector<uint64_t>> &Matrix,
                            const MatrixSvgOptions &Options = {});

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PICTURES_MATRIXSVG_H
