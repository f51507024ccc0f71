/* benchmarks/openmp/LoopParallel.c - many short parallel loops.
 *
 * The loop-parallel program of benchmarks/openmp/count_callbacks.py: REGIONS
 * parallel regions, each one `#pragma omp parallel for` (static schedule)
 * over ELEMENTS elements, as a loop-parallel proxy application runs them.
 * The events of one region are those of SEXTANT_OPENMP=basic: parallel
 * begin and end, an implicit task, a loop and an implicit barrier per
 * thread. Prints a checksum so that the work is not optimized away.
 *
 * Usage: LoopParallel [REGIONS [ELEMENTS]]  (threads: OMP_NUM_THREADS)
 */
#include <stdio.h>
#include <stdlib.h>

static double Values[4096];

static void step(int Region, int Elements) {
#pragma omp parallel for schedule(static)
  for (int I = 0; I < Elements; ++I)
    Values[I] = Values[I] * 0.5 + I + Region;
}

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 1000;
  int Elements = argc > 2 ? atoi(argv[2]) : 64;
  if (Regions < 1 || Elements < 1 || Elements > 4096) {
    fprintf(stderr, "usage: LoopParallel [REGIONS [ELEMENTS<=4096]]\n");
    return 2;
  }
  for (int Region = 0; Region < Regions; ++Region)
    step(Region, Elements);
  double Sum = 0;
  for (int I = 0; I < Elements; ++I)
    Sum += Values[I];
  printf("checksum %.6g\n", Sum);
  return 0;
}
