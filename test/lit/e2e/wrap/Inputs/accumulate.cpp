#include "accumulate.hpp"

namespace acc {

static int Created;

Accumulator::Accumulator(int start) : sum(start) { ++Created; }
Accumulator::~Accumulator() {}
void Accumulator::add(int value) { sum += value; }
void Accumulator::add(double value) { sum += value; }
double Accumulator::total() const { return sum; }
int Accumulator::created() { return Created; }

int apply(int (*function)(int), int values[], int count) {
  int result = 0;
  for (int i = 0; i < count; ++i)
    result += function(values[i]);
  return result;
}

int sum_rows(const int rows[][3], int count) {
  int result = 0;
  for (int i = 0; i < count; ++i)
    result += rows[i][0] + rows[i][1] + rows[i][2];
  return result;
}

} // namespace acc
