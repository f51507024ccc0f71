//===- benchmarks/miniFE/VectorOperations.h - dot and waxpby ----*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The vector kernels of CG, parallel with
// OpenMP: the dot product and waxpby (w = alpha x + beta y; w may alias x
// or y, element by element).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_VECTOROPERATIONS_H
#define SEXTANT_BENCHMARKS_MINIFE_VECTOROPERATIONS_H

#include "DistributedVector.h"

namespace minife {

template <typename Scalar>
Scalar dot(const DistributedVector<Scalar> &X,
           const DistributedVector<Scalar> &Y) {
  const Scalar *XData = X.data();
  const Scalar *YData = Y.data();
  const LocalOrdinal Length = X.length();
  Scalar Sum = Scalar(0);
#pragma omp parallel for schedule(static) reduction(+ : Sum)
  for (LocalOrdinal I = 0; I < Length; ++I)
    Sum += XData[I] * YData[I];
  return Sum;
}

template <typename Scalar>
void waxpby(Scalar Alpha, const DistributedVector<Scalar> &X, Scalar Beta,
            const DistributedVector<Scalar> &Y, DistributedVector<Scalar> &W) {
  const Scalar *XData = X.data();
  const Scalar *YData = Y.data();
  Scalar *WData = W.data();
  const LocalOrdinal Length = X.length();
#pragma omp parallel for schedule(static)
  for (LocalOrdinal I = 0; I < Length; ++I)
    WData[I] = Alpha * XData[I] + Beta * YData[I];
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_VECTOROPERATIONS_H
