/* omp_lock_race.c - OpenMP lock acquisitions racing with critical sections.
 *
 * Part of Sextant's test applications. Two threads: thread 0 (the primary)
 * takes a lock at two call sites, alternately, ROUNDS times each; thread 1
 * enters and leaves a critical section from before thread 0's first lock
 * until thread 0 is done. libomp 19's
 * __kmpc_end_critical clears the return address stored for thread 0 (it
 * loads gtid 0's, not its own), so while thread 1 leaves critical sections,
 * some of thread 0's lock acquisitions are reported with a code address
 * inside libomp's omp_set_lock instead of the call site here. Usage:
 * omp_lock_race [ROUNDS] (default 100000); prints the lock acquisitions.
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static omp_lock_t Lock;
static int Started, Done;
static long Entered;

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? atoi(argv[1]) : 100000;
  long Locked = 0;
  omp_init_lock(&Lock);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 0) {
      while (omp_get_num_threads() > 1 &&
             !__atomic_load_n(&Started, __ATOMIC_ACQUIRE))
        ; /* thread 1 leaves critical sections before the first lock */
      for (int R = 0; R < Rounds; ++R) {
        omp_set_lock(&Lock);
        ++Locked;
        omp_unset_lock(&Lock);
        omp_set_lock(&Lock);
        ++Locked;
        omp_unset_lock(&Lock);
      }
      __atomic_store_n(&Done, 1, __ATOMIC_RELEASE);
    } else {
      __atomic_store_n(&Started, 1, __ATOMIC_RELEASE);
      while (!__atomic_load_n(&Done, __ATOMIC_ACQUIRE)) {
#pragma omp critical
        ++Entered;
      }
    }
  }
  omp_destroy_lock(&Lock);
  printf("omp_lock_race: %ld lock acquisitions\n", Locked);
  return 0;
}
