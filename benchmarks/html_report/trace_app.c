/* benchmarks/html_report/trace_app.c - a traced run of many events
 *
 * Part of Sextant's benchmarks (timeline_time.js): main calls step() CALLS
 * times, each step() calls leaf() once, so a run traced with
 * SEXTANT_TRACE=1 and SEXTANT_THROTTLE=off records 4 x CALLS + 2 events
 * (an enter and an exit per visit). The work in leaf() keeps the visits
 * from being optimised away and gives them a few nanoseconds.
 */
#include <stdio.h>
#include <stdlib.h>

static volatile double Sink;

__attribute__((noinline)) static void leaf(long I) {
  Sink += (double)(I % 7);
}

__attribute__((noinline)) static void step(long I) {
  leaf(I);
  if (I % 3 == 0)
    Sink *= 0.5;
}

int main(int argc, char **argv) {
  long Calls = argc > 1 ? atol(argv[1]) : 2500000;
  for (long I = 0; I < Calls; ++I)
    step(I);
  printf("%ld calls, %f\n", Calls, Sink);
  return 0;
}
