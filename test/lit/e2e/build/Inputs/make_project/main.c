/* The C part of the Makefile project (wrapper_makefile.test). */
#include <stdio.h>
#include "stats.h"

__attribute__((noinline)) static int report(double value) {
  return printf("make demo: %.1f\n", value);
}

int main(void) {
  double total = 0;
  for (int i = 0; i < 3; ++i)
    total += mean_of_squares(4);
  report(total);
  return 0;
}
