//===- benchmarks/miniFE/Verification.h - Analytic check --------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Compares the computed nodal values with
// the analytic solution of ManufacturedProblem.h, which the discretization
// reproduces exactly: the largest nodal error, relative to the largest
// value of the solution, must not exceed the tolerance.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_VERIFICATION_H
#define SEXTANT_BENCHMARKS_MINIFE_VERIFICATION_H

#include "CsrMatrix.h"
#include "DistributedVector.h"
#include "StructuredBox.h"

#include <algorithm>
#include <cmath>

namespace minife {

struct VerificationResult {
  double MaxError = 0;
  double MaxSolution = 0;
  double RelativeError = 0;
  bool Passed = false;
};

template <typename Scalar, typename ProblemType>
VerificationResult
verifySolution(const StructuredBox &Box, const ProblemType &Problem,
               const CsrMatrix<Scalar> &Matrix,
               const DistributedVector<Scalar> &X, double Tolerance) {
  double MaxError = 0, MaxSolution = 0;
  const LocalOrdinal Rows = Matrix.rowCount();
#pragma omp parallel for schedule(static) reduction(max : MaxError, MaxSolution)
  for (LocalOrdinal Row = 0; Row < Rows; ++Row) {
    double Exact =
        Problem.solution(Box.nodeCoordinates(Box.nodeIndex(Matrix.rowId(Row))));
    double Error = std::fabs(double(X[Row]) - Exact);
    if (!std::isfinite(Error)) // a NaN must not vanish in std::max
      Error = HUGE_VAL;
    MaxError = std::max(MaxError, Error);
    MaxSolution = std::max(MaxSolution, std::fabs(Exact));
  }
  VerificationResult Result;
  Result.MaxError = MaxError;
  Result.MaxSolution = MaxSolution;
  Result.RelativeError = MaxSolution > 0 ? MaxError / MaxSolution : MaxError;
  Result.Passed = Result.RelativeError <= Tolerance;
  return Result;
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_VERIFICATION_H
