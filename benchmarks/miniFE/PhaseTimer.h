//===- benchmarks/miniFE/PhaseTimer.h - Phase timing ------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Wall-clock time from std::chrono's steady
// clock, accumulated per phase by a scope object.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_PHASETIMER_H
#define SEXTANT_BENCHMARKS_MINIFE_PHASETIMER_H

#include <chrono>

namespace minife {

/// Seconds since an arbitrary fixed point (the steady clock's epoch).
inline double wallSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

/// Adds the time from its construction to its destruction to Total.
class ScopedPhaseTimer {
public:
  explicit ScopedPhaseTimer(double &Total)
      : Total(Total), Start(wallSeconds()) {}
  ~ScopedPhaseTimer() { Total += wallSeconds() - Start; }
  ScopedPhaseTimer(const ScopedPhaseTimer &) = delete;
  ScopedPhaseTimer &operator=(const ScopedPhaseTimer &) = delete;

private:
  double &Total;
  double Start;
};

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_PHASETIMER_H
