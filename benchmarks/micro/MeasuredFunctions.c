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
 *                      events to the duration of the call it measures;
 *
 * and for the instruction count (count_instructions.py, CountDriver.c):
 *
 *   <prefix>_recurse(x, depth)  a chain of depth + 1 calls of one function:
 *                               every depth is its own call path;
 *   <prefix>_tree(x, levels)    a call tree of three functions, each of
 *                               whose nodes has three different children
 *                               entered in turn (1335 calls and call paths
 *                               for 6 levels).
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

__attribute__((noinline)) int MEASURED_NAME(_recurse)(int X, int Depth) {
  __asm__ volatile("" : "+r"(X));
  if (Depth == 0)
    return X;
  /* Not a tail call: the optimizer would turn it into a loop. */
  int Result = MEASURED_NAME(_recurse)(X * 3 + 1, Depth - 1);
  __asm__ volatile("" : "+r"(Result));
  return Result;
}

int MEASURED_NAME(_tree)(int X, int Levels);

__attribute__((noinline)) static int MEASURED_NAME(_branch1)(int X,
                                                             int Levels) {
  __asm__ volatile("" : "+r"(X));
  return Levels == 0 ? X + 1 : MEASURED_NAME(_tree)(X, Levels);
}

__attribute__((noinline)) static int MEASURED_NAME(_branch2)(int X,
                                                             int Levels) {
  __asm__ volatile("" : "+r"(X));
  return Levels == 0 ? X + 2 : MEASURED_NAME(_tree)(X, Levels);
}

/* The children of a node: tree itself, branch1 and branch2, one level
   further down each. */
__attribute__((noinline)) int MEASURED_NAME(_tree)(int X, int Levels) {
  __asm__ volatile("" : "+r"(X));
  if (Levels == 0)
    return X;
  return MEASURED_NAME(_tree)(X, Levels - 1) +
         MEASURED_NAME(_branch1)(X + 1, Levels - 1) +
         MEASURED_NAME(_branch2)(X + 2, Levels - 1);
}
