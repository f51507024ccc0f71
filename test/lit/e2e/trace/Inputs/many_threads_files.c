/* Forty threads that each record a few thousand events (so that every
 * thread has written trace chunks), then all at once open a file of their
 * own and keep it open until every thread has opened its file: the
 * program's own descriptors, under a low `ulimit -n`. Prints how many of
 * its open() calls failed. Usage: many_threads_files THREADS CALLS
 * With a third argument "all", the main thread first takes every descriptor
 * left (open() until EMFILE), makes CALLS calls, then gives them back: the
 * trace chunks written meanwhile cannot be opened and are dropped. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_barrier_t Recorded, Opened;
static int Failures;
static pthread_mutex_t Lock = PTHREAD_MUTEX_INITIALIZER;
/* Per thread (no data race between the threads) and unsigned (wraps
 * without undefined behaviour). */
static _Thread_local volatile unsigned Sink;

__attribute__((noinline)) static void work(int I) { Sink += (unsigned)I; }

static void *thread(void *Argument) {
  int Calls = *(int *)Argument;
  for (int I = 0; I < Calls; ++I)
    work(I);
  pthread_barrier_wait(&Recorded);
  int Descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (Descriptor < 0) {
    pthread_mutex_lock(&Lock);
    if (Failures++ == 0)
      fprintf(stderr, "many_threads_files: open: %s\n", strerror(errno));
    pthread_mutex_unlock(&Lock);
  }
  pthread_barrier_wait(&Opened);
  if (Descriptor >= 0)
    close(Descriptor);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3 && argc != 4)
    return 2;
  int Threads = atoi(argv[1]), Calls = atoi(argv[2]);
  if (argc == 4 && strcmp(argv[3], "all") == 0) {
    int Taken[4096], Count = 0;
    while (Count < 4096 && (Taken[Count] = open("/dev/null", O_RDONLY)) >= 0)
      ++Count;
    for (int I = 0; I < Calls; ++I)
      work(I);
    while (Count > 0)
      close(Taken[--Count]);
    printf("took %s descriptors\n", Count < 4096 ? "all" : "4096");
    return 0;
  }
  pthread_t *Ids = calloc((size_t)Threads, sizeof(pthread_t));
  pthread_barrier_init(&Recorded, NULL, (unsigned)Threads);
  pthread_barrier_init(&Opened, NULL, (unsigned)Threads);
  for (int I = 0; I < Threads; ++I)
    if (pthread_create(&Ids[I], NULL, thread, &Calls) != 0)
      return 3;
  for (int I = 0; I < Threads; ++I)
    pthread_join(Ids[I], NULL);
  printf("threads=%d open failures=%d\n", Threads, Failures);
  free(Ids);
  return Failures == 0 ? 0 : 1;
}
