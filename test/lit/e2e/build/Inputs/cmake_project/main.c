/* main.c - the executable of the e2e CMake project. */
#include <stdio.h>

double kernel_sum(int n);

__attribute__((noinline)) static double run(int n) { return kernel_sum(n); }

int main(void) {
  printf("cmake demo: %.1f\n", run(4) + run(6));
  return 0;
}
