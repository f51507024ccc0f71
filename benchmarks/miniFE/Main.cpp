//===- benchmarks/miniFE/Main.cpp - The proxy's driver ----------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy: an implicit finite-element mini-app in the
// manner of miniFE, written for Sextant's overhead benchmarks. It generates
// the CSR structure of a structured hex8 box, assembles the element
// diffusion matrices and source vectors, imposes Dirichlet conditions,
// solves with CG (OpenMP), prints the time of each phase and the final
// residual, and checks the solution against the analytic one
// (ManufacturedProblem.h). The exit status is 0 only if the check passed.
//
//===----------------------------------------------------------------------===//

#include "Assembly.h"
#include "CommandLine.h"
#include "ConjugateGradient.h"
#include "CsrMatrix.h"
#include "DirichletConditions.h"
#include "DistributedVector.h"
#include "ManufacturedProblem.h"
#include "MatrixStructure.h"
#include "PhaseTimer.h"
#include "StructuredBox.h"
#include "Verification.h"

#include <omp.h>

#include <cstdio>

namespace minife {
namespace {

struct PhaseTimes {
  double Structure = 0;
  double Assembly = 0;
  double Dirichlet = 0;
  double Solve = 0;
  double Total = 0;
};

void printPhase(const char *Name, double Seconds) {
  std::printf("  %-24s %12.6f\n", Name, Seconds);
}

void printReport(const StructuredBox &Box, const CsrMatrix<double> &Matrix,
                 const PhaseTimes &Times, const CgResult &Solve,
                 const VerificationResult &Check, double VerifyTolerance) {
  std::printf("miniFE proxy: %d x %d x %d elements, %d rows, %zu nonzeros, "
              "%d OpenMP threads\n",
              Box.elementsX(), Box.elementsY(), Box.elementsZ(),
              Matrix.rowCount(), Matrix.nonzeroCount(), omp_get_max_threads());
  std::printf("phase times (seconds):\n");
  printPhase("structure generation", Times.Structure);
  printPhase("assembly", Times.Assembly);
  printPhase("dirichlet conditions", Times.Dirichlet);
  printPhase("cg solve", Times.Solve);
  printPhase("  matvec", Solve.MatvecSeconds);
  printPhase("  dot", Solve.DotSeconds);
  printPhase("  waxpby", Solve.WaxpbySeconds);
  printPhase("total", Times.Total);
  std::printf("cg iterations: %d (%s)\n", Solve.Iterations,
              Solve.Converged ? "converged" : "iteration limit reached");
  std::printf("final residual ||b - Ax|| / ||b - Ax0||: %.3e\n",
              Solve.RelativeResidual);
  std::printf("max nodal error |u - u_exact|: %.3e (relative to max |u| = "
              "%.3f: %.3e; tolerance %.1e)\n",
              Check.MaxError, Check.MaxSolution, Check.RelativeError,
              VerifyTolerance);
  std::printf("verification: %s\n", Check.Passed ? "PASSED" : "FAILED");
}

int runProxy(const Parameters &Params) {
  const StructuredBox Box(Params.ElementsX, Params.ElementsY, Params.ElementsZ);
  const ManufacturedProblem Problem;
  PhaseTimes Times;
  const double Start = wallSeconds();

  CsrMatrix<double> Matrix;
  {
    ScopedPhaseTimer Timer(Times.Structure);
    generateMatrixStructure(Box, Matrix);
  }
  DistributedVector<double> RightHandSide(Matrix.rowCount());
  bool Assembled;
  {
    ScopedPhaseTimer Timer(Times.Assembly);
    Assembled = assembleFeData(Box, Problem, Matrix, RightHandSide);
  }
  if (!Assembled) {
    std::fprintf(stderr, "minife_proxy: error: an element node has no row or "
                         "column in the generated matrix structure\n");
    return 1;
  }
  {
    ScopedPhaseTimer Timer(Times.Dirichlet);
    imposeDirichletConditions(Box, Problem, Matrix, RightHandSide);
  }
  DistributedVector<double> Solution(Matrix.rowCount());
  CgResult Solve;
  {
    ScopedPhaseTimer Timer(Times.Solve);
    Solve = cgSolve(Matrix, RightHandSide, Solution, Params.MaxIterations,
                    Params.Tolerance);
  }
  Times.Total = wallSeconds() - Start;

  VerificationResult Check =
      verifySolution(Box, Problem, Matrix, Solution, Params.VerifyTolerance);
  printReport(Box, Matrix, Times, Solve, Check, Params.VerifyTolerance);
  return Check.Passed ? 0 : 1;
}

} // namespace
} // namespace minife

int main(int Argc, char **Argv) {
  minife::Parameters Params;
  minife::ErrorMessage Error = "";
  if (!minife::parseCommandLine(Argc, Argv, Params, Error)) {
    std::fprintf(stderr, "minife_proxy: error: %s\n", Error);
    return 2;
  }
  if (Params.ShowHelp) {
    std::fputs(minife::usageText(), stdout);
    return 0;
  }
  return minife::runProxy(Params);
}
