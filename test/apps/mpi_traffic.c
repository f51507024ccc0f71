/* test/apps/mpi_traffic.c - MPI traffic with known byte counts
 *
 * Part of Sextant's test programs: exercises the PMPI adapter's byte and
 * partner accounting (run it with 3 ranks; rank r's "right" is r + 1 and its
 * "left" r - 1, cyclically). Per rank:
 *
 *   1. MPI_Sendrecv of 10 ints on a communicator whose ranks are the world
 *      ranks reversed (so partner ranks must be translated): to comm rank
 *      c + 1, which is world rank "left"                    40 B to left
 *   2. MPI_Irecv/MPI_Isend of 100 doubles, completed by MPI_Waitany
 *                                                            800 B to right
 *   3. persistent MPI_Send_init/MPI_Recv_init of 5 doubles, started 3 times
 *      (MPI_Startall + MPI_Waitall), then MPI_Request_free     3 x 40 B right
 *   4. an MPI_Irecv that is cancelled (MPI_Cancel + MPI_Wait): not counted
 *   5. MPI_Isend of 1 int to the left, completed by MPI_Testall   4 B to left
 *   6. collectives: MPI_Bcast (16 ints, root 0), MPI_Reduce (4 doubles,
 *      root 1, MPI_IN_PLACE at the root), MPI_Allreduce (2 doubles,
 *      MPI_IN_PLACE), MPI_Gatherv (rank r sends r + 1 ints to root 0, which
 *      uses MPI_IN_PLACE), MPI_Scatter (3 ints from root 0), MPI_Alltoall
 *      (2 ints per pair), MPI_Iallreduce (1 double) + MPI_Wait,
 *      MPI_Allreduce_c (3 doubles, the large-count variant; MPI 4.0 only)
 *   7. one-sided, between two fences: MPI_Put of 1 int to the right, MPI_Get
 *      of 2 ints from the left
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  int Right = (Rank + 1) % Size, Left = (Rank + Size - 1) % Size;

  /* 1 */
  MPI_Comm Reversed;
  MPI_Comm_split(MPI_COMM_WORLD, 0, Size - 1 - Rank, &Reversed);
  int C;
  MPI_Comm_rank(Reversed, &C);
  int Ints[10] = {0}, IntsIn[10];
  MPI_Sendrecv(Ints, 10, MPI_INT, (C + 1) % Size, 1, IntsIn, 10, MPI_INT,
               (C + Size - 1) % Size, 1, Reversed, MPI_STATUS_IGNORE);
  MPI_Comm_free(&Reversed);

  /* 2 */
  double Big[100] = {0}, BigIn[100];
  MPI_Request Two[2];
  MPI_Irecv(BigIn, 100, MPI_DOUBLE, MPI_ANY_SOURCE, 2, MPI_COMM_WORLD, &Two[0]);
  MPI_Isend(Big, 100, MPI_DOUBLE, Right, 2, MPI_COMM_WORLD, &Two[1]);
  for (int Done = 0; Done < 2; ++Done) {
    int Index;
    MPI_Waitany(2, Two, &Index, MPI_STATUS_IGNORE);
  }

  /* 3 */
  double Five[5] = {0}, FiveIn[5];
  MPI_Request Persistent[2];
  MPI_Recv_init(FiveIn, 5, MPI_DOUBLE, Left, 3, MPI_COMM_WORLD, &Persistent[0]);
  MPI_Send_init(Five, 5, MPI_DOUBLE, Right, 3, MPI_COMM_WORLD, &Persistent[1]);
  for (int Round = 0; Round < 3; ++Round) {
    MPI_Startall(2, Persistent);
    MPI_Waitall(2, Persistent, MPI_STATUSES_IGNORE);
  }
  MPI_Request_free(&Persistent[0]);
  MPI_Request_free(&Persistent[1]);

  /* 4 */
  int Never;
  MPI_Request Cancelled;
  MPI_Irecv(&Never, 1, MPI_INT, Left, 777, MPI_COMM_WORLD, &Cancelled);
  MPI_Cancel(&Cancelled);
  MPI_Status CancelStatus;
  MPI_Wait(&Cancelled, &CancelStatus);
  int WasCancelled = 0;
  MPI_Test_cancelled(&CancelStatus, &WasCancelled);

  /* 5 */
  int One = Rank, OneIn = -1, Flag = 0;
  MPI_Request Tested[2];
  MPI_Irecv(&OneIn, 1, MPI_INT, Right, 5, MPI_COMM_WORLD, &Tested[0]);
  MPI_Isend(&One, 1, MPI_INT, Left, 5, MPI_COMM_WORLD, &Tested[1]);
  while (!Flag)
    MPI_Testall(2, Tested, &Flag, MPI_STATUSES_IGNORE);

  /* 6 */
  int Sixteen[16] = {0};
  MPI_Bcast(Sixteen, 16, MPI_INT, 0, MPI_COMM_WORLD);
  double Four[4] = {1, 2, 3, 4}, FourOut[4];
  if (Rank == 1)
    MPI_Reduce(MPI_IN_PLACE, Four, 4, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
  else
    MPI_Reduce(Four, FourOut, 4, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
  double Two2[2] = {1, 2};
  MPI_Allreduce(MPI_IN_PLACE, Two2, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  int Mine[8] = {0};
  int *Gathered = calloc((size_t)Size * (Size + 1), sizeof(int));
  int *Counts = malloc(Size * sizeof(int)), *Displs = malloc(Size * sizeof(int));
  for (int I = 0; I < Size; ++I) {
    Counts[I] = I + 1;
    Displs[I] = I * (Size + 1);
  }
  if (Rank == 0)
    MPI_Gatherv(MPI_IN_PLACE, 0, MPI_INT, Gathered, Counts, Displs, MPI_INT,
                0, MPI_COMM_WORLD);
  else
    MPI_Gatherv(Mine, Rank + 1, MPI_INT, NULL, NULL, NULL, MPI_INT, 0,
                MPI_COMM_WORLD);
  int *Scattered = calloc((size_t)Size * 3, sizeof(int)), Three[3];
  MPI_Scatter(Scattered, 3, MPI_INT, Three, 3, MPI_INT, 0, MPI_COMM_WORLD);
  int *AllOut = calloc((size_t)Size * 2, sizeof(int));
  int *AllIn = calloc((size_t)Size * 2, sizeof(int));
  MPI_Alltoall(AllOut, 2, MPI_INT, AllIn, 2, MPI_INT, MPI_COMM_WORLD);
  double X = 1, Y;
  MPI_Request Nonblocking;
  MPI_Iallreduce(&X, &Y, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD, &Nonblocking);
  MPI_Wait(&Nonblocking, MPI_STATUS_IGNORE);
#if MPI_VERSION >= 4 /* large counts: MPI 4.0 (not Open MPI 4.1) */
  double Three3[3] = {1, 2, 3}, Three3Out[3];
  MPI_Allreduce_c(Three3, Three3Out, 3, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
#endif

  /* 7 */
  int *Window;
  MPI_Win Win;
  MPI_Win_allocate(4 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD,
                   &Window, &Win);
  MPI_Win_fence(0, Win);
  int Put = Rank, Got[2];
  MPI_Put(&Put, 1, MPI_INT, Right, 0, 1, MPI_INT, Win);
  MPI_Get(Got, 2, MPI_INT, Left, 2, 2, MPI_INT, Win);
  MPI_Win_fence(0, Win);
  MPI_Win_free(&Win);

  if (Rank == 0)
    printf("mpi_traffic: %d ranks, cancelled %d\n", Size, WasCancelled);
  free(Gathered);
  free(Counts);
  free(Displs);
  free(Scattered);
  free(AllOut);
  free(AllIn);
  MPI_Finalize();
  return 0;
}
