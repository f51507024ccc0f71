//===- runtime/clock/ClockCalibration.h - Choosing the clock ----*- C++ -*-===//
//
// Part of Sextant. Chooses the clock source at start-up (SEXTANT_CLOCK, the
// CPU's invariant-TSC flag) and measures the TSC's frequency against
// CLOCK_MONOTONIC:
//
//  - a reference point pairs a TSC reading with a CLOCK_MONOTONIC reading
//    taken at the same moment: the monotonic read is bracketed by two TSC
//    reads, the narrowest of a few brackets is kept and its midpoint used;
//  - at start-up two reference points 1 ms apart give a first frequency
//    (enough to convert the thresholds of throttling into ticks and for
//    runs shorter than a few milliseconds);
//  - at the end a last reference point gives the frequency over the whole
//    run, which is what converts every recorded tick into seconds (its error
//    shrinks with the length of the run).
//
// Everything reads the clocks through TickReader functions passed in, so the
// tests drive it with simulated clocks; cpuHasInvariantTsc() is the only
// part that asks the hardware.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CLOCK_CLOCKCALIBRATION_H
#define SEXTANT_RUNTIME_CLOCK_CLOCKCALIBRATION_H

#include "runtime/clock/Clock.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Reads a clock (the TSC, CLOCK_MONOTONIC in nanoseconds, or a test's
/// simulation).
using TickReader = Ticks (*)();

/// A tick count and the CLOCK_MONOTONIC time in nanoseconds of one moment.
struct ClockReferencePoint {
  Ticks Tick = 0;
  uint64_t Nanoseconds = 0;
};

/// Frequencies outside this range are taken as a failed calibration.
constexpr double MinPlausibleTicksPerSecond = 1e6;
constexpr double MaxPlausibleTicksPerSecond = 1e11;

/// Takes Tries readings ReadTicks, ReadNanoseconds, ReadTicks and returns
/// the one whose two tick readings are closest, with the midpoint of the two
/// as its tick.
ClockReferencePoint takeReferencePoint(TickReader ReadTicks,
                                       TickReader ReadNanoseconds,
                                       unsigned Tries = 5);

/// Ticks per second between Begin and End, or 0 when both clocks did not
/// advance or the result is outside the plausible range.
double ticksPerSecondBetween(const ClockReferencePoint &Begin,
                             const ClockReferencePoint &End);

/// True when the CPU reports an invariant TSC (CPUID leaf 0x80000007, EDX
/// bit 8); always false on other architectures.
bool cpuHasInvariantTsc() noexcept;

/// What selectClock needs to know; the runtime passes the real hardware.
struct ClockEnvironment {
  bool InvariantTsc = false;
  TickReader ReadTsc = nullptr;
  TickReader ReadNanoseconds = nullptr;
  /// Length of the start-up calibration.
  uint64_t CalibrationNanoseconds = 1000000;
};

/// The clock chosen at start-up.
struct ClockSelection {
  ClockSource Source = ClockSource::Monotonic;
  /// The clock as known at start-up (for the TSC: the 1 ms calibration).
  ClockInfo StartInfo = MonotonicClock::info();
  /// The first reference point of the calibration (TSC only).
  ClockReferencePoint Start;
  /// Length of the start-up calibration (TSC only).
  uint64_t StartCalibrationNanoseconds = 0;
};

/// Chooses the clock for Requested in Environment and calibrates the TSC
/// when it is chosen. Falls back to CLOCK_MONOTONIC, appending one warning
/// (without the "sextant: warning: " prefix) to Warnings, when the TSC was
/// requested explicitly but is not invariant, or when its calibration fails.
ClockSelection selectClock(ClockChoice Requested,
                           const ClockEnvironment &Environment,
                           std::vector<std::string> &Warnings);

/// Runs shorter than this (between the start-up and the final reference
/// point) keep the start-up frequency.
constexpr uint64_t MinWholeRunCalibrationNanoseconds = 10000000;

/// The clock for the output, given the last reference point End: for the
/// TSC, the frequency over the whole run when it is long enough and the
/// result plausible, else the start-up frequency.
ClockInfo finalClockInfo(const ClockSelection &Selection,
                         const ClockReferencePoint &End);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CLOCK_CLOCKCALIBRATION_H
