// A small C++ library for the wrapper tests: a class with a constructor, a
// destructor and overloaded members, and free functions taking a function
// pointer and an array.
#ifndef ACCUMULATE_HPP
#define ACCUMULATE_HPP

namespace acc {

class Accumulator {
public:
  explicit Accumulator(int start);
  ~Accumulator();
  void add(int value);
  void add(double value);
  double total() const;
  static int created();

private:
  double sum;
};

int apply(int (*function)(int), int values[], int count);
int sum_rows(const int rows[][3], int count);
inline int twice(int value) { return 2 * value; }

} // namespace acc

#endif
