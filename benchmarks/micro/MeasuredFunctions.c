/*===- benchmarks/micro/MeasuredFunctions.c - Measured code -------*- C -*-===*\
 *
 * Part of Sextant. The functions whose calls the overhead benchmark times.
 * This file is compiled once per configuration (plain, with the plugin,
 * with -finstrument-functions), each time into its own object with its own
 * names (MEASURED_PREFIX), so that the configurations cannot influence each
 * other and no call can be inlined into the benchmark loop.
 *
 *   <prefix>_leaf(x)   the smallest function that is still a real call: one
 *                      multiply-add the optimizer cannot remove;
 *   <prefix>_work(x, n) a leaf doing n dependent multiply-adds (about one
 *                      nanosecond each), to relate the cost of a pair of
 *                      events to the duration of the call it measures.
\*===----------------------------------------------------------------------===*/

#ifndef MEASURED_PREFIX
#error "compile with -DMEASURED_PREFIX=<name>"
#endif

#define MEASURED_CONCAT_(A, B) A##B
#define MEASURED_CONCAT(A, B) MEASURED_CONCAT_(A, B)
#define MEASURED_NAME(Suffix) MEASURED_CONCAT(MEASURED_PREFIX, Suffix)

__attribute__((noinline)) int MEASURED_NAME(_leaf)(int X) {
  __asm__ volatile("" : "+r"(X));
  return X * 3 + 1;
}

__attribute__((noinline)) unsigned MEASURED_NAME(_work)(unsigned X,
                                                        unsigned Steps) {
  for (unsigned Step = 0; Step < Steps; ++Step) {
    X = X * 2654435761u + 1u;
    __asm__ volatile("" : "+r"(X));
  }
  return X;
}
