/* same_name_lib.c - one source built into two shared libraries (C).
 *
 * Part of Sextant's test applications; see same_name_main.c. Compile it
 * twice, with -DENTRY=entry_a and -DENTRY=entry_b: both libraries then
 * define a function compute() with the same name, file and line, each
 * bound to its own copy (hidden visibility), and an exported ENTRY that
 * calls it `n` times.
 */
#ifndef ENTRY
#error "compile with -DENTRY=<name of the exported entry point>"
#endif

#define NOINLINE __attribute__((noinline))

/* Internal: each library has its own, so the two copies do not violate the
 * one-definition rule (AddressSanitizer checks that); only compute() is
 * meant to share its name. */
static volatile double same_name_sink;

__attribute__((visibility("hidden"))) NOINLINE double compute(int i) {
  double x = i;
  for (int k = 0; k < 20; ++k)
    x = x * 0.75 + 2.0;
  same_name_sink += x;
  return x;
}

double ENTRY(int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += compute(i);
  return sum;
}
