/* test/apps/other_pmpi_tool.c - a second PMPI tool
 *
 * Part of Sextant's test programs: a shared library that, like Sextant's
 * adapter, defines MPI functions (MPI_Allreduce, MPI_Barrier) and forwards
 * them to their PMPI versions, counting the calls it sees; it prints the
 * count on stdout when the process ends.
 */
#include <mpi.h>
#include <stdio.h>

static int Seen;

int MPI_Allreduce(const void *SendBuffer, void *ReceiveBuffer, int Count,
                  MPI_Datatype Type, MPI_Op Op, MPI_Comm Comm) {
  ++Seen;
  return PMPI_Allreduce(SendBuffer, ReceiveBuffer, Count, Type, Op, Comm);
}

int MPI_Barrier(MPI_Comm Comm) {
  ++Seen;
  return PMPI_Barrier(Comm);
}

__attribute__((destructor)) static void report(void) {
  printf("other_pmpi_tool: saw %d call(s)\n", Seen);
  fflush(stdout);
}
