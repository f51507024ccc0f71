/* omp_tail_barrier.c - an explicit barrier as a parallel region's last call.
 *
 * Part of Sextant's test applications. The parallel region of phases() ends
 * with an explicit barrier after its last call: the outlined body then calls
 * __kmpc_barrier as a tail call (clang -O1 and above), so libomp's return
 * address for the barrier (OMPT's codeptr_ra) lies in libomp, in the
 * procedure that invoked the body, and no frame of the program is left on
 * the stack to name it after. The barrier in the middle of the region is an
 * ordinary call. Usage: omp_tail_barrier [REGIONS] (default 3); prints the
 * sum of the work.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static long Sum;

__attribute__((noinline)) void phaseWork(int Phase) {
  __atomic_fetch_add(&Sum, Phase * 10 + omp_get_thread_num(), __ATOMIC_RELAXED);
}

__attribute__((noinline)) void phases(void) {
#pragma omp parallel
  {
    phaseWork(1);
#pragma omp barrier
    phaseWork(2);
#pragma omp barrier
  }
}

int main(int argc, char **argv) {
  int Regions = argc > 1 ? atoi(argv[1]) : 3;
  for (int Region = 0; Region < Regions; ++Region)
    phases();
  printf("omp_tail_barrier: sum %ld\n", Sum);
  return 0;
}
