/* Plans, forward and backward transforms, destroy, cleanup: FFTW calls with
 * known counts (fftw_malloc 4, fftw_plan_dft_1d 4, fftw_execute 12,
 * fftw_destroy_plan 4, fftw_free 4, fftw_cleanup 1). */
#include <fftw3.h>
#include <stdio.h>

__attribute__((noinline)) static void transform(fftw_plan plan) {
  fftw_execute(plan);
}

__attribute__((noinline)) static double roundtrip(int n) {
  fftw_complex *in = (fftw_complex *)fftw_malloc(sizeof(fftw_complex) * n);
  fftw_complex *out = (fftw_complex *)fftw_malloc(sizeof(fftw_complex) * n);
  fftw_plan forward = fftw_plan_dft_1d(n, in, out, FFTW_FORWARD, FFTW_ESTIMATE);
  fftw_plan backward =
      fftw_plan_dft_1d(n, out, in, FFTW_BACKWARD, FFTW_ESTIMATE);
  for (int i = 0; i < n; ++i) {
    in[i][0] = i;
    in[i][1] = 0;
  }
  for (int k = 0; k < 3; ++k) {
    transform(forward);
    transform(backward);
  }
  double first = in[1][0] / ((double)n * n * n * n * n * n);
  fftw_destroy_plan(forward);
  fftw_destroy_plan(backward);
  fftw_free(in);
  fftw_free(out);
  return first;
}

int main(void) {
  double a = roundtrip(64), b = roundtrip(32);
  fftw_cleanup();
  printf("fft_demo: %.3f %.3f\n", a, b);
  return 0;
}
