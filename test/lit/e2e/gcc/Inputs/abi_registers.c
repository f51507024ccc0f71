// abi_registers.c - values that instrumented code keeps in registers across
// its calls of the runtime.
//
// Part of Sextant's tests (test/lit/e2e/gcc/abi_registers.test). Compiled
// by clang with the plugin, whose calls of __sextant_region_register, enter
// and exit use the preserve_most convention: at -O2 mix() keeps its six
// arguments in their argument registers across the enter call, and chain()
// keeps mix()'s result in RAX (and its arguments in callee-chosen caller-
// saved registers) across the exit call. A runtime that clobbers them (a
// GCC-built libsextant without its trampolines) makes the results wrong.
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

NOINLINE long mix(long A, long B, long C, long D, long E, long F) {
  return A + 2 * B + 3 * C + 4 * D + 5 * E + 6 * F;
}

NOINLINE long chain(long A, long B, long C, long D, long E, long F) {
  long R = mix(F, E, D, C, B, A);
  return R ^ (A * 7 + F);
}

NOINLINE double blend(double X, double Y, long K) {
  return X * (double)K + Y;
}

int main(void) {
  long Wrong = 0;
  for (long I = 0; I < 1000; ++I) {
    long Got = chain(I, I + 1, I + 2, I + 3, I + 4, I + 5);
    long Mixed = (I + 5) + 2 * (I + 4) + 3 * (I + 3) + 4 * (I + 2) +
                 5 * (I + 1) + 6 * I;
    long Want = Mixed ^ (I * 7 + I + 5);
    if (Got != Want)
      ++Wrong;
    if (blend(1.5, 0.25, I) != 1.5 * (double)I + 0.25)
      ++Wrong;
  }
  printf("abi_registers: %ld wrong results\n", Wrong);
  return Wrong != 0;
}
