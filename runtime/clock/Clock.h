//===- runtime/clock/Clock.h - Timestamps of enter and exit events --------===//
//
// Part of Sextant. The clock the recorders read. Everything downstream
// (call-path trees, traces, output) works in abstract ticks and converts to
// seconds with ClockInfo::SecondsPerTick, which is only known for certain at
// the end of the run (the TSC's frequency is calibrated, see
// ClockCalibration.h).
//
// Two sources:
//  - the invariant time-stamp counter (TSC, one RDTSC instruction), when the
//    CPU reports it (CPUID 0x80000007 EDX bit 8): it ticks at a constant
//    rate in every power state and is synchronized across the cores of a
//    system, so timestamps of one thread taken on different cores (after a
//    migration) compare correctly; the runtime relies on that;
//  - CLOCK_MONOTONIC through clock_gettime(2) (one tick = 1 ns) otherwise,
//    or when SEXTANT_CLOCK=monotonic asks for it.
// The source is chosen once at start-up, before any event is recorded, and
// never changes; Clock::now() costs one predictable branch on top of the
// source.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CLOCK_CLOCK_H
#define SEXTANT_RUNTIME_CLOCK_CLOCK_H

#include <atomic>
#include <cstdint>
#include <ctime>
#include <string>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#define SEXTANT_HAVE_TSC 1
#else
#define SEXTANT_HAVE_TSC 0
#endif

namespace sextant {
namespace runtime {

/// A point in time in clock ticks.
using Ticks = uint64_t;

/// What the output needs to know about the clock that produced the ticks.
struct ClockInfo {
  const char *Name;      ///< "TSC" or "CLOCK_MONOTONIC"
  double SecondsPerTick; ///< converts tick differences to seconds
  /// 1 / SecondsPerTick (the calibrated frequency of the TSC).
  double TicksPerSecond = 1e9;
  /// How TicksPerSecond was obtained, one line.
  std::string Calibration = "none needed: CLOCK_MONOTONIC counts nanoseconds";
};

/// The clock sources of the runtime.
enum class ClockSource : uint8_t {
  Monotonic, ///< clock_gettime(CLOCK_MONOTONIC)
  Tsc        ///< RDTSC, calibrated against CLOCK_MONOTONIC
};

/// What SEXTANT_CLOCK asks for.
enum class ClockChoice : uint8_t {
  Auto,     ///< the TSC when it is invariant, else CLOCK_MONOTONIC
  Tsc,      ///< the TSC; CLOCK_MONOTONIC (with a warning) when not invariant
  Monotonic ///< CLOCK_MONOTONIC
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

/// The time-stamp counter. RDTSC is not serializing: it may execute a few
/// instructions early or late, which is far below the cost of an event.
struct TscClock {
  static Ticks now() noexcept {
#if SEXTANT_HAVE_TSC
    return __rdtsc();
#else
    return MonotonicClock::now();
#endif
  }
};

/// The source every event reads; set once by the runtime at start-up
/// (installClockSource), CLOCK_MONOTONIC until then. Atomic only so that a
/// thread reading it without other synchronization is not a data race; it
/// compiles to a plain load.
extern std::atomic<ClockSource> ActiveClockSource;

/// Selects the source of Clock::now(). Only called before any event is
/// recorded (and by tests).
void installClockSource(ClockSource Source) noexcept;

/// The clock of the runtime.
struct Clock {
  static Ticks now() noexcept {
    if (__builtin_expect(ActiveClockSource.load(std::memory_order_relaxed) ==
                             ClockSource::Tsc,
                         1))
      return TscClock::now();
    return MonotonicClock::now();
  }
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CLOCK_CLOCK_H
