//===- benchmarks/miniFE/Hex8Element.h - Hex8 element -----------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. The per-element computations of the
// finite-element method for -div(k grad u) = f with trilinear hexahedral
// (hex8) elements, as small templated functions: the 2x2x2 Gauss rule,
// shape functions and their gradients on the reference cube [-1,1]^3, the
// Jacobian of the map to the physical element with its determinant and
// inverse, the element diffusion matrix
//   Ke[a][b] = sum_g w_g det(J) k(x_g) grad N_a(x_g) . grad N_b(x_g)
// and the element source vector
//   Fe[a] = sum_g w_g det(J) f(x_g) N_a(x_g).
// The 2-point rule per direction integrates polynomials of degree 3 per
// direction exactly.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_HEX8ELEMENT_H
#define SEXTANT_BENCHMARKS_MINIFE_HEX8ELEMENT_H

#include "Types.h"

#include <cmath>

namespace minife {
namespace hex8 {

constexpr int GaussPointCount = 8;

template <typename Scalar> using Vector3 = Scalar[Dimensions];
template <typename Scalar> using Matrix3 = Scalar[Dimensions][Dimensions];
template <typename Scalar>
using ShapeGradients = Scalar[NodesPerElement][Dimensions];
template <typename Scalar>
using NodeCoordinates = Scalar[NodesPerElement][Dimensions];

/// The reference coordinate (-1 or 1) of local node Node in direction
/// Direction.
template <typename Scalar> Scalar referenceCorner(int Node, int Direction) {
  static constexpr int Sign[NodesPerElement][Dimensions] = {
      {-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
      {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};
  return Scalar(Sign[Node][Direction]);
}

/// The 2x2x2 Gauss-Legendre rule on [-1,1]^3: points +-1/sqrt(3) per
/// direction, every weight 1.
template <typename Scalar>
void gaussPoints(Scalar (&Points)[GaussPointCount][Dimensions],
                 Scalar (&Weights)[GaussPointCount]) {
  const Scalar Abscissa = Scalar(1) / std::sqrt(Scalar(3));
  for (int G = 0; G < GaussPointCount; ++G) {
    for (int D = 0; D < Dimensions; ++D)
      Points[G][D] = Abscissa * referenceCorner<Scalar>(G, D);
    Weights[G] = Scalar(1);
  }
}

/// The trilinear shape functions N_a at reference point Xi.
template <typename Scalar>
void shapeFunctions(const Vector3<Scalar> &Xi,
                    Scalar (&Values)[NodesPerElement]) {
  for (int A = 0; A < NodesPerElement; ++A) {
    Scalar Value = Scalar(0.125);
    for (int D = 0; D < Dimensions; ++D)
      Value *= Scalar(1) + referenceCorner<Scalar>(A, D) * Xi[D];
    Values[A] = Value;
  }
}

/// The derivatives dN_a/dxi_d of the shape functions at reference point Xi.
template <typename Scalar>
void shapeFunctionGradients(const Vector3<Scalar> &Xi,
                            ShapeGradients<Scalar> &Gradients) {
  for (int A = 0; A < NodesPerElement; ++A)
    for (int D = 0; D < Dimensions; ++D) {
      Scalar Derivative = Scalar(0.125) * referenceCorner<Scalar>(A, D);
      for (int E = 0; E < Dimensions; ++E)
        if (E != D)
          Derivative *= Scalar(1) + referenceCorner<Scalar>(A, E) * Xi[E];
      Gradients[A][D] = Derivative;
    }
}

/// J[i][j] = dx_j / dxi_i at the point where Gradients were evaluated.
template <typename Scalar>
void jacobian(const NodeCoordinates<Scalar> &Coordinates,
              const ShapeGradients<Scalar> &Gradients, Matrix3<Scalar> &J) {
  for (int I = 0; I < Dimensions; ++I)
    for (int K = 0; K < Dimensions; ++K) {
      Scalar Sum = Scalar(0);
      for (int A = 0; A < NodesPerElement; ++A)
        Sum += Gradients[A][I] * Coordinates[A][K];
      J[I][K] = Sum;
    }
}

template <typename Scalar> Scalar determinant(const Matrix3<Scalar> &J) {
  return J[0][0] * (J[1][1] * J[2][2] - J[1][2] * J[2][1]) -
         J[0][1] * (J[1][0] * J[2][2] - J[1][2] * J[2][0]) +
         J[0][2] * (J[1][0] * J[2][1] - J[1][1] * J[2][0]);
}

/// The inverse of J by its adjugate; Determinant must be det(J) != 0.
template <typename Scalar>
void inverse(const Matrix3<Scalar> &J, Scalar Determinant,
             Matrix3<Scalar> &Inverse) {
  const Scalar Scale = Scalar(1) / Determinant;
  for (int I = 0; I < Dimensions; ++I)
    for (int K = 0; K < Dimensions; ++K) {
      // Inverse[I][K] is the cofactor of J[K][I]; the cyclic index order
      // gives the cofactor's sign.
      int R1 = (K + 1) % 3, R2 = (K + 2) % 3;
      int C1 = (I + 1) % 3, C2 = (I + 2) % 3;
      Inverse[I][K] = Scale * (J[R1][C1] * J[R2][C2] - J[R1][C2] * J[R2][C1]);
    }
}

/// Physical gradients grad N_a = J^{-1} (dN_a/dxi).
template <typename Scalar>
void physicalGradients(const Matrix3<Scalar> &InverseJ,
                       const ShapeGradients<Scalar> &ReferenceGradients,
                       ShapeGradients<Scalar> &Gradients) {
  for (int A = 0; A < NodesPerElement; ++A)
    for (int I = 0; I < Dimensions; ++I) {
      Scalar Sum = Scalar(0);
      for (int K = 0; K < Dimensions; ++K)
        Sum += InverseJ[I][K] * ReferenceGradients[A][K];
      Gradients[A][I] = Sum;
    }
}

/// The physical point x = sum_a N_a x_a.
template <typename Scalar>
Point mapToPhysical(const NodeCoordinates<Scalar> &Coordinates,
                    const Scalar (&Shape)[NodesPerElement]) {
  Point X = {0, 0, 0};
  for (int A = 0; A < NodesPerElement; ++A)
    for (int D = 0; D < Dimensions; ++D)
      X[D] += Shape[A] * Coordinates[A][D];
  return X;
}

/// Everything one Gauss point contributes: the physical point, the shape
/// function values and gradients, and the weight times det(J).
template <typename Scalar> struct QuadraturePoint {
  Point Position;
  Scalar Shape[NodesPerElement];
  ShapeGradients<Scalar> Gradients;
  Scalar WeightedDeterminant;
};

template <typename Scalar>
void evaluateQuadraturePoint(const NodeCoordinates<Scalar> &Coordinates,
                             const Vector3<Scalar> &Xi, Scalar Weight,
                             QuadraturePoint<Scalar> &Q) {
  ShapeGradients<Scalar> ReferenceGradients;
  shapeFunctionGradients(Xi, ReferenceGradients);
  Matrix3<Scalar> J, InverseJ;
  jacobian(Coordinates, ReferenceGradients, J);
  Scalar Det = determinant(J);
  inverse(J, Det, InverseJ);
  physicalGradients(InverseJ, ReferenceGradients, Q.Gradients);
  shapeFunctions(Xi, Q.Shape);
  Q.Position = mapToPhysical(Coordinates, Q.Shape);
  Q.WeightedDeterminant = Weight * Det;
}

template <typename Scalar>
Scalar dotGradients(const ShapeGradients<Scalar> &Gradients, int A, int B) {
  Scalar Sum = Scalar(0);
  for (int D = 0; D < Dimensions; ++D)
    Sum += Gradients[A][D] * Gradients[B][D];
  return Sum;
}

/// Adds the contribution of one Gauss point to the element diffusion
/// matrix.
template <typename Scalar>
void addDiffusionContribution(const QuadraturePoint<Scalar> &Q,
                              Scalar Conductivity,
                              Scalar (&Ke)[NodesPerElement][NodesPerElement]) {
  const Scalar Factor = Q.WeightedDeterminant * Conductivity;
  for (int A = 0; A < NodesPerElement; ++A)
    for (int B = 0; B < NodesPerElement; ++B)
      Ke[A][B] += Factor * dotGradients(Q.Gradients, A, B);
}

/// Adds the contribution of one Gauss point to the element source vector.
template <typename Scalar>
void addSourceContribution(const QuadraturePoint<Scalar> &Q, Scalar Source,
                           Scalar (&Fe)[NodesPerElement]) {
  const Scalar Factor = Q.WeightedDeterminant * Source;
  for (int A = 0; A < NodesPerElement; ++A)
    Fe[A] += Factor * Q.Shape[A];
}

/// The element diffusion matrix Ke and source vector Fe of the element with
/// the given node coordinates, for the conductivity k(x) and source f(x)
/// of Problem.
template <typename Scalar, typename ProblemType>
void diffusionMatrixAndSource(const ProblemType &Problem,
                              const NodeCoordinates<Scalar> &Coordinates,
                              Scalar (&Ke)[NodesPerElement][NodesPerElement],
                              Scalar (&Fe)[NodesPerElement]) {
  Scalar Points[GaussPointCount][Dimensions];
  Scalar Weights[GaussPointCount];
  gaussPoints(Points, Weights);
  for (int A = 0; A < NodesPerElement; ++A) {
    Fe[A] = Scalar(0);
    for (int B = 0; B < NodesPerElement; ++B)
      Ke[A][B] = Scalar(0);
  }
  for (int G = 0; G < GaussPointCount; ++G) {
    QuadraturePoint<Scalar> Q;
    evaluateQuadraturePoint(Coordinates, Points[G], Weights[G], Q);
    addDiffusionContribution(Q, Scalar(Problem.conductivity(Q.Position)), Ke);
    addSourceContribution(Q, Scalar(Problem.source(Q.Position)), Fe);
  }
}

} // namespace hex8
} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_HEX8ELEMENT_H
