/*===- test/lit/e2e/shmem/Inputs/shmem_ring.c - Known OpenSHMEM traffic ---===*\
 *
 * An OpenSHMEM program whose calls, bytes and PE-to-PE traffic the tests
 * know exactly (run on 4 PEs; right = (me + 1) % n, left = (me + n - 1) %
 * n, across = (me + 2) % n):
 *
 *   exchange():  shmem_putmem      100 bytes to right
 *                shmem_int_put     10 ints (40 bytes) to right
 *                shmem_barrier_all
 *                shmem_getmem      64 bytes from left
 *                shmem_long_put    5 longs (40 bytes) to across
 *                shmem_int_p       one int (4 bytes) to PE 0
 *   atomics():   shmem_int_atomic_add        4 bytes to PE 0
 *                shmem_int_atomic_fetch_add  4 bytes to and from right
 *                shmem_barrier_all
 *   reduce():    shmem_barrier_all
 *                shmem_int_sum_to_all        1 int (4 bytes), collective
 *                shmem_barrier_all
 *
 * plus shmem_init, shmem_my_pe, shmem_n_pes and shmem_finalize once each
 * (shmem_barrier_all: 4 calls).
 * Every PE checks the data it received and prints "PE <me> of <n>: ok" (or
 * what was wrong, and exits with 1).
\*===----------------------------------------------------------------------===*/

#include <shmem.h>
#include <stdio.h>
#include <string.h>

static char Bytes[100], BytesIn[100], Got[64];
static int Ints[10], IntsIn[10];
static long Longs[5], LongsIn[5];
static int Element, Counter, Fetched;
static int Value, Sum;
static int Work[SHMEM_REDUCE_MIN_WRKDATA_SIZE];
static long Sync[SHMEM_REDUCE_SYNC_SIZE];

static int Me, Count, Failures;

static void expect(int Condition, const char *What) {
  if (!Condition) {
    printf("PE %d: wrong %s\n", Me, What);
    ++Failures;
  }
}

static void exchange(void) {
  int Right = (Me + 1) % Count, Left = (Me + Count - 1) % Count;
  int Across = (Me + 2) % Count;
  memset(Bytes, 'a' + Me, sizeof(Bytes));
  for (int K = 0; K < 10; ++K)
    Ints[K] = Me * 100 + K;
  for (int K = 0; K < 5; ++K)
    Longs[K] = Me * 1000L + K;
  shmem_putmem(BytesIn, Bytes, sizeof(Bytes), Right);
  shmem_int_put(IntsIn, Ints, 10, Right);
  shmem_barrier_all();
  shmem_getmem(Got, Bytes, sizeof(Got), Left);
  shmem_long_put(LongsIn, Longs, 5, Across);
  shmem_int_p(&Element, 7, 0);
  expect(BytesIn[99] == 'a' + Left, "putmem data");
  expect(IntsIn[9] == Left * 100 + 9, "int_put data");
  expect(Got[63] == 'a' + Left, "getmem data");
}

static void atomics(void) {
  shmem_int_atomic_add(&Counter, 1, 0);
  Fetched = shmem_int_atomic_fetch_add(&Counter, 1, (Me + 1) % Count);
  shmem_barrier_all();
  int Across = (Me + Count - 2) % Count;
  expect(LongsIn[4] == Across * 1000L + 4, "long_put data");
  if (Me == 0) {
    expect(Element == 7, "int_p data");
    expect(Counter == Count + 1, "atomic counter");
  } else {
    expect(Counter == 1, "atomic counter");
  }
}

static void reduce(void) {
  for (int K = 0; K < SHMEM_REDUCE_SYNC_SIZE; ++K)
    Sync[K] = SHMEM_SYNC_VALUE;
  Value = Me + 1;
  shmem_barrier_all();
  shmem_int_sum_to_all(&Sum, &Value, 1, 0, 0, Count, Work, Sync);
  shmem_barrier_all();
  expect(Sum == Count * (Count + 1) / 2, "sum");
}

int main(void) {
  shmem_init();
  Me = shmem_my_pe();
  Count = shmem_n_pes();
  exchange();
  atomics();
  reduce();
  if (!Failures)
    printf("PE %d of %d: ok\n", Me, Count);
  shmem_finalize();
  return Failures ? 1 : 0;
}
