//===- benchmarks/miniFE/MatrixStructure.h - CSR graph ----------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Generates the sparsity structure of the
// finite-element matrix: one row per mesh node, and an entry for every pair
// of nodes that share an element, which on a structured hex8 mesh is the
// node's 3x3x3 neighbourhood (27 entries inside the box, fewer on its
// surface). Row lengths are counted in parallel, turned into offsets, and
// the column ids are filled in parallel, sorted by construction.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_MATRIXSTRUCTURE_H
#define SEXTANT_BENCHMARKS_MINIFE_MATRIXSTRUCTURE_H

#include "CsrMatrix.h"
#include "StructuredBox.h"

#include <cstddef>
#include <vector>

namespace minife {

/// Calls Visit(NeighbourId) for every node that shares an element with
/// Node, Node itself included, in ascending order of global id.
template <typename Visitor>
void forEachNeighbour(const StructuredBox &Box, const GridIndex &Node,
                      Visitor &&Visit) {
  for (int DK = -1; DK <= 1; ++DK)
    for (int DJ = -1; DJ <= 1; ++DJ)
      for (int DI = -1; DI <= 1; ++DI) {
        int I = Node.I + DI, J = Node.J + DJ, K = Node.K + DK;
        if (Box.containsNode(I, J, K))
          Visit(Box.nodeId(I, J, K));
      }
}

inline std::size_t countNeighbours(const StructuredBox &Box,
                                   const GridIndex &Node) {
  std::size_t Count = 0;
  forEachNeighbour(Box, Node, [&Count](GlobalOrdinal) { ++Count; });
  return Count;
}

/// Turns row lengths (Offsets[1..N]) into row offsets in place.
inline void prefixSum(std::vector<std::size_t> &Offsets) {
  for (std::size_t Row = 1; Row < Offsets.size(); ++Row)
    Offsets[Row] += Offsets[Row - 1];
}

template <typename Scalar>
void generateMatrixStructure(const StructuredBox &Box,
                             CsrMatrix<Scalar> &Matrix) {
  const GlobalOrdinal Rows = Box.nodeCount();
  std::vector<GlobalOrdinal> RowIds(Rows);
  std::vector<std::size_t> Offsets(Rows + 1, 0);

#pragma omp parallel for schedule(static)
  for (GlobalOrdinal Row = 0; Row < Rows; ++Row) {
    RowIds[Row] = Row;
    Offsets[Row + 1] = countNeighbours(Box, Box.nodeIndex(Row));
  }
  prefixSum(Offsets);

  std::vector<GlobalOrdinal> Columns(Offsets.back());
#pragma omp parallel for schedule(static)
  for (GlobalOrdinal Row = 0; Row < Rows; ++Row) {
    std::size_t Next = Offsets[Row];
    forEachNeighbour(Box, Box.nodeIndex(Row),
                     [&](GlobalOrdinal Id) { Columns[Next++] = Id; });
  }

  Matrix.setStructure(std::move(RowIds), std::move(Offsets),
                      std::move(Columns));
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_MATRIXSTRUCTURE_H
