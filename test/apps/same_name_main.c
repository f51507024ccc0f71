/* same_name_main.c - calls two libraries that define the same function (C).
 *
 * Part of Sextant's test applications. Linked with two builds of
 * same_name_lib.c: entry_a(2) calls liba's compute() twice, entry_b(3)
 * calls libb's compute() three times. The runtime must report two regions
 * named compute, told apart by their module. Visit counts: main 1,
 * entry_a 1, entry_b 1, compute 2 (liba) and 3 (libb).
 */
#include <stdio.h>

double entry_a(int n);
double entry_b(int n);

int main(void) {
  double total = entry_a(2) + entry_b(3);
  printf("same_name: total %.3f\n", total);
  return 0;
}
