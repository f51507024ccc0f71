/*===- benchmarks/micro/CountedCalls.c - Code whose events are counted -*- C -*-===*\
 *
 * Part of Sextant. The functions of the instruction count
 * (count_instructions.py): compiled twice, without instrumentation and with
 * SextantPlugin.so, each time under its own names (COUNTED_PREFIX), and
 * called by CountDriver.c, which is not instrumented.
 *
 *   <prefix>_leaf(x)            the tiny leaf of MeasuredFunctions.c;
 *   <prefix>_recurse(x, depth)  a chain of depth + 1 calls of one function:
 *                               every depth is its own call path;
 *   <prefix>_tree(x, levels)    a complete ternary tree of calls of three
 *                               functions, 3^levels leaves: every node of
 *                               the call tree has three different children,
 *                               entered in turn.
\*===----------------------------------------------------------------------===*/

#ifndef COUNTED_PREFIX
#error "compile with -DCOUNTED_PREFIX=<name>"
#endif

#define COUNTED_CONCAT_(A, B) A##B
#define COUNTED_CONCAT(A, B) COUNTED_CONCAT_(A, B)
#define COUNTED_NAME(Suffix) COUNTED_CONCAT(COUNTED_PREFIX, Suffix)

__attribute__((noinline)) int COUNTED_NAME(_leaf)(int X) {
  __asm__ volatile("" : "+r"(X));
  return X * 3 + 1;
}

__attribute__((noinline)) int COUNTED_NAME(_recurse)(int X, int Depth) {
  __asm__ volatile("" : "+r"(X));
  if (Depth == 0)
    return X;
  /* Not a tail call: the optimizer would turn it into a loop. */
  int Result = COUNTED_NAME(_recurse)(X * 3 + 1, Depth - 1);
  __asm__ volatile("" : "+r"(Result));
  return Result;
}

int COUNTED_NAME(_tree)(int X, int Levels);

__attribute__((noinline)) static int COUNTED_NAME(_branch1)(int X,
                                                            int Levels) {
  __asm__ volatile("" : "+r"(X));
  return Levels == 0 ? X + 1 : COUNTED_NAME(_tree)(X, Levels);
}

__attribute__((noinline)) static int COUNTED_NAME(_branch2)(int X,
                                                            int Levels) {
  __asm__ volatile("" : "+r"(X));
  return Levels == 0 ? X + 2 : COUNTED_NAME(_tree)(X, Levels);
}

/* The children of a node: tree itself, branch1 and branch2, one level
   further down each. */
__attribute__((noinline)) int COUNTED_NAME(_tree)(int X, int Levels) {
  __asm__ volatile("" : "+r"(X));
  if (Levels == 0)
    return X;
  return COUNTED_NAME(_tree)(X, Levels - 1) +
         COUNTED_NAME(_branch1)(X + 1, Levels - 1) +
         COUNTED_NAME(_branch2)(X + 2, Levels - 1);
}
