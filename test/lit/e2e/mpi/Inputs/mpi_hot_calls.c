/* Many short calls of MPI_Wtime (an MPI function the PMPI adapter measures:
 * a region the runtime creates) and of the small function `elapsed`
 * (compiled with the plugin), which calls MPI_Wtime: every rank calls
 * `elapsed` CALLS times and MPI_Wtime CALLS + 1 times.
 * Usage: mpi_hot_calls CALLS */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) double elapsed(double Start) {
  return MPI_Wtime() - Start;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Calls = argc > 1 ? atoi(argv[1]) : 2000;
  int Rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  double Start = MPI_Wtime(), Sum = 0, Total = 0;
  for (int I = 0; I < Calls; ++I)
    Sum += elapsed(Start);
  MPI_Reduce(&Sum, &Total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (Rank == 0)
    printf("mpi_hot_calls: %d calls, %s\n", Calls,
           Total >= 0 ? "ok" : "clock went back");
  MPI_Finalize();
  return 0;
}
