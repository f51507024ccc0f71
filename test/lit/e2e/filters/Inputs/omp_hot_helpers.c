/* Many short OpenMP parallel loops whose bodies call a tiny function: the
 * OpenMP constructs (regions the runtime creates through OMPT) and `scale`
 * (a function the compiler instrumented) all have many short visits.
 * STEPS parallel loops over two elements, each element calls `scale` once:
 * 2 * STEPS calls of `scale`; `sweep` and `main` are entered once.
 * Usage: omp_hot_helpers STEPS */
#include <stdio.h>
#include <stdlib.h>

static double Values[2];

__attribute__((noinline)) double scale(double X) { return X * 0.5 + 1.0; }

__attribute__((noinline)) void sweep(int Steps) {
  for (int Step = 0; Step < Steps; ++Step) {
#pragma omp parallel for schedule(static)
    for (int I = 0; I < 2; ++I)
      Values[I] = scale(Values[I]);
  }
}

int main(int argc, char **argv) {
  int Steps = argc > 1 ? atoi(argv[1]) : 2000;
  sweep(Steps);
  printf("omp_hot_helpers: %d steps, %.0f\n", Steps, Values[0] + Values[1]);
  return 0;
}
