/* dl_plugin.c - an instrumented shared library loaded with dlopen (C).
 *
 * Part of Sextant's test applications; see dl_host.c. plugin_work(n) calls
 * plugin_step n times.
 */
#define NOINLINE __attribute__((noinline))

NOINLINE double plugin_step(int i) {
  double x = i;
  for (int k = 0; k < 50; ++k)
    x = x * 0.5 + 1.0;
  return x;
}

double plugin_work(int n) {
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += plugin_step(i);
  return sum;
}
