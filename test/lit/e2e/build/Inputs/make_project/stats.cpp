// The C++ part of the Makefile project (wrapper_makefile.test).
#include "stats.h"

#include <vector>

namespace stats {
__attribute__((noinline)) double square(double x) { return x * x; }
} // namespace stats

extern "C" double mean_of_squares(int n) {
  std::vector<double> values(n);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += stats::square(i + 1);
  return sum / n;
}
