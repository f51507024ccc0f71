/* repair_cost.c - the cost of the shadow stack's repair after a longjmp.
 *
 * Part of Sextant's test applications. jumps() longjmps out of five
 * instrumented frames (descend(3) .. descend(0), bail_out) ROUNDS times and
 * calls empty() right after each landing: the enter of empty() finds the
 * abandoned frames and repairs the stack. calls() calls the same empty()
 * ROUNDS times without a longjmp before. Both call paths of empty() do the
 * same work. Usage: repair_cost [ROUNDS] (default 20000).
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

static jmp_buf Landing;
static volatile int Sink;

NOINLINE void bail_out(void) { longjmp(Landing, 1); }

NOINLINE void descend(int Level) {
  if (Level == 0)
    bail_out();
  else
    descend(Level - 1);
  Sink = Level; /* never reached */
}

NOINLINE void empty(void) { __asm__ volatile(""); }

NOINLINE void jumps(int Rounds) {
  for (volatile int Round = 0; Round < Rounds; ++Round) {
    if (setjmp(Landing) == 0)
      descend(3);
    empty();
  }
}

NOINLINE void calls(int Rounds) {
  for (int Round = 0; Round < Rounds; ++Round)
    empty();
}

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? atoi(argv[1]) : 20000;
  calls(Rounds);
  jumps(Rounds);
  printf("repair_cost: %d rounds\n", Rounds);
  return 0;
}
