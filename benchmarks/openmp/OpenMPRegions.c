/* benchmarks/openmp/OpenMPRegions.c - many small OpenMP constructs.
 *
 * The OpenMP benchmark's program (run by benchmarks/openmp_overhead.py):
 * REGIONS parallel regions, each with a static worksharing loop over
 * ELEMENTS elements (its implicit barrier), an explicit barrier, a dynamic
 * loop and, in every region, two explicit tasks and a critical section, so
 * that every SEXTANT_OPENMP level has events to record. The work per
 * construct is small on purpose: the run time is dominated by the OpenMP
 * runtime and by what a tool adds to it. Prints the wall-clock time
 * (omp_get_wtime) and the CPU time of the process (all threads,
 * CLOCK_PROCESS_CPUTIME_ID) of the region loop alone, and a checksum.
 *
 * Usage: OpenMPRegions [REGIONS [ELEMENTS]]  (threads: OMP_NUM_THREADS)
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpuSeconds(void) {
  struct timespec Now;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &Now);
  return (double)Now.tv_sec + 1e-9 * (double)Now.tv_nsec;
}

static double Values[4096];

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 20000;
  int Elements = argc > 2 ? atoi(argv[2]) : 256;
  if (Regions < 1 || Elements < 1 || Elements > 4096) {
    fprintf(stderr, "usage: OpenMPRegions [REGIONS [ELEMENTS<=4096]]\n");
    return 2;
  }
  double Sum = 0;
  double Start = omp_get_wtime();
  double StartCpu = cpuSeconds();
  for (int Region = 0; Region < Regions; ++Region) {
#pragma omp parallel
    {
#pragma omp for schedule(static)
      for (int I = 0; I < Elements; ++I)
        Values[I] = Values[I] * 0.5 + I + Region;
#pragma omp barrier
#pragma omp for schedule(dynamic, 64) reduction(+ : Sum)
      for (int I = 0; I < Elements; ++I)
        Sum += Values[I];
#pragma omp single
      {
#pragma omp task
        Values[0] += 1;
#pragma omp task
        Values[1] += 1;
      }
#pragma omp critical
      Values[2] += 1;
    }
  }
  double Seconds = omp_get_wtime() - Start;
  double CpuSeconds = cpuSeconds() - StartCpu;
  printf("regions %d elements %d threads %d seconds %.6f cpu %.6f checksum "
         "%.6e\n",
         Regions, Elements, omp_get_max_threads(), Seconds, CpuSeconds, Sum);
  return 0;
}
