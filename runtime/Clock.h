//===- runtime/Clock.h - Timestamps of enter and exit events ----*- C++ -*-===//
//
// Part of Sextant. The clock the recorders read. Everything downstream
// (call-path trees, output) works in abstract ticks and converts to seconds
// with ClockInfo::SecondsPerTick, so a calibrated TSC clock can replace the
// CLOCK_MONOTONIC clock here without touching the recorders or the writers.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CLOCK_H
#define SEXTANT_RUNTIME_CLOCK_H

#include <cstdint>
#include <ctime>

namespace sextant {
namespace runtime {

/// A point in time in clock ticks.
using Ticks = uint64_t;

/// What the output needs to know about the clock that produced the ticks.
struct ClockInfo {
  const char *Name;      ///< e.g. "CLOCK_MONOTONIC"
  double SecondsPerTick; ///< converts tick differences to seconds
};

/// CLOCK_MONOTONIC in nanoseconds (one tick = 1 ns): never goes backwards,
/// unaffected by changes of the wall-clock time, same epoch on all threads.
struct MonotonicClock {
  static Ticks now() noexcept {
    timespec Time;
    clock_gettime(CLOCK_MONOTONIC, &Time);
    return static_cast<Ticks>(Time.tv_sec) * 1000000000u +
           static_cast<Ticks>(Time.tv_nsec);
  }
  static ClockInfo info() noexcept { return {"CLOCK_MONOTONIC", 1e-9}; }
};

/// The clock of the runtime.
using Clock = MonotonicClock;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CLOCK_H
