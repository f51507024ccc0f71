/*===- benchmarks/micro/CountDriver.c - Instruction count driver -*- C -*-===*\
 *
 * Part of Sextant. Not instrumented: calls the functions of
 * MeasuredFunctions.c, plain or armed (its profile_* copy), a given number
 * of times, for count_instructions.py, which runs it under callgrind
 * collecting only inside countedLoop().
 *
 *   sextant_count_driver CASE VARIANT REPEATS
 *
 * CASE: leaf (one call of the leaf per repeat), recurse (a chain of
 * RecursionDepth + 1 calls per repeat), tree (a ternary call tree of
 * TreeLevels levels per repeat) or api (the leaf inside a user region of
 * the public API, sextant_region_begin/end, in its armed variant);
 * VARIANT: plain or armed.
\*===----------------------------------------------------------------------===*/

#include "sextant/sextant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RecursionDepth = 100, TreeLevels = 6 };

int plain_leaf(int X);
int plain_recurse(int X, int Depth);
int plain_tree(int X, int Levels);
int profile_leaf(int X);
int profile_recurse(int X, int Depth);
int profile_tree(int X, int Levels);

typedef int (*CountedFunction)(int, int);

/* The plain leaf inside a user region (not instrumented itself). */
static int userRegionLeaf(int X) {
  sextant_region_begin("count-driver");
  int Result = plain_leaf(X);
  sextant_region_end("count-driver");
  return Result;
}

static int callLeaf(CountedFunction Leaf, int X) {
  return ((int (*)(int))Leaf)(X);
}

/* The only function callgrind collects in (--toggle-collect). */
__attribute__((noinline)) int
countedLoop(CountedFunction Function, int Argument, long Repeats, int IsLeaf) {
  int Sum = 0;
  for (long Repeat = 0; Repeat < Repeats; ++Repeat)
    Sum += IsLeaf ? callLeaf(Function, (int)Repeat)
                  : Function((int)Repeat, Argument);
  return Sum;
}

int main(int Argc, char **Argv) {
  if (Argc != 4) {
    fprintf(stderr, "usage: %s leaf|recurse|tree|api plain|armed REPEATS\n",
            Argv[0]);
    return 2;
  }
  int Armed = strcmp(Argv[2], "armed") == 0;
  long Repeats = atol(Argv[3]);
  CountedFunction Function;
  int Argument = 0, IsLeaf = 0;
  if (strcmp(Argv[1], "leaf") == 0) {
    Function =
        Armed ? (CountedFunction)profile_leaf : (CountedFunction)plain_leaf;
    IsLeaf = 1;
  } else if (strcmp(Argv[1], "api") == 0) {
    Function = Armed ? (CountedFunction)userRegionLeaf
                     : (CountedFunction)plain_leaf;
    IsLeaf = 1;
  } else if (strcmp(Argv[1], "recurse") == 0) {
    Function = Armed ? profile_recurse : plain_recurse;
    Argument = RecursionDepth;
  } else if (strcmp(Argv[1], "tree") == 0) {
    Function = Armed ? profile_tree : plain_tree;
    Argument = TreeLevels;
  } else {
    fprintf(stderr, "unknown case %s\n", Argv[1]);
    return 2;
  }
  printf("%d\n", countedLoop(Function, Argument, Repeats, IsLeaf));
  return 0;
}
