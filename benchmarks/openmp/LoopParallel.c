/* benchmarks/openmp/LoopParallel.c - many short parallel loops.
 *
 * A loop-parallel proxy application: REGIONS parallel regions, each one
 * `#pragma omp parallel for` (static schedule) over ELEMENTS elements, as
 * loop-parallel codes run them. The events of one region are those of
 * SEXTANT_OPENMP=basic: parallel begin and end, an implicit task, a loop
 * and an implicit barrier per thread. Used by
 * benchmarks/openmp/count_callbacks.py (instructions per callback, 64
 * elements) and by benchmarks/overhead.sh (timed, tens of thousands of
 * loops of about 20 microseconds).
 *
 * At the end it recomputes three elements (the first, the middle and the
 * last) serially with the same arithmetic and prints "verification:
 * PASSED" when they are equal to what the parallel loops computed, then a
 * checksum, so that the work is neither wrong nor optimized away.
 *
 * Usage: LoopParallel [REGIONS [ELEMENTS]]  (threads: OMP_NUM_THREADS)
 * Exit status: 0 passed; 1 the check failed; 2 bad arguments.
 */
#include <stdio.h>
#include <stdlib.h>

enum { MaxElements = 1 << 22 };

static void step(double *Values, int Region, int Elements) {
#pragma omp parallel for schedule(static)
  for (int I = 0; I < Elements; ++I)
    Values[I] = Values[I] * 0.5 + I + Region;
}

/* Element I after Regions calls of step(), computed serially. */
static double serialElement(int I, int Regions) {
  double Value = 0;
  for (int Region = 0; Region < Regions; ++Region)
    Value = Value * 0.5 + I + Region;
  return Value;
}

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 1000;
  int Elements = argc > 2 ? atoi(argv[2]) : 64;
  if (argc > 3 || Regions < 1 || Elements < 1 || Elements > MaxElements) {
    fprintf(stderr, "usage: LoopParallel [REGIONS [ELEMENTS]] (REGIONS >= 1, "
                    "1 <= ELEMENTS <= %d)\n",
            MaxElements);
    return 2;
  }
  double *Values = (double *)calloc((size_t)Elements, sizeof(double));
  if (!Values) {
    fprintf(stderr, "LoopParallel: out of memory for %d elements\n",
            Elements);
    return 2;
  }
  for (int Region = 0; Region < Regions; ++Region)
    step(Values, Region, Elements);
  int Checked[3] = {0, Elements / 2, Elements - 1};
  int Passed = 1;
  for (int K = 0; K < 3; ++K)
    if (Values[Checked[K]] != serialElement(Checked[K], Regions))
      Passed = 0;
  double Sum = 0;
  for (int I = 0; I < Elements; ++I)
    Sum += Values[I];
  free(Values);
  printf("verification: %s\nchecksum %.6g\n", Passed ? "PASSED" : "FAILED",
         Sum);
  return Passed ? 0 : 1;
}
