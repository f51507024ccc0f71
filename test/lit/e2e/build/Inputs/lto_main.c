/* The first module of lto.test: main calls small() and big() of
   lto_helpers.c. Only link-time optimization can inline small(). */
#include <stdio.h>

int small(int x);
int big(int n);

int main(void) {
  int sum = 0;
  for (int i = 0; i < 10; ++i)
    sum += small(i) + big(i);
  printf("lto: sum=%d\n", sum);
  return 0;
}
