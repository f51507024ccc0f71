/*===- benchmarks/micro/EmptyProfileHooks.c - Empty hooks ---------*- C -*-===*\
 *
 * Part of Sextant. Empty hooks for code compiled with -finstrument-functions,
 * in their own object file (not instrumented, not inlinable), so that the
 * benchmark measures what GCC-style instrumentation costs before its hooks
 * do anything at all.
\*===----------------------------------------------------------------------===*/

__attribute__((noinline, no_instrument_function)) void
__cyg_profile_func_enter(void *Function, void *CallSite) {
  __asm__ volatile("" ::"r"(Function), "r"(CallSite));
}

__attribute__((noinline, no_instrument_function)) void
__cyg_profile_func_exit(void *Function, void *CallSite) {
  __asm__ volatile("" ::"r"(Function), "r"(CallSite));
}
