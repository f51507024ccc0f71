/* Calls tiny_add N times in countedLoop (callgrind collects only there);
 * prints the nanoseconds per call. Usage: driver N */
#include "tiny.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

__attribute__((noinline)) int countedLoop(long n) {
  int sum = 0;
  for (long i = 0; i < n; ++i)
    sum = tiny_add(sum, (int)i);
  return sum;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  struct timespec begin, end;
  clock_gettime(CLOCK_MONOTONIC, &begin);
  int sum = countedLoop(n);
  clock_gettime(CLOCK_MONOTONIC, &end);
  double ns = (end.tv_sec - begin.tv_sec) * 1e9 + (end.tv_nsec - begin.tv_nsec);
  printf("%.3f ns/call (sum %d)\n", ns / (double)n, sum);
  return 0;
}
