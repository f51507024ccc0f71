//===- benchmarks/miniFE/SparseMatVec.h - y = A x ---------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The sparse matrix-vector product of CG,
// parallel over rows with OpenMP. One process owns every row and row R has
// global id R (MatrixStructure.h), so a column id is also the index of the
// vector coefficient it multiplies.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_SPARSEMATVEC_H
#define SEXTANT_BENCHMARKS_MINIFE_SPARSEMATVEC_H

#include "CsrMatrix.h"
#include "DistributedVector.h"

namespace minife {

template <typename Scalar>
Scalar rowTimesVector(const CsrMatrix<Scalar> &A, LocalOrdinal Row,
                      const Scalar *X) {
  const GlobalOrdinal *Columns = A.rowColumns(Row);
  const Scalar *Values = A.rowValues(Row);
  const std::size_t Length = A.rowLength(Row);
  Scalar Sum = Scalar(0);
  for (std::size_t E = 0; E < Length; ++E)
    Sum += Values[E] * X[Columns[E]];
  return Sum;
}

template <typename Scalar>
void matvec(const CsrMatrix<Scalar> &A, const DistributedVector<Scalar> &X,
            DistributedVector<Scalar> &Y) {
  const Scalar *XData = X.data();
  Scalar *YData = Y.data();
  const LocalOrdinal Rows = A.rowCount();
#pragma omp parallel for schedule(static)
  for (LocalOrdinal Row = 0; Row < Rows; ++Row)
    YData[Row] = rowTimesVector(A, Row, XData);
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_SPARSEMATVEC_H
