/* long_jump.c - longjmp out of several instrumented frames (C).
 *
 * Part of Sextant's test applications. Each of 3 rounds calls
 * descend(3) -> descend(2) -> descend(1) -> descend(0) -> bail_out(), which
 * longjmps back to main: none of those frames returns, so their exits never
 * reach the runtime. The runtime must repair its shadow stack at the next
 * event it sees (here: the enter of after_jump, whose frame lies where the
 * abandoned frames were). Visit counts:
 *   descend 12, bail_out 3, after_jump 3, main 1.
 */
#include <setjmp.h>
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

static jmp_buf Landing;
static volatile int Depth;

NOINLINE void bail_out(int round) { longjmp(Landing, round + 1); }

NOINLINE void descend(int level, int round) {
  Depth = level;
  if (level == 0)
    bail_out(round);
  else
    descend(level - 1, round);
  Depth = -1; /* never reached */
}

NOINLINE int after_jump(int value) { return value * 2; }

int main(void) {
  int total = 0;
  for (int round = 0; round < 3; ++round) {
    int jumped = setjmp(Landing);
    if (jumped == 0)
      descend(3, round);
    total += after_jump(jumped);
  }
  printf("long_jump: total=%d\n", total);
  return 0;
}
