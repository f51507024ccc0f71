//===- benchmarks/miniFE/ManufacturedProblem.h - Test problem ---*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The boundary-value problem the proxy
// solves, chosen so that the discrete solution is known exactly:
//
//   -div(k grad u) = f  in the unit cube,   u = g  on its surface,
//   k(x, y, z) = 1 + (x + y + z) / 2,
//   u(x, y, z) = 1 + x/2 + y/4 + 3z/4 + 2xyz   (also g),
//   f = -grad k . grad u - k lap u = -(3/2 + 2(yz + xz + xy)) / 2,
//
// since lap u = 0. The field u is trilinear, so it lies in the hex8 finite-
// element space, and on the box's brick elements every integral of the
// Galerkin equations is a polynomial of degree at most 3 per direction,
// which the 2x2x2 Gauss rule integrates exactly. The nodal values of u
// therefore solve the assembled linear system exactly: the computed
// solution differs from u only by the linear solver's error and rounding,
// which makes the check in Verification.h strict.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_MANUFACTUREDPROBLEM_H
#define SEXTANT_BENCHMARKS_MINIFE_MANUFACTUREDPROBLEM_H

#include "Types.h"

namespace minife {

class ManufacturedProblem {
public:
  double conductivity(const Point &X) const {
    return 1.0 + 0.5 * (X[0] + X[1] + X[2]);
  }

  double solution(const Point &X) const {
    return 1.0 + 0.5 * X[0] + 0.25 * X[1] + 0.75 * X[2] +
           2.0 * X[0] * X[1] * X[2];
  }

  double source(const Point &X) const {
    double GradientSum = (0.5 + 2.0 * X[1] * X[2]) +
                         (0.25 + 2.0 * X[0] * X[2]) +
                         (0.75 + 2.0 * X[0] * X[1]);
    return -0.5 * GradientSum; // -grad k . grad u; lap u = 0
  }
};

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_MANUFACTUREDPROBLEM_H
