// Calls every function of accumulate.hpp a known number of times.
#include "accumulate.hpp"

#include <cstdio>

static int square(int value) { return value * value; }

int main() {
  double grand = 0;
  for (int round = 0; round < 2; ++round) {
    acc::Accumulator a(round);
    for (int i = 0; i < 3; ++i)
      a.add(i);
    a.add(0.5);
    grand += a.total();
  }
  int values[] = {1, 2, 3};
  int rows[2][3] = {{1, 2, 3}, {4, 5, 6}};
  int applied = acc::apply(square, values, 3) + acc::apply(square, values, 2);
  std::printf("accumulate_demo: %.1f %d %d %d\n", grand, applied,
              acc::sum_rows(rows, 2), acc::Accumulator::created());
  return 0;
}
