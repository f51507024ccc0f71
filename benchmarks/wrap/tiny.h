/* The library of the per-call overhead benchmark: one tiny function. */
#ifndef SEXTANT_BENCH_TINY_H
#define SEXTANT_BENCH_TINY_H
#ifdef __cplusplus
extern "C" {
#endif
int tiny_add(int a, int b);
#ifdef __cplusplus
}
#endif
#endif
