/* test/apps/mpi_faults.c - an MPI program that ends badly on purpose
 *
 * Part of Sextant's test programs. Every rank does some measured work
 * (work(), MPI_Allreduce, MPI_Barrier), then:
 *
 *   mpi_faults abort    rank 1 calls MPI_Abort(MPI_COMM_WORLD, 3) while the
 *                       other ranks wait in MPI_Recv for a message that
 *                       never comes (the launcher then kills them)
 *   mpi_faults crash    rank 1 dies of SIGSEGV, the others wait as above
 *   mpi_faults fpe      rank 1 dies of SIGFPE (raised), the others wait
 *   mpi_faults nofinal  every rank returns from main without MPI_Finalize
 *   mpi_faults killed   every rank goes on with work() and MPI_Allreduce
 *                       until it is killed (SIGKILL, by the test), at most
 *                       120 s, then finalizes
 */
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

__attribute__((noinline)) double work(int Rank) {
  volatile double Sum = 0;
  for (int I = 0; I < 200000; ++I)
    Sum += (I % 7) * 0.5 + Rank;
  return Sum;
}

__attribute__((noinline)) void fail(const char *Mode) {
  if (strcmp(Mode, "abort") == 0)
    MPI_Abort(MPI_COMM_WORLD, 3);
  raise(strcmp(Mode, "fpe") == 0 ? SIGFPE : SIGSEGV);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  const char *Mode = argc > 1 ? argv[1] : "nofinal";
  double Local = work(Rank), Global = 0;
  MPI_Allreduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  if (strcmp(Mode, "nofinal") == 0)
    return 0;
  if (strcmp(Mode, "killed") == 0) {
    double Start = MPI_Wtime();
    while (MPI_Wtime() - Start < 120) {
      Local = work(Rank);
      MPI_Allreduce(&Local, &Global, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
  }
  if (Rank == 1) {
    usleep(200000); /* the others are waiting in MPI_Recv by now */
    fail(Mode);
  }
  int Never = 0;
  MPI_Recv(&Never, 1, MPI_INT, MPI_ANY_SOURCE, 99, MPI_COMM_WORLD,
           MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
