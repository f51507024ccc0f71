#include "opaque.h"
#include <stdlib.h>

int opaque_create(opaque_t *handle) {
  *handle = malloc(sizeof(**handle));
  if (!*handle)
    return 1;
  (*handle)->dummy = 40;
  return 0;
}
int opaque_use(opaque_t handle, int value) { return handle->dummy + value; }
void opaque_destroy(opaque_t handle) { free(handle); }
