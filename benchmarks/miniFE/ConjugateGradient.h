//===- benchmarks/miniFE/ConjugateGradient.h - The CG solver ----*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Unpreconditioned conjugate gradients for
// the symmetric positive definite system A x = b, built from matvec, dot
// and waxpby, each timed separately. Iterates until the residual norm,
// relative to the initial one, is at most Tolerance, or MaxIterations
// iterations were done. Reports the true residual ||b - A x|| at the end,
// recomputed from x, not the recurrence's estimate.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_CONJUGATEGRADIENT_H
#define SEXTANT_BENCHMARKS_MINIFE_CONJUGATEGRADIENT_H

#include "CsrMatrix.h"
#include "DistributedVector.h"
#include "PhaseTimer.h"
#include "SparseMatVec.h"
#include "VectorOperations.h"

#include <cmath>

namespace minife {

struct CgResult {
  int Iterations = 0;
  bool Converged = false;
  double InitialResidualNorm = 0;
  /// ||b - A x|| / ||b - A x0|| for the returned x.
  double RelativeResidual = 0;
  double MatvecSeconds = 0;
  double DotSeconds = 0;
  double WaxpbySeconds = 0;
};

template <typename Scalar>
double residualNorm(const CsrMatrix<Scalar> &A,
                    const DistributedVector<Scalar> &B,
                    const DistributedVector<Scalar> &X,
                    DistributedVector<Scalar> &Work) {
  matvec(A, X, Work);
  waxpby(Scalar(1), B, Scalar(-1), Work, Work);
  return std::sqrt(double(dot(Work, Work)));
}

template <typename Scalar>
CgResult cgSolve(const CsrMatrix<Scalar> &A, const DistributedVector<Scalar> &B,
                 DistributedVector<Scalar> &X, int MaxIterations,
                 double Tolerance) {
  CgResult Result;
  const LocalOrdinal Rows = A.rowCount();
  DistributedVector<Scalar> R(Rows), P(Rows), AP(Rows);

  {
    ScopedPhaseTimer Timer(Result.MatvecSeconds);
    matvec(A, X, AP);
  }
  {
    ScopedPhaseTimer Timer(Result.WaxpbySeconds);
    waxpby(Scalar(1), B, Scalar(-1), AP, R);
    waxpby(Scalar(1), R, Scalar(0), R, P);
  }
  Scalar RTrans;
  {
    ScopedPhaseTimer Timer(Result.DotSeconds);
    RTrans = dot(R, R);
  }
  Result.InitialResidualNorm = std::sqrt(double(RTrans));
  double Norm = Result.InitialResidualNorm;

  while (Result.Iterations < MaxIterations &&
         Norm > Tolerance * Result.InitialResidualNorm) {
    {
      ScopedPhaseTimer Timer(Result.MatvecSeconds);
      matvec(A, P, AP);
    }
    Scalar PAP;
    {
      ScopedPhaseTimer Timer(Result.DotSeconds);
      PAP = dot(P, AP);
    }
    const Scalar Alpha = RTrans / PAP;
    {
      ScopedPhaseTimer Timer(Result.WaxpbySeconds);
      waxpby(Scalar(1), X, Alpha, P, X);
      waxpby(Scalar(1), R, -Alpha, AP, R);
    }
    const Scalar OldRTrans = RTrans;
    {
      ScopedPhaseTimer Timer(Result.DotSeconds);
      RTrans = dot(R, R);
    }
    Norm = std::sqrt(double(RTrans));
    {
      ScopedPhaseTimer Timer(Result.WaxpbySeconds);
      waxpby(Scalar(1), R, RTrans / OldRTrans, P, P);
    }
    ++Result.Iterations;
  }

  Result.Converged = Norm <= Tolerance * Result.InitialResidualNorm;
  double TrueNorm = residualNorm(A, B, X, AP);
  Result.RelativeResidual = Result.InitialResidualNorm > 0
                                ? TrueNorm / Result.InitialResidualNorm
                                : TrueNorm;
  return Result;
}

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_CONJUGATEGRADIENT_H
