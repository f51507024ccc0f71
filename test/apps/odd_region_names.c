/* odd_region_names.c - user regions whose names have control bytes.
 *
 * Part of Sextant's test applications. A user region may have any name,
 * line breaks and escape sequences included; tables that show region names
 * (sextant score, sextant report) must keep each region on its row.
 * Visits: "two\nlines" 3, "\033[31mred" 1.
 */
#include <sextant/sextant.h>
#include <stdio.h>

int main(void) {
  volatile double sum = 0;
  for (int i = 0; i < 3; ++i) {
    sextant_region_begin("two\nlines");
    sum += i;
    sextant_region_end("two\nlines");
  }
  sextant_region_begin("\033[31mred");
  sum += 1;
  sextant_region_end("\033[31mred");
  printf("odd_region_names: sum=%.0f\n", sum);
  return 0;
}
