/* A C library whose handle type is a pointer to an unnamed struct, as
 * OpenSHMEM's shmem_ctx_t is in Open MPI: a type without linkage in C++. */
#ifndef OPAQUE_H
#define OPAQUE_H
#ifdef __cplusplus
extern "C" {
#endif
typedef struct {
  int dummy;
} *opaque_t;
int opaque_create(opaque_t *handle);
int opaque_use(opaque_t handle, int value);
void opaque_destroy(opaque_t handle);
#ifdef __cplusplus
}
#endif
#endif
