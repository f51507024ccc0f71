/* busy_at_exit.c - a thread still inside instrumented code at exit (C).
 *
 * Part of Sextant's test applications. A worker thread calls spin_step()
 * in an endless loop; main waits until it has made a few calls, calls
 * main_work() and returns while the worker keeps running. The runtime must
 * merge the worker at the end (closing its open frames) and write the
 * experiment once. Visit counts: main 1, main_work 1, spinner 1 (still
 * open), spin_step at least 100.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

static atomic_long steps;
volatile double busy_sink;

NOINLINE void spin_step(void) {
  busy_sink += 1.0;
  atomic_fetch_add(&steps, 1);
}

NOINLINE void *spinner(void *argument) {
  (void)argument;
  for (;;)
    spin_step();
  return NULL;
}

/* Reads the step counter atomically: busy_sink belongs to the worker, and a
 * plain read here would be a data race (ThreadSanitizer reports it). */
NOINLINE double main_work(void) { return atomic_load(&steps) * 0.5; }

int main(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, spinner, NULL) != 0)
    return 1;
  while (atomic_load(&steps) < 100)
    sched_yield();
  main_work();
  printf("busy_at_exit: returning from main\n");
  return 0;
}
