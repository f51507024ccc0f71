/* throttle_candidates.c - one tiny and one heavy function, for throttling.
 *
 * Part of Sextant's test applications. Usage: throttle_candidates [tiny
 * calls] [heavy calls] (defaults 1000000 and 200). tiny() returns at once
 * (a few nanoseconds); heavy() runs about 10 microseconds. Both are called
 * from main. With the default SEXTANT_THROTTLE (100000 visits, 500 ns)
 * tiny is throttled after exactly 100000 visits and heavy never is.
 */
#include <stdio.h>
#include <stdlib.h>

#define NOINLINE __attribute__((noinline))

NOINLINE unsigned tiny(unsigned x) {
  __asm__ volatile("" : "+r"(x));
  return x * 3u + 1u;
}

NOINLINE unsigned heavy(unsigned x) {
  for (int i = 0; i < 20000; ++i) {
    x = x * 2654435761u + 1u;
    __asm__ volatile("" : "+r"(x));
  }
  return x;
}

int main(int argc, char **argv) {
  long tiny_calls = argc > 1 ? atol(argv[1]) : 1000000;
  long heavy_calls = argc > 2 ? atol(argv[2]) : 200;
  unsigned x = 1;
  for (long i = 0; i < tiny_calls; ++i)
    x = tiny(x);
  for (long i = 0; i < heavy_calls; ++i)
    x = heavy(x);
  printf("throttle_candidates: %ld tiny, %ld heavy calls (%u)\n", tiny_calls,
         heavy_calls, x & 1u);
  return 0;
}
