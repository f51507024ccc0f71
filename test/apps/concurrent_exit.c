/* concurrent_exit.c - threads that call exit() at the same moment (C).
 *
 * Part of Sextant's test applications. Usage: concurrent_exit MODE N
 *   MODE "threads": N worker threads meet at a barrier and then all call
 *                   exit(3) at once, inside the instrumented frames
 *                   worker -> leave; main waits in pthread_join.
 *   MODE "main":    N worker threads meet main at a barrier; the workers
 *                   call exit(3) while main returns 3 from main.
 *   MODE "join":    as "threads", and an atexit handler joins every worker
 *                   but its own thread, as a thread pool's destructor
 *                   would: the first exit waits for the others; main
 *                   meets the workers at the barrier and then waits.
 * Either way the exit status is 3, whichever exit ends the process. Visit
 * counts when the run is recorded whole: worker N, leave N (main 1).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static pthread_barrier_t Barrier;
static pthread_t *Threads;
static int Count;

static void joinWorkers(void) {
  for (int I = 0; I < Count; ++I)
    if (!pthread_equal(Threads[I], pthread_self()))
      pthread_join(Threads[I], NULL);
}

NOINLINE void leave(void) { exit(3); }

NOINLINE void *worker(void *Argument) {
  (void)Argument;
  pthread_barrier_wait(&Barrier);
  leave();
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: concurrent_exit threads|main|join N\n");
    return 2;
  }
  int MainReturns = strcmp(argv[1], "main") == 0;
  int Joins = strcmp(argv[1], "join") == 0;
  Count = atoi(argv[2]);
  if (Count < 1 || Count > 1024)
    return 2;
  pthread_barrier_init(&Barrier, NULL,
                       (unsigned)Count + (MainReturns || Joins ? 1 : 0));
  Threads = calloc((size_t)Count, sizeof(pthread_t));
  if (Joins)
    atexit(joinWorkers);
  for (int I = 0; I < Count; ++I)
    if (pthread_create(&Threads[I], NULL, worker, NULL) != 0)
      return 2;
  if (MainReturns) {
    pthread_barrier_wait(&Barrier);
    return 3;
  }
  if (Joins) {
    pthread_barrier_wait(&Barrier); /* Threads[] is complete */
    for (;;)
      pause();
  }
  for (int I = 0; I < Count; ++I)
    pthread_join(Threads[I], NULL);
  return 2; /* not reached: a worker's exit(3) ends the process */
}
