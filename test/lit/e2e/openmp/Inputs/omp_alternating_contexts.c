/* One parallel region (in region()) reached through call paths that
 * alternate: twice the same, then one that differs in a middle frame, a
 * longer and a shorter one. A worker thread keeps the context of its last
 * implicit task for the next and must still hang each task beneath its own
 * path.
 * Usage: omp_alternating_contexts ROUNDS */
#include <stdio.h>
#include <stdlib.h>

static long Total;

__attribute__((noinline)) void body(int Round) {
#pragma omp atomic
  Total += Round + 1;
}

__attribute__((noinline)) void region(int Round) {
#pragma omp parallel
  body(Round);
}

__attribute__((noinline)) void left(int Round) { region(Round); }
__attribute__((noinline)) void right(int Round) { region(Round); }
__attribute__((noinline)) void deeper(int Round) { left(Round); }

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? atoi(argv[1]) : 3;
  for (int Round = 0; Round < Rounds; ++Round) {
    left(Round);
    left(Round);
    right(Round);
    deeper(Round);
    region(Round);
  }
  printf("omp_alternating_contexts: %d rounds, total %ld\n", Rounds, Total);
  return 0;
}
