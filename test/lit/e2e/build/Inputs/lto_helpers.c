/* The second module of lto.test: small() is inlined into main() at the
   link with LTO, big() never is. */
int small(int x) { return 3 * x + 1; }

__attribute__((noinline)) int big(int n) {
  volatile int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += i * n;
  return sum;
}
