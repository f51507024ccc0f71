//===- runtime/clock/ClockCalibration.cpp - Choosing and calibrating the clock
//===//
//
// Part of Sextant. Invariant-TSC detection, reference points, and the
// start-up and whole-run calibration of the TSC against CLOCK_MONOTONIC.
//
//===----------------------------------------------------------------------===//

#include "runtime/clock/ClockCalibration.h"

#include "format/schema/JsonWriter.h"

#if SEXTANT_HAVE_TSC
#include <cpuid.h>
#endif

namespace sextant {
namespace runtime {

namespace {

/// Upper bound of the reads of a calibration loop, so that a clock that
/// does not advance (a broken or simulated one) cannot hang start-up.
constexpr uint64_t MaxCalibrationReads = 100000000;

std::string milliseconds(uint64_t Nanoseconds) {
  return format::formatFixed(static_cast<double>(Nanoseconds) / 1e6, 3) + " ms";
}

std::string megahertz(double TicksPerSecond) {
  return format::formatFixed(TicksPerSecond / 1e6, 3) + " MHz";
}

ClockInfo tscInfo(double TicksPerSecond, std::string Calibration) {
  ClockInfo Info{"TSC", 1.0 / TicksPerSecond};
  Info.TicksPerSecond = TicksPerSecond;
  Info.Calibration = std::move(Calibration);
  return Info;
}

} // namespace

ClockReferencePoint takeReferencePoint(TickReader ReadTicks,
                                       TickReader ReadNanoseconds,
                                       unsigned Tries) {
  ClockReferencePoint Best;
  Ticks BestWidth = ~Ticks(0);
  for (unsigned Try = 0; Try < (Tries ? Tries : 1); ++Try) {
    Ticks Before = ReadTicks();
    uint64_t Nanoseconds = ReadNanoseconds();
    Ticks After = ReadTicks();
    if (After < Before)
      continue;
    if (After - Before < BestWidth) {
      BestWidth = After - Before;
      Best.Tick = Before + (After - Before) / 2;
      Best.Nanoseconds = Nanoseconds;
    }
  }
  return Best;
}

double ticksPerSecondBetween(const ClockReferencePoint &Begin,
                             const ClockReferencePoint &End) {
  if (End.Nanoseconds <= Begin.Nanoseconds || End.Tick <= Begin.Tick)
    return 0;
  double Rate = static_cast<double>(End.Tick - Begin.Tick) * 1e9 /
                static_cast<double>(End.Nanoseconds - Begin.Nanoseconds);
  if (Rate < MinPlausibleTicksPerSecond || Rate > MaxPlausibleTicksPerSecond)
    return 0;
  return Rate;
}

bool cpuHasInvariantTsc() noexcept {
#if SEXTANT_HAVE_TSC
  unsigned Eax = 0, Ebx = 0, Ecx = 0, Edx = 0;
  if (!__get_cpuid(0x80000007u, &Eax, &Ebx, &Ecx, &Edx))
    return false; // the leaf does not exist
  return (Edx >> 8) & 1u;
#else
  return false;
#endif
}

ClockSelection selectClock(ClockChoice Requested,
                           const ClockEnvironment &Environment,
                           std::vector<std::string> &Warnings) {
  ClockSelection Selection; // CLOCK_MONOTONIC
  if (Requested == ClockChoice::Monotonic)
    return Selection;
  if (!Environment.InvariantTsc) {
    if (Requested == ClockChoice::Tsc)
      Warnings.push_back(
          SEXTANT_HAVE_TSC
              ? "SEXTANT_CLOCK=tsc, but this CPU does not report an "
                "invariant TSC (CPUID 0x80000007 EDX bit 8); using "
                "CLOCK_MONOTONIC"
              : "SEXTANT_CLOCK=tsc, but this architecture has no "
                "time-stamp counter; using CLOCK_MONOTONIC");
    return Selection;
  }

  ClockReferencePoint Start =
      takeReferencePoint(Environment.ReadTsc, Environment.ReadNanoseconds);
  uint64_t Reads = 0;
  while (Environment.ReadNanoseconds() - Start.Nanoseconds <
             Environment.CalibrationNanoseconds &&
         ++Reads < MaxCalibrationReads) {
  }
  ClockReferencePoint End =
      takeReferencePoint(Environment.ReadTsc, Environment.ReadNanoseconds);
  double Rate = ticksPerSecondBetween(Start, End);
  if (Rate == 0) {
    Warnings.push_back("cannot calibrate the TSC against CLOCK_MONOTONIC "
                       "(the clocks did not advance together plausibly); "
                       "using CLOCK_MONOTONIC");
    return Selection;
  }
  Selection.Source = ClockSource::Tsc;
  Selection.Start = Start;
  Selection.StartCalibrationNanoseconds = End.Nanoseconds - Start.Nanoseconds;
  Selection.StartInfo =
      tscInfo(Rate, "TSC against CLOCK_MONOTONIC over " +
                        milliseconds(Selection.StartCalibrationNanoseconds) +
                        " at start-up");
  return Selection;
}

ClockInfo finalClockInfo(const ClockSelection &Selection,
                         const ClockReferencePoint &End) {
  if (Selection.Source != ClockSource::Tsc)
    return Selection.StartInfo;
  uint64_t Length = End.Nanoseconds > Selection.Start.Nanoseconds
                        ? End.Nanoseconds - Selection.Start.Nanoseconds
                        : 0;
  double WholeRun = ticksPerSecondBetween(Selection.Start, End);
  if (Length < MinWholeRunCalibrationNanoseconds || WholeRun == 0)
    return Selection.StartInfo;
  return tscInfo(
      WholeRun,
      "TSC against CLOCK_MONOTONIC over the whole run (" +
          format::formatFixed(static_cast<double>(Length) / 1e9, 6) + " s); " +
          milliseconds(Selection.StartCalibrationNanoseconds) +
          " at start-up gave " + megahertz(Selection.StartInfo.TicksPerSecond));
}

} // namespace runtime
} // namespace sextant
