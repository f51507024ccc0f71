//===- benchmarks/miniFE/DistributedVector.h - Row vector -------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. A dense vector with one coefficient per
// local row of the matrix (the right-hand side, the solution and the CG
// work vectors). There is one process, so the vector holds every row; the
// name keeps miniFE's vocabulary.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_DISTRIBUTEDVECTOR_H
#define SEXTANT_BENCHMARKS_MINIFE_DISTRIBUTEDVECTOR_H

#include "Types.h"

#include <vector>

namespace minife {

template <typename Scalar> class DistributedVector {
public:
  using ScalarType = Scalar;

  explicit DistributedVector(LocalOrdinal Length = 0)
      : Coefficients(Length, Scalar(0)) {}

  LocalOrdinal length() const { return LocalOrdinal(Coefficients.size()); }
  Scalar *data() { return Coefficients.data(); }
  const Scalar *data() const { return Coefficients.data(); }
  Scalar &operator[](LocalOrdinal Row) { return Coefficients[Row]; }
  const Scalar &operator[](LocalOrdinal Row) const { return Coefficients[Row]; }

private:
  std::vector<Scalar> Coefficients;
};

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_DISTRIBUTEDVECTOR_H
