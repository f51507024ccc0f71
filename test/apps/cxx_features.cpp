// cxx_features.cpp - C++ constructs a profiler must name and balance right.
//
// Part of Sextant's test applications: templates, overloads, a lambda,
// recursion, a class with methods, and an exception thrown through several
// instrumented frames and caught in main. Every measured function is
// noinline so its visit count is exact at -O0 and at -O2:
//   sumOfSquares<int> 1, sumOfSquares<double> 1, scale(int) 3,
//   scale(double) 2, the lambda 4 (via applyToEach 1), fibonacci(10) 177
//   (1, 2, 4, 8, 16, 32, 52, 44, 16, 2 calls at recursion depths 1 to 10),
//   Accumulator::add 5, throwingLevel1/2/3 5 each (all throw), main 1.
#include <cstdio>
#include <stdexcept>
#include <vector>

#define NOINLINE __attribute__((noinline))

template <typename T> NOINLINE T sumOfSquares(const std::vector<T> &Values) {
  T Sum = 0;
  for (const T &V : Values)
    Sum += V * V;
  return Sum;
}

NOINLINE int scale(int X) { return 3 * X; }
NOINLINE double scale(double X) { return 2.5 * X; }

template <typename Function>
NOINLINE void applyToEach(std::vector<double> &Values, Function F) {
  for (double &V : Values)
    V = F(V);
}

volatile long FibonacciSink;

// The volatile store after both calls keeps them from being tail calls, so
// -O2's accumulator tail-recursion elimination cannot turn one of them into
// a loop: the call count is the same at every optimization level.
NOINLINE long fibonacci(int N) {
  if (N < 2)
    return N;
  long Sum = fibonacci(N - 1) + fibonacci(N - 2);
  FibonacciSink = Sum;
  return Sum;
}

class Accumulator {
public:
  NOINLINE void add(double X) { Total += X; }
  double total() const { return Total; }

private:
  double Total = 0;
};

NOINLINE void throwingLevel3(int I) {
  if (I >= 0)
    throw std::runtime_error("level 3 failed");
}
NOINLINE void throwingLevel2(int I) {
  std::vector<int> Guard(4, I); // a destructor runs during unwinding
  throwingLevel3(I);
}
NOINLINE void throwingLevel1(int I) { throwingLevel2(I + 1); }

int main() {
  std::vector<int> Ints = {1, 2, 3};
  std::vector<double> Doubles = {0.5, 1.5, 2.5, 3.5};
  int IntSum = sumOfSquares(Ints);
  double DoubleSum = sumOfSquares(Doubles);
  int Scaled = scale(1) + scale(2) + scale(3);
  double ScaledD = scale(1.0) + scale(2.0);
  double Offset = 1.0;
  applyToEach(Doubles, [Offset](double V) NOINLINE { return V + Offset; });
  long Fib = fibonacci(10);
  Accumulator Acc;
  for (int I = 0; I < 5; ++I)
    Acc.add(I);
  int Caught = 0;
  for (int I = 0; I < 5; ++I) {
    try {
      throwingLevel1(I);
    } catch (const std::runtime_error &) {
      ++Caught;
    }
  }
  std::printf("cxx_features: %d %.2f %d %.2f %.2f %ld %.1f caught=%d\n",
              IntSum, DoubleSum, Scaled, ScaledD, Doubles[3], Fib,
              Acc.total(), Caught);
  return 0;
}
