/*===- test/lit/e2e/shmem/Inputs/shmem_contexts.c - OpenSHMEM contexts ----===*\
 *
 * An OpenSHMEM program that moves data only through the calls taking an
 * explicit communication context (shmem_ctx_*), with calls, bytes and
 * target PEs the tests know exactly (run on 4 PEs; right = (me + 1) % n,
 * left = (me + n - 1) % n):
 *
 *   shmem_ctx_create      once (a private context; if the library refuses
 *                         it, the program says so and exits with 1)
 *   shmem_ctx_putmem      48 bytes to right, on the new context
 *   shmem_ctx_int_put     6 ints (24 bytes) to right, on the new context
 *   shmem_ctx_quiet       once, on the new context
 *   shmem_barrier_all
 *   shmem_ctx_getmem      32 bytes from left, on SHMEM_CTX_DEFAULT
 *   shmem_ctx_int_atomic_fetch_add  4 bytes to and from PE 0, on the new
 *                         context
 *   shmem_ctx_destroy     once
 *   shmem_barrier_all
 *
 * plus shmem_init, shmem_my_pe, shmem_n_pes and shmem_finalize once each
 * (shmem_barrier_all: 2 calls).
 * Every PE checks the data it received and prints "PE <me> of <n>: ok" (or
 * what was wrong, and exits with 1).
\*===----------------------------------------------------------------------===*/

#include <shmem.h>
#include <stdio.h>
#include <string.h>

static char Bytes[48], BytesIn[48], Got[32];
static int Ints[6], IntsIn[6];
static int Counter;

int main(void) {
  shmem_init();
  int Me = shmem_my_pe(), Count = shmem_n_pes();
  int Right = (Me + 1) % Count, Left = (Me + Count - 1) % Count;
  int Failures = 0;
  shmem_ctx_t Context;
  if (shmem_ctx_create(SHMEM_CTX_PRIVATE, &Context) != 0) {
    printf("PE %d: shmem_ctx_create failed\n", Me);
    return 1;
  }
  memset(Bytes, 'a' + Me, sizeof(Bytes));
  for (int K = 0; K < 6; ++K)
    Ints[K] = Me * 100 + K;
  shmem_ctx_putmem(Context, BytesIn, Bytes, sizeof(Bytes), Right);
  shmem_ctx_int_put(Context, IntsIn, Ints, 6, Right);
  shmem_ctx_quiet(Context);
  shmem_barrier_all();
  shmem_ctx_getmem(SHMEM_CTX_DEFAULT, Got, Bytes, sizeof(Got), Left);
  int Before = shmem_ctx_int_atomic_fetch_add(Context, &Counter, 1, 0);
  shmem_ctx_destroy(Context);
  shmem_barrier_all();

  if (BytesIn[0] != 'a' + Left || BytesIn[47] != 'a' + Left) {
    printf("PE %d: wrong bytes from PE %d\n", Me, Left);
    ++Failures;
  }
  for (int K = 0; K < 6; ++K)
    if (IntsIn[K] != Left * 100 + K) {
      printf("PE %d: wrong int %d from PE %d\n", Me, K, Left);
      ++Failures;
    }
  if (Got[0] != 'a' + Left || Got[31] != 'a' + Left) {
    printf("PE %d: wrong bytes got from PE %d\n", Me, Left);
    ++Failures;
  }
  if (Before < 0 || Before >= Count) {
    printf("PE %d: wrong counter value %d\n", Me, Before);
    ++Failures;
  }
  if (Me == 0 && Counter != Count) {
    printf("PE 0: counter is %d, not %d\n", Counter, Count);
    ++Failures;
  }
  if (!Failures)
    printf("PE %d of %d: ok\n", Me, Count);
  shmem_finalize();
  return Failures ? 1 : 0;
}
