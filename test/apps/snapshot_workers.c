/* snapshot_workers.c - threads that keep recording while snapshots are taken.
 *
 * Part of Sextant's test applications (link with -lsextant, include
 * <sextant/sextant.h>). Usage: snapshot_workers MODE, where MODE is
 *   forever  run until killed (at most 120 s, then exit status 3): two
 *            compute threads call relax() without end, a third thread
 *            records the user region "api phase" without end, a fourth
 *            sleeps inside wait_forever(), and main waits in supervise();
 *   count    the same threads, each compute thread calling relax() exactly
 *            3000 times (1 ms apart, about 3.5 s in all) and the API thread
 *            recording "api phase" 1000 times, then everybody returns
 *            (wait_forever at once): visits are exact
 *            (relax 6000, api phase 1000), whatever snapshots were taken
 *            meanwhile.
 * Prints "running" once every thread has started.
 */
#include <sextant/sextant.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static int Forever;
/* One result per compute thread, so that the work is not optimized away
 * and the threads share no variable. */
static volatile double Sinks[2];

static void pause_ms(double Milliseconds) {
  long Nanoseconds = (long)(Milliseconds * 1e6);
  struct timespec Pause = {Nanoseconds / 1000000000L, Nanoseconds % 1000000000L};
  nanosleep(&Pause, NULL);
}

NOINLINE double relax(int Step) {
  double X = Step;
  for (int I = 0; I < 2000; ++I)
    X = X * 0.999 + 1.0;
  return X;
}

NOINLINE void *compute_loop(void *Sink) {
  for (int Step = 0; Forever || Step < 3000; ++Step) {
    *(volatile double *)Sink += relax(Step);
    if (!Forever)
      pause_ms(1);
  }
  return NULL;
}

NOINLINE void *api_loop(void *Unused) {
  (void)Unused;
  for (int Phase = 0; Forever || Phase < 1000; ++Phase) {
    sextant_region_begin("api phase");
    pause_ms(1);
    sextant_region_end("api phase");
  }
  return NULL;
}

NOINLINE void *wait_forever(void *Unused) {
  (void)Unused;
  for (int Second = 0; Forever && Second < 120; ++Second)
    pause_ms(1000);
  return NULL;
}

NOINLINE void supervise(pthread_t *Threads, int Count) {
  printf("running\n");
  fflush(stdout);
  if (Forever) {
    pause_ms(120000); /* killed long before */
    printf("not killed\n");
    exit(3);
  }
  for (int I = 0; I < Count; ++I)
    pthread_join(Threads[I], NULL);
}

int main(int Argc, char **Argv) {
  if (Argc != 2 || (strcmp(Argv[1], "forever") && strcmp(Argv[1], "count"))) {
    fprintf(stderr, "usage: snapshot_workers forever|count\n");
    return 2;
  }
  Forever = strcmp(Argv[1], "forever") == 0;
  pthread_t Threads[4];
  pthread_create(&Threads[0], NULL, compute_loop, (void *)&Sinks[0]);
  pthread_create(&Threads[1], NULL, compute_loop, (void *)&Sinks[1]);
  pthread_create(&Threads[2], NULL, api_loop, NULL);
  pthread_create(&Threads[3], NULL, wait_forever, NULL);
  supervise(Threads, 4);
  printf("done\n");
  return 0;
}
