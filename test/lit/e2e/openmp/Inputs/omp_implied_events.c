/* Parallel regions with the program's code between every two OMPT events
 * of a thread that do not imply each other: at the begin of an implicit
 * task before its loop, between the loop's end and the implicit barrier,
 * inside a serialized nested region, and on the primary thread between
 * two regions. The implied events (a region's begin and its primary
 * thread's implicit task, a barrier's end and its implicit task's end, that
 * task's end and its region's end, a worker's task end and its next task)
 * follow each other with no code of the program in between.
 * Usage: omp_implied_events ROUNDS */
#include <stdio.h>
#include <stdlib.h>

static volatile double Sink;

__attribute__((noinline)) void step(int Amount) {
  for (int I = 0; I < Amount; ++I)
    Sink = Sink + I;
}

__attribute__((noinline)) void region(void) {
#pragma omp parallel
  {
    step(500);
#pragma omp for schedule(static) nowait
    for (int I = 0; I < 4; ++I)
      step(100);
    step(500);
#pragma omp parallel if (0)
    { step(200); }
  }
  step(300);
}

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? atoi(argv[1]) : 3;
  for (int Round = 0; Round < Rounds; ++Round)
    region();
  printf("omp_implied_events: %d rounds\n", Rounds);
  return 0;
}
