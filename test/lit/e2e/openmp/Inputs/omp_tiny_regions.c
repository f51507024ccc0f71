/* Many tiny parallel regions: REGIONS times a parallel loop over two
 * elements, straight in main (no instrumented function between main and
 * the regions, so nothing but the parallel region can be throttled).
 * Usage: omp_tiny_regions REGIONS */
#include <stdio.h>
#include <stdlib.h>

static double Values[2];

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 3000;
  for (int Region = 0; Region < Regions; ++Region) {
#pragma omp parallel for schedule(static)
    for (int I = 0; I < 2; ++I)
      Values[I] += I + 1;
  }
  printf("omp_tiny_regions: %d regions, %.0f\n", Regions,
         Values[0] + Values[1]);
  return 0;
}
