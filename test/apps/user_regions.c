/* user_regions.c - the public C API: user regions, pause and resume.
 *
 * Part of Sextant's test applications. Works with or without the plugin
 * (link with -lsextant, include <sextant/sextant.h>). Usage: user_regions.
 * Recorded user regions (visits), with compute() inside them when the
 * plugin instrumented it:
 *   setup 1 (compute 1); iteration 3 (compute 3 each, 9);
 *   open_across_pause 1 (its compute ran while paused: not recorded);
 *   outer 1 > inner 1 (inner ended implicitly by the end of outer);
 *   recursive 1 > recursive 1.
 * Not recorded: hidden (begun and ended while paused), spans (begun while
 * paused, ended after the resume). One end without a begin (ignored and
 * counted) and one implicitly ended region.
 */
#include <sextant/sextant.h>
#include <stdio.h>

#define NOINLINE __attribute__((noinline))

/* Written by compute(), so that its calls cannot be merged or hoisted. */
volatile double last_result;

NOINLINE double compute(int n) {
  double x = 1;
  for (int i = 0; i < n; ++i)
    x = x * 1.0000001 + 0.5;
  last_result = x;
  return x;
}

int main(void) {
  double total = 0;
  char name[16] = "setup";

  /* The name is copied: reusing the buffer for another name later is fine. */
  sextant_region_begin(name);
  total += compute(1000);
  sextant_region_end(name);

  for (int i = 0; i < 3; ++i) {
    snprintf(name, sizeof(name), "iteration");
    sextant_region_begin(name);
    for (int j = 0; j < 3; ++j)
      total += compute(100);
    sextant_region_end("iteration");
  }

  sextant_pause();
  sextant_region_begin("hidden");
  total += compute(10);
  sextant_region_end("hidden");
  sextant_region_begin("spans");
  sextant_resume();
  sextant_region_end("spans");

  sextant_region_begin("open_across_pause");
  sextant_pause();
  sextant_pause(); /* no effect: pauses do not nest */
  total += compute(10);
  sextant_resume();
  sextant_region_end("open_across_pause");

  sextant_region_end("never_begun");

  sextant_region_begin("outer");
  sextant_region_begin("inner");
  sextant_region_end("outer");
  sextant_region_end("inner"); /* already ended: ignored */

  sextant_region_begin("recursive");
  sextant_region_begin("recursive");
  sextant_region_end("recursive");
  sextant_region_end("recursive");

  sextant_region_begin(NULL); /* ignored */
  sextant_region_end(NULL);

  printf("user_regions: total %.3f\n", total);
  return 0;
}
