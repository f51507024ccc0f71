/* pause_resume.c - sextant_pause()/sextant_resume() around instrumented code.
 *
 * Part of Sextant's test applications; compile with the plugin and link
 * with -lsextant -lpthread. Usage: pause_resume [switches] (default 200).
 *
 * Single thread (visits recorded):
 *   step: 2 calls before the pause, 5 while paused (not recorded), 1 inside
 *     wrapper() after the resume there (recorded under main: wrapper began
 *     while paused and is not recorded at all) -> main;step 3;
 *   open_phase(): entered while armed, pauses inside, calls step 3 times
 *     (not recorded), resumes, calls step once -> main;open_phase 1,
 *     main;open_phase;step 1.
 * Then two threads each call step 20000 times from worker() while main
 * pauses and resumes at least `switches` times (20 us paused, 20 us not):
 * the shadow stacks stay balanced (no repairs, no ignored exits) whatever
 * the interleaving.
 */
#include <pthread.h>
#include <sextant/sextant.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))

/* Per thread, so that the workers do not race on it. */
static _Thread_local volatile unsigned sink;
static atomic_int started;
static atomic_int finished;

NOINLINE void step(unsigned i) {
  for (unsigned k = 0; k < 50; ++k)
    sink = sink * 3u + i + k;
}

NOINLINE void wrapper(void) {
  sextant_resume();
  step(100);
}

NOINLINE void open_phase(void) {
  sextant_pause();
  for (unsigned i = 0; i < 3; ++i)
    step(i);
  sextant_resume();
  step(7);
}

NOINLINE void *worker(void *argument) {
  (void)argument;
  atomic_fetch_add(&started, 1);
  for (unsigned i = 0; i < 20000; ++i)
    step(i);
  atomic_fetch_add(&finished, 1);
  return NULL;
}

int main(int argc, char **argv) {
  int switches = argc > 1 ? atoi(argv[1]) : 200;
  struct timespec pause_length = {0, 20000};
  step(0);
  step(1);
  sextant_pause();
  for (unsigned i = 0; i < 5; ++i)
    step(i);
  wrapper(); /* resumes inside */
  open_phase();

  pthread_t threads[2];
  for (int t = 0; t < 2; ++t)
    pthread_create(&threads[t], NULL, worker, NULL);
  while (atomic_load(&started) != 2) {
  }
  int done = 0;
  while (atomic_load(&finished) != 2 || done < switches) {
    sextant_pause();
    nanosleep(&pause_length, NULL);
    sextant_resume();
    nanosleep(&pause_length, NULL);
    ++done;
  }
  for (int t = 0; t < 2; ++t)
    pthread_join(threads[t], NULL);
  printf("pause_resume: %d switches\n", done);
  return 0;
}
