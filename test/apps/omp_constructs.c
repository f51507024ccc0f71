/* OpenMP constructs for the OMPT tests: parallel regions with a loop, an
 * explicit barrier and a single; explicit tasks with taskwait; a critical
 * section and an OpenMP lock; a nested parallel region with reductions.
 * Usage: omp_constructs [ITERATIONS [PARTS]]; PARTS picks the parts to run
 * (s: sweep, t: tasks, x: exclusive, n: nested, e: exit(3) inside a parallel
 * region with a worker parked; default "stxn"); threads: OMP_NUM_THREADS. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 256

static double Data[N];
static double Total;
static omp_lock_t Lock;
static long LockedCount;

__attribute__((noinline)) double cell(int I, int Step) {
  return (double)((I * 7 + Step) % 13) * 0.5;
}

__attribute__((noinline)) void sweep(int Step) {
#pragma omp parallel
  {
#pragma omp for
    for (int I = 0; I < N; ++I)
      Data[I] += cell(I, Step);
#pragma omp barrier
#pragma omp single
    Total += Data[0];
  }
}

__attribute__((noinline)) long fib(int K) {
  if (K < 2)
    return K;
  long A = 0, B = 0;
#pragma omp task shared(A)
  A = fib(K - 1);
#pragma omp task shared(B)
  B = fib(K - 2);
#pragma omp taskwait
  return A + B;
}

__attribute__((noinline)) long tasks(int K) {
  long Result = 0;
#pragma omp parallel
  {
#pragma omp single
    Result = fib(K);
  }
  return Result;
}

__attribute__((noinline)) void exclusive(int Rounds) {
#pragma omp parallel
  {
    for (int R = 0; R < Rounds; ++R) {
#pragma omp critical
      Total += 1.0;
      omp_set_lock(&Lock);
      ++LockedCount;
      omp_unset_lock(&Lock);
    }
  }
}

__attribute__((noinline)) int innerWork(int Outer) {
  return Outer * 10 + omp_get_thread_num();
}

__attribute__((noinline)) void nested(void) {
  int Sum = 0;
#pragma omp parallel num_threads(2) reduction(+ : Sum)
  {
    int Outer = omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : Sum)
    Sum += innerWork(Outer);
  }
  printf("nested sum %d\n", Sum);
}

static int WorkerParked;

/* A worker's last function: it never returns (the process ends while the
 * worker waits here). */
__attribute__((noinline)) void parkWorker(void) {
  __atomic_store_n(&WorkerParked, 1, __ATOMIC_RELEASE);
  for (;;)
    pause();
}

/* The primary thread exits once a worker is parked, so that what every
 * thread has done at the exit does not depend on scheduling. */
__attribute__((noinline)) void exitInside(void) {
#pragma omp parallel
  {
    innerWork(omp_get_thread_num());
#pragma omp barrier
    if (omp_get_thread_num() != 0)
      parkWorker();
    while (omp_get_num_threads() > 1 &&
           !__atomic_load_n(&WorkerParked, __ATOMIC_ACQUIRE))
      usleep(100);
    printf("exit inside a parallel region\n");
    fflush(stdout);
    exit(3);
  }
}

int main(int argc, char **argv) {
  int Iterations = argc > 1 ? atoi(argv[1]) : 3;
  const char *Parts = argc > 2 ? argv[2] : "stxn";
  long F = 0;
  omp_init_lock(&Lock);
  if (strchr(Parts, 's'))
    for (int Step = 0; Step < Iterations; ++Step)
      sweep(Step);
  if (strchr(Parts, 't'))
    F = tasks(8);
  if (strchr(Parts, 'x'))
    exclusive(Iterations);
  if (strchr(Parts, 'n')) {
    omp_set_max_active_levels(2);
    nested();
  }
  if (strchr(Parts, 'e'))
    exitInside();
  omp_destroy_lock(&Lock);
  printf("omp_constructs: %d iterations, fib %ld, locked %ld\n", Iterations, F,
         LockedCount);
  return 0;
}
