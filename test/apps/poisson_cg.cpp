// poisson_cg.cpp - conjugate-gradient solve of a 2D Poisson problem (C++).
//
// Part of Sextant's test applications and the quick-start demo. Assembles
// the 5-point Laplacian on an n x n grid into a templated CSR matrix, solves
// A x = b with unpreconditioned CG and checks the residual. Written like
// real C++ codes are: small templated functions and accessors, so a
// profiler sees many short calls next to a few heavy kernels.
// Usage: poisson_cg [n] [max-iterations]   (defaults: 128 500)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace solver {

template <typename Real> class CsrMatrix {
public:
  explicit CsrMatrix(std::size_t Rows) : RowStart(1, 0), NumRows(Rows) {}

  void appendEntry(std::size_t Column, Real Value) {
    Columns.push_back(Column);
    Values.push_back(Value);
  }
  void finishRow() { RowStart.push_back(Columns.size()); }
  std::size_t rows() const { return NumRows; }
  std::size_t nonZeros() const { return Values.size(); }

  /// Y = A * X.
  void multiply(const std::vector<Real> &X, std::vector<Real> &Y) const {
    for (std::size_t Row = 0; Row < NumRows; ++Row)
      Y[Row] = rowDot(Row, X);
  }

private:
  Real rowDot(std::size_t Row, const std::vector<Real> &X) const {
    Real Sum = 0;
    for (std::size_t K = RowStart[Row]; K < RowStart[Row + 1]; ++K)
      Sum += Values[K] * X[Columns[K]];
    return Sum;
  }

  std::vector<std::size_t> RowStart;
  std::vector<std::size_t> Columns;
  std::vector<Real> Values;
  std::size_t NumRows;
};

template <typename Real>
Real dot(const std::vector<Real> &A, const std::vector<Real> &B) {
  Real Sum = 0;
  for (std::size_t I = 0; I < A.size(); ++I)
    Sum += A[I] * B[I];
  return Sum;
}

/// Y += Alpha * X.
template <typename Real>
void axpy(Real Alpha, const std::vector<Real> &X, std::vector<Real> &Y) {
  for (std::size_t I = 0; I < X.size(); ++I)
    Y[I] += Alpha * X[I];
}

/// Y = X + Beta * Y.
template <typename Real>
void xpby(const std::vector<Real> &X, Real Beta, std::vector<Real> &Y) {
  for (std::size_t I = 0; I < X.size(); ++I)
    Y[I] = X[I] + Beta * Y[I];
}

inline std::size_t gridIndex(std::size_t I, std::size_t J, std::size_t N) {
  return I * N + J;
}

template <typename Real> CsrMatrix<Real> assembleLaplacian(std::size_t N) {
  CsrMatrix<Real> A(N * N);
  for (std::size_t I = 0; I < N; ++I)
    for (std::size_t J = 0; J < N; ++J) {
      if (I > 0)
        A.appendEntry(gridIndex(I - 1, J, N), -1);
      if (J > 0)
        A.appendEntry(gridIndex(I, J - 1, N), -1);
      A.appendEntry(gridIndex(I, J, N), 4);
      if (J + 1 < N)
        A.appendEntry(gridIndex(I, J + 1, N), -1);
      if (I + 1 < N)
        A.appendEntry(gridIndex(I + 1, J, N), -1);
      A.finishRow();
    }
  return A;
}

template <typename Real> struct SolveResult {
  int Iterations;
  Real ResidualNorm;
};

template <typename Real>
SolveResult<Real> conjugateGradient(const CsrMatrix<Real> &A,
                                    const std::vector<Real> &B,
                                    std::vector<Real> &X, Real Tolerance,
                                    int MaxIterations) {
  std::vector<Real> R(B), P(B), AP(B.size());
  Real RR = dot(R, R);
  int Iteration = 0;
  while (Iteration < MaxIterations && std::sqrt(RR) > Tolerance) {
    A.multiply(P, AP);
    Real Alpha = RR / dot(P, AP);
    axpy(Alpha, P, X);
    axpy(-Alpha, AP, R);
    Real RRNext = dot(R, R);
    xpby(R, RRNext / RR, P);
    RR = RRNext;
    ++Iteration;
  }
  return {Iteration, std::sqrt(RR)};
}

template <typename Real>
Real residualNorm(const CsrMatrix<Real> &A, const std::vector<Real> &X,
                  const std::vector<Real> &B) {
  std::vector<Real> AX(B.size());
  A.multiply(X, AX);
  axpy(Real(-1), B, AX);
  return std::sqrt(dot(AX, AX));
}

} // namespace solver

int main(int Argc, char **Argv) {
  long N = Argc > 1 ? std::atol(Argv[1]) : 128;
  int MaxIterations = Argc > 2 ? std::atoi(Argv[2]) : 500;
  if (N < 2 || MaxIterations < 1) {
    std::fprintf(stderr, "usage: poisson_cg [n>=2] [max-iterations>=1]\n");
    return 2;
  }
  auto A = solver::assembleLaplacian<double>(static_cast<std::size_t>(N));
  std::vector<double> B(A.rows(), 1.0), X(A.rows(), 0.0);
  auto Result = solver::conjugateGradient(A, B, X, 1e-8, MaxIterations);
  double Check = solver::residualNorm(A, X, B);
  std::printf("poisson_cg: n=%ld unknowns=%zu nonzeros=%zu iterations=%d "
              "residual=%.3e check=%.3e\n",
              N, A.rows(), A.nonZeros(), Result.Iterations,
              Result.ResidualNorm, Check);
  // The recomputed residual must agree with CG's recurrence.
  return Check < 1e-6 * std::sqrt(static_cast<double>(A.rows())) ? 0 : 1;
}
