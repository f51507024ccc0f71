// kernels.cpp - a shared library of the e2e CMake project.
#define NOINLINE __attribute__((noinline))

NOINLINE static double helper(double X) { return X * 0.5 + 1.0; }

extern "C" NOINLINE double kernel_sum(int N) {
  double Sum = 0;
  for (int I = 0; I < N; ++I)
    Sum += helper(I);
  return Sum;
}
