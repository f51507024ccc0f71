/*===- test/apps/metrics_regions.c - Regions with known resource use ------===*
 *
 * Part of Sextant. A program for the metric tests: touch_fresh_memory writes
 * every page of a freshly mapped buffer (one page fault per page), sleepy
 * sleeps several times (one voluntary context switch per sleep), spin only
 * computes (CPU time, neither). Usage: metrics_regions [MiB] [sleeps]
 * [visits]: touch_fresh_memory is called visits times (default 1), from
 * one call site, with a fresh buffer of MiB each time.
 *
 *===----------------------------------------------------------------------===*/

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

__attribute__((noinline)) long touch_fresh_memory(size_t Bytes) {
  char *Buffer = mmap(NULL, Bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Buffer == MAP_FAILED) {
    perror("mmap");
    exit(1);
  }
  /* Small pages: one fault per 4 KiB page, whatever the THP setting. */
  madvise(Buffer, Bytes, MADV_NOHUGEPAGE);
  long Sum = 0;
  for (size_t I = 0; I < Bytes; I += 4096) {
    Buffer[I] = (char)I;
    Sum += Buffer[I];
  }
  munmap(Buffer, Bytes);
  return Sum;
}

__attribute__((noinline)) void sleepy(int Sleeps) {
  struct timespec Pause = {0, 2000000}; /* 2 ms */
  for (int I = 0; I < Sleeps; ++I)
    nanosleep(&Pause, NULL);
}

__attribute__((noinline)) double spin(long Steps) {
  volatile double X = 1.0;
  for (long I = 0; I < Steps; ++I)
    X = X * 1.0000001 + 1e-9;
  return X;
}

int main(int Argc, char **Argv) {
  size_t MiB = Argc > 1 ? (size_t)atol(Argv[1]) : 64;
  int Sleeps = Argc > 2 ? atoi(Argv[2]) : 20;
  int Visits = Argc > 3 ? atoi(Argv[3]) : 1;
  long Sum = 0;
  for (int I = 0; I < Visits; ++I)
    Sum += touch_fresh_memory(MiB << 20);
  sleepy(Sleeps);
  double X = spin(2000000);
  printf("metrics_regions: %zu MiB, %d sleeps, %ld %.3f\n", MiB, Sleeps, Sum,
         X > 0 ? 1.0 : 0.0);
  return 0;
}
