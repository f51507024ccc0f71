//===- test/apps/long_signatures.cpp - Long C++ names in an MPI job -------===//
//
// Part of Sextant's test applications: the names real template-heavy C++
// codes give a profiler, several hundred characters each, from class
// templates with long template arguments, member function templates with
// long parameter lists and deep namespaces, with a little arithmetic in
// each so that they take time. Rank r does r + 1 times the sweeps, so the
// ranks' times differ (the load balance of the HTML report); each rank
// sends one value to the next (a ring), and a short function called once
// per cell can be throttled. Uses only the MPI C API (compile it with
// mpicc -x c++, link with -lstdc++).
// Usage: long_signatures [cells] [sweeps]   (defaults: 2000 20)
//
//===----------------------------------------------------------------------===//
#include <mpi.h>

#include <cstdio>
#include <cstdlib>

#define NOINLINE __attribute__((noinline))

namespace WavefrontSweepMultigroupTransport {
namespace DiscreteOrdinates {
namespace detail {

enum class StoragePolicy { RowMajorContiguous, ColumnMajorStrided };

template <typename ScalarType, int BlockRows, int BlockColumns,
          StoragePolicy Policy>
struct DenseBlockDescriptor {
  ScalarType Values[BlockRows * BlockColumns];
};

template <typename ScalarType, typename IndexType> struct BoundaryConditions {
  ScalarType Left;
  ScalarType Right;
  IndexType Width;
  // Short and called once per cell: throttled with SEXTANT_THROTTLE.
  NOINLINE ScalarType weightOfCellNearBoundary(IndexType Cell,
                                               IndexType NumberOfCells) const {
    return Cell == 0 || Cell + 1 == NumberOfCells ? Left : Right;
  }
};

template <typename ScalarType, typename IndexType, typename BlockDescriptor,
          typename BoundaryType>
class StencilKernelDispatcher {
public:
  template <typename WeightFunction>
  NOINLINE ScalarType applyStencilSweepWithBoundaries(
      const ScalarType *InputField, ScalarType *OutputField,
      IndexType NumberOfCells, const BoundaryType &Boundaries,
      const BlockDescriptor &Block, WeightFunction Weight) const {
    ScalarType Change = 0;
    for (IndexType I = 0; I < NumberOfCells; ++I) {
      ScalarType L = I > 0 ? InputField[I - 1] : Boundaries.Left;
      ScalarType R =
          I + 1 < NumberOfCells ? InputField[I + 1] : Boundaries.Right;
      ScalarType New = Weight(L, InputField[I], R) + Block.Values[I % 4] * 0;
      Change += New > InputField[I] ? New - InputField[I] : InputField[I] - New;
      OutputField[I] = New;
    }
    return Change;
  }

  NOINLINE ScalarType reduceResidualNormAcrossAllCells(
      const ScalarType *Field, IndexType NumberOfCells,
      const BoundaryType &Boundaries) const {
    ScalarType Sum = Boundaries.Left * 0;
    for (IndexType I = 0; I < NumberOfCells; ++I)
      Sum += Field[I] * Field[I] *
             Boundaries.weightOfCellNearBoundary(I, NumberOfCells);
    return Sum;
  }
};

struct ThreePointAverage {
  double operator()(double L, double C, double R) const {
    return 0.25 * L + 0.5 * C + 0.25 * R;
  }
};

} // namespace detail
} // namespace DiscreteOrdinates
} // namespace WavefrontSweepMultigroupTransport

using namespace WavefrontSweepMultigroupTransport::DiscreteOrdinates::detail;
using Block =
    DenseBlockDescriptor<double, 4, 4, StoragePolicy::RowMajorContiguous>;
using Boundaries = BoundaryConditions<double, long>;
using Dispatcher = StencilKernelDispatcher<double, long, Block, Boundaries>;

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  long Cells = argc > 1 ? std::atol(argv[1]) : 2000;
  int Sweeps = argc > 2 ? std::atoi(argv[2]) : 20;
  double *A = new double[Cells];
  double *B = new double[Cells];
  for (long I = 0; I < Cells; ++I)
    A[I] = (I * 7919 % 101) / 100.0;
  Block Descriptor{};
  Boundaries Edges{1.0, 0.0, Cells};
  Dispatcher Kernels;
  double Change = 0;
  for (int S = 0; S < Sweeps * (Rank + 1); ++S) {
    Change = Kernels.applyStencilSweepWithBoundaries(
        A, B, Cells, Edges, Descriptor, ThreePointAverage());
    double *T = A;
    A = B;
    B = T;
  }
  // One value to the right neighbour, one from the left (a ring).
  int Size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  double FromLeft = 0;
  MPI_Sendrecv(&A[Cells - 1], 1, MPI_DOUBLE, (Rank + 1) % Size, 0, &FromLeft, 1,
               MPI_DOUBLE, (Rank + Size - 1) % Size, 0, MPI_COMM_WORLD,
               MPI_STATUS_IGNORE);
  A[0] += FromLeft * 0;
  double Local = Kernels.reduceResidualNormAcrossAllCells(A, Cells, Edges);
  double Global = 0;
  MPI_Allreduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (Rank == 0)
    std::printf("long_signatures: %.6f %.6f\n", Global, Change);
  delete[] A;
  delete[] B;
  MPI_Finalize();
  return 0;
}
