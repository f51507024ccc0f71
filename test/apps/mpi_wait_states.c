/* test/apps/mpi_wait_states.c - MPI wait states with known answers
 *
 * Part of Sextant's test programs: run with 2 ranks and SEXTANT_TRACE=1;
 * each case is a function of its own (so that its MPI calls have their own
 * call path), started by a barrier in align() and made of one rank that is
 * late on purpose:
 *
 *   late_sender           rank 0 sleeps 200 ms, then MPI_Send; rank 1 is
 *                         in MPI_Recv already: rank 1 waits about 0.2 s
 *   barrier_apart         rank 1 sleeps 50 ms before MPI_Barrier: rank 0
 *                         waits about 0.05 s
 *   late_receiver         rank 1 sleeps 200 ms before MPI_Recv; rank 0's
 *                         MPI_Ssend waits about 0.2 s
 *   nonblocking_exchange  both post MPI_Irecv, rank 0 sleeps 200 ms before
 *                         its MPI_Isend, both complete with MPI_Waitall:
 *                         rank 1's MPI_Waitall waits about 0.2 s
 *   late_broadcast        the root, rank 0, sleeps 100 ms before MPI_Bcast:
 *                         rank 1 waits about 0.1 s
 *
 * An argument lists the cases to run, separated by commas (default: the
 * five above, in this order); "filler" is one more, which enters and exits
 * a small function 4000 times (to fill trace buffers: with a small
 * SEXTANT_BUFFER_SIZE its events span several chunks).
 */
#define _POSIX_C_SOURCE 199309L
#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static int Rank;

static void sleepMs(long Milliseconds) {
  struct timespec Delay = {Milliseconds / 1000,
                           (Milliseconds % 1000) * 1000000L};
  while (nanosleep(&Delay, &Delay) != 0)
    ;
}

__attribute__((noinline)) static void align(void) {
  MPI_Barrier(MPI_COMM_WORLD);
}

__attribute__((noinline)) static void late_sender(void) {
  int Value = 1;
  if (Rank == 0) {
    sleepMs(200);
    MPI_Send(&Value, 1, MPI_INT, 1, 10, MPI_COMM_WORLD);
  } else {
    MPI_Recv(&Value, 1, MPI_INT, 0, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

__attribute__((noinline)) static void barrier_apart(void) {
  if (Rank == 1)
    sleepMs(50);
  MPI_Barrier(MPI_COMM_WORLD);
}

__attribute__((noinline)) static void late_receiver(void) {
  int Value = 2;
  if (Rank == 0) {
    MPI_Ssend(&Value, 1, MPI_INT, 1, 20, MPI_COMM_WORLD);
  } else {
    sleepMs(200);
    MPI_Recv(&Value, 1, MPI_INT, 0, 20, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
}

__attribute__((noinline)) static void nonblocking_exchange(void) {
  int Out = Rank, In = -1;
  int Other = 1 - Rank;
  MPI_Request Requests[2];
  MPI_Irecv(&In, 1, MPI_INT, Other, 30, MPI_COMM_WORLD, &Requests[0]);
  if (Rank == 0)
    sleepMs(200);
  MPI_Isend(&Out, 1, MPI_INT, Other, 30, MPI_COMM_WORLD, &Requests[1]);
  MPI_Waitall(2, Requests, MPI_STATUSES_IGNORE);
}

__attribute__((noinline)) static int filler_step(int Value) {
  __asm__ volatile("" : "+r"(Value));
  return Value + 1;
}

__attribute__((noinline)) static void filler(void) {
  int Value = 0;
  for (int I = 0; I < 4000; ++I)
    Value = filler_step(Value);
  if (Value != 4000)
    fprintf(stderr, "mpi_wait_states: filler counted %d\n", Value);
}

__attribute__((noinline)) static void late_broadcast(void) {
  int Value = 3;
  if (Rank == 0)
    sleepMs(100);
  MPI_Bcast(&Value, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  int Size;
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  if (Size != 2) {
    if (Rank == 0)
      fprintf(stderr, "mpi_wait_states: run with 2 ranks\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  static const struct {
    const char *Name;
    void (*Run)(void);
  } Cases[] = {{"late_sender", late_sender},
               {"barrier_apart", barrier_apart},
               {"late_receiver", late_receiver},
               {"nonblocking_exchange", nonblocking_exchange},
               {"late_broadcast", late_broadcast},
               {"filler", filler}};
  const unsigned CaseCount = sizeof(Cases) / sizeof(Cases[0]);
  const char *List = argc > 1 ? argv[1]
                              : "late_sender,barrier_apart,late_receiver,"
                                "nonblocking_exchange,late_broadcast";
  while (*List) {
    size_t Length = strcspn(List, ",");
    unsigned I = 0;
    while (I < CaseCount && (strlen(Cases[I].Name) != Length ||
                             strncmp(Cases[I].Name, List, Length) != 0))
      ++I;
    if (I == CaseCount) {
      if (Rank == 0)
        fprintf(stderr, "mpi_wait_states: unknown case '%.*s'\n", (int)Length,
                List);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    align();
    Cases[I].Run();
    List += Length;
    if (*List == ',')
      ++List;
  }
  align();
  if (Rank == 0)
    printf("mpi_wait_states: done\n");
  MPI_Finalize();
  return 0;
}
