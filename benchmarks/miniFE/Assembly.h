//===- benchmarks/miniFE/Assembly.h - FE assembly ---------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Assembles the global matrix and
// right-hand side: for every element, gather its node ids and coordinates,
// compute the element diffusion matrix and source vector (Hex8Element.h),
// and sum them into the rows of the element's nodes, each found through
// CsrMatrix::findRowForId (a std::map lookup) and each entry through a
// binary search in the row.
//
// Elements are processed in parallel by rows of elements (fixed J and K)
// of one colour at a time, the colour being the parity of J and of K: an
// element row (J, K) writes only the rows of the nodes with y index J or
// J+1 and z index K or K+1, so two element rows of the same colour, which
// differ by at least 2 in J or in K, never write the same matrix row.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_ASSEMBLY_H
#define SEXTANT_BENCHMARKS_MINIFE_ASSEMBLY_H

#include "CsrMatrix.h"
#include "DistributedVector.h"
#include "Hex8Element.h"
#include "StructuredBox.h"

namespace minife {

/// The data of one element: its nodes, their coordinates, and the element
/// matrix and vector computed from them.
template <typename Scalar> struct ElementData {
  GlobalOrdinal NodeIds[NodesPerElement];
  Scalar Coordinates[NodesPerElement][Dimensions];
  Scalar Ke[NodesPerElement][NodesPerElement];
  Scalar Fe[NodesPerElement];
};

template <typename Scalar>
void gatherElementNodes(const StructuredBox &Box, const GridIndex &Element,
                        ElementData<Scalar> &Data) {
  for (int A = 0; A < NodesPerElement; ++A) {
    GridIndex Node = Box.elementNode(Element, A);
    Data.NodeIds[A] = Box.nodeId(Node.I, Node.J, Node.K);
    Point X = Box.nodeCoordinates(Node);
    for (int D = 0; D < Dimensions; ++D)
      Data.Coordinates[A][D] = Scalar(X[D]);
  }
}

/// Adds the element matrix and vector to the rows of the element's nodes.
/// Returns false if a node has no row or a row lacks a column, which would
/// mean the matrix structure does not match the mesh.
template <typename Scalar>
bool sumIntoLinearSystem(const ElementData<Scalar> &Data,
                         CsrMatrix<Scalar> &Matrix,
                         DistributedVector<Scalar> &RightHandSide) {
  for (int A = 0; A < NodesPerElement; ++A) {
    LocalOrdinal Row = Matrix.findRowForId(Data.NodeIds[A]);
    if (Row < 0 || !Matrix.sumIntoRow(Row, Data.NodeIds, Data.Ke[A]))
      return false;
    RightHandSide[Row] += Data.Fe[A];
  }
  return true;
}

template <typename Scalar, typename ProblemType>
bool assembleElement(const StructuredBox &Box, const ProblemType &Problem,
                     const GridIndex &Element, CsrMatrix<Scalar> &Matrix,
                     DistributedVector<Scalar> &RightHandSide) {
  ElementData<Scalar> Data;
  gatherElementNodes(Box, Element, Data);
  hex8::diffusionMatrixAndSource(Problem, Data.Coordinates, Data.Ke, Data.Fe);
  return sumIntoLinearSystem(Data, Matrix, RightHandSide);
}

/// Assembles every element of Box. Returns false if an element could not
/// be summed into the matrix.
template <typename Scalar, typename ProblemType>
bool assembleFeData(const StructuredBox &Box, const ProblemType &Problem,
                    CsrMatrix<Scalar> &Matrix,
                    DistributedVector<Scalar> &RightHandSide) {
  bool Complete = true;
  const int PairsZ = (Box.elementsZ() + 1) / 2;
  const int PairsY = (Box.elementsY() + 1) / 2;
  for (int ColourZ = 0; ColourZ < 2; ++ColourZ)
    for (int ColourY = 0; ColourY < 2; ++ColourY) {
#pragma omp parallel for collapse(2) schedule(static) reduction(&& : Complete)
      for (int PairZ = 0; PairZ < PairsZ; ++PairZ)
        for (int PairY = 0; PairY < PairsY; ++PairY) {
          int K = 2 * PairZ + ColourZ, J = 2 * PairY + ColourY;
          if (K >= Box.elementsZ() || J >= Box.elementsY())
            continue;
          for (int I = 0; I < Box.elementsX(); ++I)
            Complete = assembleElement(Box, Problem, GridIndex{I, J, K}, Matrix,
                                       RightHandSide) &&
                       Complete;
        }
    }
  return Complete;
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_ASSEMBLY_H
