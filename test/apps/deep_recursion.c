/* deep_recursion.c - one recursion DEPTH levels deep (C).
 *
 * Part of Sextant's test applications. A worker thread with a large stack
 * (so that the program itself does not overflow, whatever the stack limit)
 * calls recurse(DEPTH) -> recurse(DEPTH - 1) -> ... -> recurse(1), each
 * level spinning for about a microsecond, so that every call path has some
 * exclusive time. The profile holds one chain of DEPTH call paths below
 * main;run_worker: the views written from it must stay small.
 * Usage: deep_recursion DEPTH (default 100000).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static volatile unsigned long Sink;

NOINLINE long recurse(long level) {
  for (int I = 0; I < 200; ++I)
    Sink += (unsigned long)I;
  if (level <= 1)
    return 1;
  return recurse(level - 1) + 1;
}

NOINLINE static void *run_worker(void *depth) {
  long levels = recurse(*(long *)depth);
  printf("deep_recursion: %ld levels\n", levels);
  return NULL;
}

int main(int argc, char **argv) {
  long depth = argc > 1 ? atol(argv[1]) : 100000;
  pthread_attr_t attr;
  pthread_t worker;
  pthread_attr_init(&attr);
  /* Room for a million instrumented frames, sanitizers included. */
  pthread_attr_setstacksize(&attr, (size_t)1 << 30);
  if (pthread_create(&worker, &attr, run_worker, &depth) != 0) {
    perror("pthread_create");
    return 1;
  }
  pthread_join(worker, NULL);
  return 0;
}
