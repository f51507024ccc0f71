/*===- test/lit/e2e/shmem/Inputs/wrapped_ring.c - wrapper_abi.h by hand ---===*\
 *
 * What a generated wrapper of a library "ring" would call, written out:
 * rank argv[1] of argv[2] registers the library (twice: one id), places
 * itself in the job, puts 100 bytes three times to the right, gets 64
 * bytes once from the left, calls the collective ring_barrier once and
 * sends one byte to a peer outside the job. The e2e tests of the runtime
 * side of wrapper_abi.h without the generator or OpenSHMEM.
 *
 * A real library's initialization (shmem_init) is collective: no process
 * places itself in the job before every process of the job has started,
 * which the runtime's choice of the job's directory relies on
 * (runtime/wrapped/JobBaseDirectory.h). When RING_BARRIER names a
 * directory, the processes meet there first the same way: each creates
 * arrived-<rank> and waits (60 s at most) for all argv[2] of them.
\*===----------------------------------------------------------------------===*/

#include <sextant/wrapper_abi.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const Names[] = {"ring_put", "ring_get", "ring_barrier"};
static const sextant_wrapped_library Ring = {SEXTANT_WRAPPER_ABI_VERSION,
                                             "ring", 3, Names};

/* Returns 0 once every rank of Size has arrived in Directory. */
static int meetInitialization(const char *Directory, int Rank, int Size) {
  char Path[4096];
  mkdir(Directory, 0700);
  snprintf(Path, sizeof(Path), "%s/arrived-%d", Directory, Rank);
  int Fd = open(Path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
  if (Fd < 0)
    return -1;
  close(Fd);
  const struct timespec Pause = {0, 1000000};
  for (long Waited = 0; Waited < 60000; ++Waited) {
    int Arrived = 0;
    for (int Other = 0; Other < Size; ++Other) {
      struct stat Info;
      snprintf(Path, sizeof(Path), "%s/arrived-%d", Directory, Other);
      Arrived += stat(Path, &Info) == 0;
    }
    if (Arrived == Size)
      return 0;
    nanosleep(&Pause, NULL);
  }
  return -1;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  int Rank = atoi(argv[1]), Size = atoi(argv[2]);
  int Library = __sextant_wrapped_library_register(&Ring);
  if (Library < 0 || Library != __sextant_wrapped_library_register(&Ring))
    return 3;
  const char *Barrier = getenv("RING_BARRIER");
  if (Barrier && *Barrier && meetInitialization(Barrier, Rank, Size) != 0)
    return 5;
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
