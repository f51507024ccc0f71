/* test/apps/jacobi_mpi.c - hybrid MPI+OpenMP Jacobi solver
 *
 * Part of Sextant's test programs. Solves A u = f for the 5-point stencil
 * on an NX x NY grid with a diagonal shift (A = (4 + shift) I - neighbours,
 * strictly diagonally dominant, so Jacobi converges) by a fixed number of
 * Jacobi iterations: the Score-P plug-in paper's first case study.
 *
 * Decomposition: the NY grid rows are split into contiguous row blocks,
 * one per rank (the first NY % P ranks get one more row). Every iteration
 * exchanges one halo row of NX doubles with each neighbour rank (rank - 1
 * and rank + 1) through MPI_Irecv/MPI_Isend/MPI_Waitall, sweeps the local
 * rows with an OpenMP parallel loop and computes the global residual with
 * MPI_Allreduce. So each pair of neighbour ranks exchanges exactly ITERS
 * messages of NX * 8 bytes in each direction.
 *
 *   jacobi_mpi [NX NY ITERS]      (defaults 256 256 50)
 *
 * Rank 0 broadcasts the problem size (MPI_Bcast of 3 ints) and prints the
 * final residual and a checksum (MPI_Reduce of one double).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

typedef struct {
  int NX, NY, Iterations;
  int Rank, Size;
  int FirstRow, Rows; /* global index of the first local row, local rows */
  double *U, *UNew, *F; /* (Rows + 2) x NX, with halo rows 0 and Rows + 1 */
} Problem;

static const double Shift = 0.5;

NOINLINE void decompose(Problem *P) {
  int Base = P->NY / P->Size, Extra = P->NY % P->Size;
  P->Rows = Base + (P->Rank < Extra ? 1 : 0);
  P->FirstRow = P->Rank * Base + (P->Rank < Extra ? P->Rank : Extra);
}

NOINLINE void initialize(Problem *P) {
  size_t Cells = (size_t)(P->Rows + 2) * P->NX;
  P->U = calloc(Cells, sizeof(double));
  P->UNew = calloc(Cells, sizeof(double));
  P->F = calloc(Cells, sizeof(double));
  for (int I = 1; I <= P->Rows; ++I)
    for (int J = 0; J < P->NX; ++J)
      P->F[(size_t)I * P->NX + J] =
          1.0 + 0.001 * ((P->FirstRow + I - 1 + J) % 17);
}

NOINLINE void exchange_halo(Problem *P) {
  MPI_Request Requests[4];
  int Count = 0;
  double *U = P->U;
  int NX = P->NX;
  if (P->Rank > 0) {
    MPI_Irecv(U, NX, MPI_DOUBLE, P->Rank - 1, 1, MPI_COMM_WORLD,
              &Requests[Count++]);
    MPI_Isend(U + NX, NX, MPI_DOUBLE, P->Rank - 1, 2, MPI_COMM_WORLD,
              &Requests[Count++]);
  }
  if (P->Rank < P->Size - 1) {
    MPI_Irecv(U + (size_t)(P->Rows + 1) * NX, NX, MPI_DOUBLE, P->Rank + 1, 2,
              MPI_COMM_WORLD, &Requests[Count++]);
    MPI_Isend(U + (size_t)P->Rows * NX, NX, MPI_DOUBLE, P->Rank + 1, 1,
              MPI_COMM_WORLD, &Requests[Count++]);
  }
  MPI_Waitall(Count, Requests, MPI_STATUSES_IGNORE);
}

/* One Jacobi sweep over the local rows; returns the local squared update. */
NOINLINE double jacobi_sweep(Problem *P) {
  int NX = P->NX, Rows = P->Rows;
  const double *U = P->U, *F = P->F;
  double *UNew = P->UNew;
  double Diagonal = 4.0 + Shift, Change = 0.0;
#pragma omp parallel for reduction(+ : Change) schedule(static)
  for (int I = 1; I <= Rows; ++I) {
    for (int J = 0; J < NX; ++J) {
      size_t K = (size_t)I * NX + J;
      double Sum = U[K - NX] + U[K + NX];
      if (J > 0)
        Sum += U[K - 1];
      if (J < NX - 1)
        Sum += U[K + 1];
      UNew[K] = (F[K] + Sum) / Diagonal;
      Change += (UNew[K] - U[K]) * (UNew[K] - U[K]);
    }
  }
  return Change;
}

NOINLINE double global_residual(double Local) {
  double Global = 0.0;
  MPI_Allreduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return Global;
}

NOINLINE void swap_fields(Problem *P) {
  double *T = P->U;
  P->U = P->UNew;
  P->UNew = T;
}

NOINLINE double checksum(const Problem *P) {
  double Local = 0.0, Global = 0.0;
  for (int I = 1; I <= P->Rows; ++I)
    for (int J = 0; J < P->NX; ++J)
      Local += P->U[(size_t)I * P->NX + J];
  MPI_Reduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return Global;
}

int main(int argc, char **argv) {
  int Provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &Provided);
  Problem P;
  memset(&P, 0, sizeof(P));
  MPI_Comm_rank(MPI_COMM_WORLD, &P.Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &P.Size);
  int Sizes[3] = {256, 256, 50};
  if (P.Rank == 0 && argc == 4)
    for (int I = 0; I < 3; ++I)
      Sizes[I] = atoi(argv[I + 1]);
  MPI_Bcast(Sizes, 3, MPI_INT, 0, MPI_COMM_WORLD);
  P.NX = Sizes[0];
  P.NY = Sizes[1];
  P.Iterations = Sizes[2];
  if (P.NX < 1 || P.NY < P.Size || P.Iterations < 1) {
    if (P.Rank == 0)
      fprintf(stderr, "jacobi_mpi: need NX >= 1, NY >= ranks, ITERS >= 1\n");
    MPI_Finalize();
    return 1;
  }
  decompose(&P);
  initialize(&P);
  double Residual = 0.0;
  for (int Iteration = 0; Iteration < P.Iterations; ++Iteration) {
    exchange_halo(&P);
    Residual = global_residual(jacobi_sweep(&P));
    swap_fields(&P);
  }
  double Sum = checksum(&P);
  if (P.Rank == 0)
    printf("jacobi_mpi: %d ranks, %dx%d grid, %d iterations, residual %.3e, "
           "checksum %.6f\n",
           P.Size, P.NX, P.NY, P.Iterations, Residual, Sum);
  free(P.U);
  free(P.UNew);
  free(P.F);
  MPI_Finalize();
  return 0;
}
