/*===- test/lit/e2e/shmem/Inputs/wrapped_ring.c - wrapper_abi.h by hand ---===*\
 *
 * What a generated wrapper of a library "ring" would call, written out:
 * rank argv[1] of argv[2] registers the library (twice: one id), places
 * itself in the job, puts 100 bytes three times to the right, gets 64
 * bytes once from the left, calls the collective ring_barrier once and
 * sends one byte to a peer outside the job. The e2e tests of the runtime
 * side of wrapper_abi.h without the generator or OpenSHMEM.
\*===----------------------------------------------------------------------===*/

#include <sextant/wrapper_abi.h>

#include <stdlib.h>

static const char *const Names[] = {"ring_put", "ring_get", "ring_barrier"};
static const sextant_wrapped_library Ring = {SEXTANT_WRAPPER_ABI_VERSION,
                                             "ring", 3, Names};

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int Rank = atoi(argv[1]), Size = atoi(argv[2]);
  int Library = __sextant_wrapped_library_register(&Ring);
  if (Library < 0 || Library != __sextant_wrapped_library_register(&Ring))
    return 3;
  if (!__sextant_wrapped_set_rank(Library, Rank, Size))
    return 4;
  int Right = (Rank + 1) % Size, Left = (Rank + Size - 1) % Size;
  for (int I = 0; I < 3; ++I) {
    __sextant_wrapped_transfer(Library, 0, SEXTANT_TRANSFER_PUT, Right, 100);
    __sextant_wrapped_call(Library, 0, 100, 0);
  }
  __sextant_wrapped_transfer(Library, 1, SEXTANT_TRANSFER_GET, Left, 64);
  __sextant_wrapped_call(Library, 1, 64, 0);
  __sextant_wrapped_call(Library, 2, 0, SEXTANT_WRAPPED_COLLECTIVE);
  __sextant_wrapped_transfer(Library, 0, SEXTANT_TRANSFER_PUT, Size, 1);
  __sextant_wrapped_call(Library, 0, 1, 0);
  return 0;
}
