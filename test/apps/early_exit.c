/* early_exit.c - exit() called deep inside instrumented frames (C).
 *
 * Part of Sextant's test applications. main -> run_phase -> give_up calls
 * exit(3) while three instrumented frames are open. The runtime must close
 * them at exit, write the profile, and leave the exit status at 3.
 * Visit counts: main 1, run_phase 1, give_up 1, warm_up 2.
 */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

NOINLINE double warm_up(int n) {
  double x = 0;
  for (int i = 0; i < n; ++i)
    x += i * 0.5;
  return x;
}

NOINLINE void give_up(double value) {
  printf("early_exit: giving up at %.1f\n", value);
  fflush(stdout);
  exit(3);
}

NOINLINE void run_phase(void) {
  double v = warm_up(10) + warm_up(20);
  give_up(v);
}

int main(void) {
  run_phase();
  return 0;
}
