/* test/apps/mpi_threads.c - MPI_THREAD_MULTIPLE with concurrent MPI calls
 *
 * Part of Sextant's test programs. Every rank starts THREADS POSIX threads
 * that all call MPI at the same time: thread t of rank r exchanges ROUNDS
 * messages of (t + 1) ints with thread t of the ranks r + 1 and r - 1 (a
 * ring; the tag is the thread number): MPI_Irecv + MPI_Isend + MPI_Waitall,
 * and one MPI_Allreduce per thread on a communicator of its own (duplicated
 * by the main thread, so collectives of different threads never mix).
 *
 *   mpi_threads [THREADS ROUNDS]      (defaults 4 50)
 *
 * Per rank and direction: THREADS x ROUNDS messages and
 * ROUNDS x 4 x THREADS (THREADS + 1) / 2 bytes.
 */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int Rank, Size, Rounds;
static MPI_Comm *Comms;

__attribute__((noinline)) void exchange(int Thread, int *Out, int *In) {
  int Right = (Rank + 1) % Size, Left = (Rank + Size - 1) % Size;
  MPI_Request Requests[4];
  MPI_Irecv(In, Thread + 1, MPI_INT, Left, Thread, MPI_COMM_WORLD,
            &Requests[0]);
  MPI_Irecv(In + Thread + 1, Thread + 1, MPI_INT, Right, Thread,
            MPI_COMM_WORLD, &Requests[1]);
  MPI_Isend(Out, Thread + 1, MPI_INT, Right, Thread, MPI_COMM_WORLD,
            &Requests[2]);
  MPI_Isend(Out, Thread + 1, MPI_INT, Left, Thread, MPI_COMM_WORLD,
            &Requests[3]);
  MPI_Waitall(4, Requests, MPI_STATUSES_IGNORE);
}

static void *worker(void *Argument) {
  int Thread = (int)(long)Argument;
  int *Out = calloc(2 * (Thread + 1), sizeof(int));
  int *In = calloc(2 * (Thread + 1), sizeof(int));
  for (int Round = 0; Round < Rounds; ++Round)
    exchange(Thread, Out, In);
  int One = 1, Sum = 0;
  MPI_Allreduce(&One, &Sum, 1, MPI_INT, MPI_SUM, Comms[Thread]);
  free(Out);
  free(In);
  return (void *)(long)Sum;
}

int main(int argc, char **argv) {
  int Provided;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &Provided);
  if (Provided != MPI_THREAD_MULTIPLE) {
    fprintf(stderr, "mpi_threads: MPI_THREAD_MULTIPLE not provided\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  int Threads = argc > 2 ? atoi(argv[1]) : 4;
  Rounds = argc > 2 ? atoi(argv[2]) : 50;
  Comms = malloc(Threads * sizeof(MPI_Comm));
  for (int T = 0; T < Threads; ++T)
    MPI_Comm_dup(MPI_COMM_WORLD, &Comms[T]);
  pthread_t *Ids = malloc(Threads * sizeof(pthread_t));
  for (int T = 0; T < Threads; ++T)
    pthread_create(&Ids[T], NULL, worker, (void *)(long)T);
  int AllSums = 1;
  for (int T = 0; T < Threads; ++T) {
    void *Sum;
    pthread_join(Ids[T], &Sum);
    AllSums &= (int)(long)Sum == Size;
  }
  for (int T = 0; T < Threads; ++T)
    MPI_Comm_free(&Comms[T]);
  if (Rank == 0)
    printf("mpi_threads: %d ranks x %d threads x %d rounds, allreduce %s\n",
           Size, Threads, Rounds, AllSums ? "ok" : "WRONG");
  free(Ids);
  free(Comms);
  MPI_Finalize();
  return 0;
}
