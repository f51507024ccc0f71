#include "opaque.h"
#include <stdio.h>

int main(void) {
  opaque_t Handle;
  if (opaque_create(&Handle))
    return 1;
  int Sum = 0;
  for (int K = 0; K < 3; ++K)
    Sum += opaque_use(Handle, K);
  opaque_destroy(Handle);
  printf("opaque_demo: %d\n", Sum);
  return 0;
}
