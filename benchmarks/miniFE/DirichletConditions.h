//===- benchmarks/miniFE/DirichletConditions.h - Dirichlet BCs --*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Imposes the Dirichlet condition u = g on
// the surface of the box while keeping the matrix symmetric, so that CG
// applies: the row of a boundary node becomes the identity row with g as
// its right-hand side; in the other rows, the entries of boundary columns
// are moved to the right-hand side (b_r -= a_rc g_c) and set to zero. The
// row of a column is found through CsrMatrix::findRowForId.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_DIRICHLETCONDITIONS_H
#define SEXTANT_BENCHMARKS_MINIFE_DIRICHLETCONDITIONS_H

#include "CsrMatrix.h"
#include "DistributedVector.h"
#include "StructuredBox.h"

#include <vector>

namespace minife {

/// Marks the boundary rows and computes their prescribed values.
template <typename Scalar, typename ProblemType>
void evaluateBoundaryValues(const StructuredBox &Box,
                            const ProblemType &Problem,
                            const CsrMatrix<Scalar> &Matrix,
                            std::vector<char> &IsBoundaryRow,
                            DistributedVector<Scalar> &BoundaryValue) {
  const LocalOrdinal Rows = Matrix.rowCount();
#pragma omp parallel for schedule(static)
  for (LocalOrdinal Row = 0; Row < Rows; ++Row) {
    GridIndex Node = Box.nodeIndex(Matrix.rowId(Row));
    IsBoundaryRow[Row] = Box.isBoundaryNode(Node);
    BoundaryValue[Row] =
        IsBoundaryRow[Row] ? Scalar(Problem.solution(Box.nodeCoordinates(Node)))
                           : Scalar(0);
  }
}

/// Moves the boundary columns of interior row Row to the right-hand side.
template <typename Scalar>
void eliminateBoundaryColumns(LocalOrdinal Row, CsrMatrix<Scalar> &Matrix,
                              const std::vector<char> &IsBoundaryRow,
                              const DistributedVector<Scalar> &BoundaryValue,
                              DistributedVector<Scalar> &RightHandSide) {
  const GlobalOrdinal *Columns = Matrix.rowColumns(Row);
  Scalar *Values = Matrix.rowValues(Row);
  for (std::size_t E = 0, End = Matrix.rowLength(Row); E < End; ++E) {
    LocalOrdinal ColumnRow = Matrix.findRowForId(Columns[E]);
    if (ColumnRow >= 0 && IsBoundaryRow[ColumnRow]) {
      RightHandSide[Row] -= Values[E] * BoundaryValue[ColumnRow];
      Values[E] = Scalar(0);
    }
  }
}

/// Replaces boundary row Row by the identity row with right-hand side
/// Value.
template <typename Scalar>
void setIdentityRow(LocalOrdinal Row, Scalar Value, CsrMatrix<Scalar> &Matrix,
                    DistributedVector<Scalar> &RightHandSide) {
  const GlobalOrdinal *Columns = Matrix.rowColumns(Row);
  Scalar *Values = Matrix.rowValues(Row);
  for (std::size_t E = 0, End = Matrix.rowLength(Row); E < End; ++E)
    Values[E] = Columns[E] == Matrix.rowId(Row) ? Scalar(1) : Scalar(0);
  RightHandSide[Row] = Value;
}

template <typename Scalar, typename ProblemType>
void imposeDirichletConditions(const StructuredBox &Box,
                               const ProblemType &Problem,
                               CsrMatrix<Scalar> &Matrix,
                               DistributedVector<Scalar> &RightHandSide) {
  const LocalOrdinal Rows = Matrix.rowCount();
  std::vector<char> IsBoundaryRow(Rows, 0);
  DistributedVector<Scalar> BoundaryValue(Rows);
  evaluateBoundaryValues(Box, Problem, Matrix, IsBoundaryRow, BoundaryValue);

#pragma omp parallel for schedule(static)
  for (LocalOrdinal Row = 0; Row < Rows; ++Row) {
    if (IsBoundaryRow[Row])
      setIdentityRow(Row, BoundaryValue[Row], Matrix, RightHandSide);
    else
      eliminateBoundaryColumns(Row, Matrix, IsBoundaryRow, BoundaryValue,
                               RightHandSide);
  }
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_DIRICHLETCONDITIONS_H
