//===- test/unit/runtime/clock/ClockCalibrationTests.cpp - Clock choice ---===//
//
// Part of Sextant. The choice of the clock (SEXTANT_CLOCK, invariant TSC or
// not), the calibration against simulated clocks with a known frequency,
// the fallbacks with their warnings, the whole-run refinement, and, on this
// machine, the real TSC against CLOCK_MONOTONIC.
//
//===----------------------------------------------------------------------===//

#include "runtime/clock/ClockCalibration.h"
#include "test/unit/support/SkipTest.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace sextant::runtime;

namespace {

/// A simulated machine: CLOCK_MONOTONIC advances by NanosecondsPerRead at
/// every read of either clock; the TSC runs at TscPerNanosecond ticks per
/// nanosecond from TscOffset.
struct SimulatedClocks {
  static uint64_t Nanoseconds;
  static uint64_t NanosecondsPerRead;
  static double TscPerNanosecond;
  static uint64_t TscOffset;
  static bool TscStopped;

  static void reset(double PerNanosecond) {
    Nanoseconds = 1000000;
    NanosecondsPerRead = 50;
    TscPerNanosecond = PerNanosecond;
    TscOffset = 123456789;
    TscStopped = false;
  }
  static Ticks readNanoseconds() {
    Nanoseconds += NanosecondsPerRead;
    return Nanoseconds;
  }
  static Ticks readTsc() {
    if (TscStopped)
      return TscOffset;
    Nanoseconds += NanosecondsPerRead;
    return TscOffset + static_cast<Ticks>(static_cast<double>(Nanoseconds) *
                                          TscPerNanosecond);
  }
};
uint64_t SimulatedClocks::Nanoseconds = 0;
uint64_t SimulatedClocks::NanosecondsPerRead = 0;
double SimulatedClocks::TscPerNanosecond = 0;
uint64_t SimulatedClocks::TscOffset = 0;
bool SimulatedClocks::TscStopped = false;

/// Clocks that return recorded readings in order.
struct ReplayedClocks {
  static std::vector<Ticks> TickReads, NanosecondReads;
  static size_t TickIndex, NanosecondIndex;
  static Ticks ticks() { return TickReads.at(TickIndex++); }
  static Ticks nanoseconds() { return NanosecondReads.at(NanosecondIndex++); }
};
std::vector<Ticks> ReplayedClocks::TickReads;
std::vector<Ticks> ReplayedClocks::NanosecondReads;
size_t ReplayedClocks::TickIndex = 0;
size_t ReplayedClocks::NanosecondIndex = 0;

ClockEnvironment simulatedMachine(bool InvariantTsc) {
  ClockEnvironment Environment;
  Environment.InvariantTsc = InvariantTsc;
  Environment.ReadTsc = &SimulatedClocks::readTsc;
  Environment.ReadNanoseconds = &SimulatedClocks::readNanoseconds;
  Environment.CalibrationNanoseconds = 1000000;
  return Environment;
}

} // namespace

TEST_CASE("an invariant TSC is calibrated against CLOCK_MONOTONIC",
          "[ClockCalibration]") {
  SimulatedClocks::reset(2.5); // a 2.5 GHz TSC
  std::vector<std::string> Warnings;
  ClockSelection Selection =
      selectClock(ClockChoice::Auto, simulatedMachine(true), Warnings);
  CHECK(Warnings.empty());
  REQUIRE(Selection.Source == ClockSource::Tsc);
  CHECK(std::string(Selection.StartInfo.Name) == "TSC");
  CHECK(Selection.StartInfo.TicksPerSecond == Approx(2.5e9).epsilon(1e-3));
  CHECK(Selection.StartInfo.SecondsPerTick == Approx(1 / 2.5e9).epsilon(1e-3));
  CHECK(Selection.StartCalibrationNanoseconds >= 1000000);
  CHECK(Selection.StartInfo.Calibration.find(
            "TSC against CLOCK_MONOTONIC over 1.") == 0);
  CHECK(Selection.StartInfo.Calibration.find("ms at start-up") !=
        std::string::npos);

  // Asking for the TSC explicitly gives the same.
  SimulatedClocks::reset(2.5);
  Selection = selectClock(ClockChoice::Tsc, simulatedMachine(true), Warnings);
  CHECK(Warnings.empty());
  CHECK(Selection.Source == ClockSource::Tsc);
}

TEST_CASE("SEXTANT_CLOCK=monotonic never uses the TSC", "[ClockCalibration]") {
  SimulatedClocks::reset(2.5);
  std::vector<std::string> Warnings;
  ClockSelection Selection =
      selectClock(ClockChoice::Monotonic, simulatedMachine(true), Warnings);
  CHECK(Warnings.empty());
  CHECK(Selection.Source == ClockSource::Monotonic);
  CHECK(std::string(Selection.StartInfo.Name) == "CLOCK_MONOTONIC");
  CHECK(Selection.StartInfo.TicksPerSecond == 1e9);
  CHECK(Selection.StartInfo.SecondsPerTick == 1e-9);
}

TEST_CASE("a TSC that is not invariant falls back to CLOCK_MONOTONIC",
          "[ClockCalibration]") {
  SECTION("silently when the choice is automatic") {
    SimulatedClocks::reset(2.5);
    std::vector<std::string> Warnings;
    ClockSelection Selection =
        selectClock(ClockChoice::Auto, simulatedMachine(false), Warnings);
    CHECK(Warnings.empty());
    CHECK(Selection.Source == ClockSource::Monotonic);
  }
  SECTION("with one warning when the TSC was requested") {
    SimulatedClocks::reset(2.5);
    std::vector<std::string> Warnings;
    ClockSelection Selection =
        selectClock(ClockChoice::Tsc, simulatedMachine(false), Warnings);
    CHECK(Selection.Source == ClockSource::Monotonic);
    REQUIRE(Warnings.size() == 1);
    CHECK(Warnings[0] ==
          "SEXTANT_CLOCK=tsc, but this CPU does not report an invariant TSC "
          "(CPUID 0x80000007 EDX bit 8); using CLOCK_MONOTONIC");
  }
}

TEST_CASE("a failed calibration falls back with a warning",
          "[ClockCalibration]") {
  SimulatedClocks::reset(2.5);
  SimulatedClocks::TscStopped = true; // the counter does not advance
  std::vector<std::string> Warnings;
  ClockSelection Selection =
      selectClock(ClockChoice::Auto, simulatedMachine(true), Warnings);
  CHECK(Selection.Source == ClockSource::Monotonic);
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0].find("cannot calibrate the TSC") == 0);

  // An implausible frequency (1 tick per millisecond) fails too.
  SimulatedClocks::reset(1e-6);
  Warnings.clear();
  Selection = selectClock(ClockChoice::Tsc, simulatedMachine(true), Warnings);
  CHECK(Selection.Source == ClockSource::Monotonic);
  CHECK(Warnings.size() == 1);
}

TEST_CASE("reference points keep the narrowest bracket", "[ClockCalibration]") {
  // Brackets of widths 30, 10, 20 ticks around nanosecond readings 100, 200,
  // 300: the second one is kept, with its midpoint.
  ReplayedClocks::TickReads = {1000, 1030, 2000, 2010, 3000, 3020};
  ReplayedClocks::NanosecondReads = {100, 200, 300};
  ReplayedClocks::TickIndex = ReplayedClocks::NanosecondIndex = 0;
  ClockReferencePoint Point = takeReferencePoint(
      &ReplayedClocks::ticks, &ReplayedClocks::nanoseconds, 3);
  CHECK(Point.Tick == 2005);
  CHECK(Point.Nanoseconds == 200);

  // A bracket whose second tick is below the first is never taken.
  ReplayedClocks::TickReads = {5000, 4000, 6000, 6100};
  ReplayedClocks::NanosecondReads = {100, 200};
  ReplayedClocks::TickIndex = ReplayedClocks::NanosecondIndex = 0;
  Point = takeReferencePoint(&ReplayedClocks::ticks,
                             &ReplayedClocks::nanoseconds, 2);
  CHECK(Point.Tick == 6050);
  CHECK(Point.Nanoseconds == 200);
}

TEST_CASE("ticks per second between reference points", "[ClockCalibration]") {
  CHECK(ticksPerSecondBetween({1000, 0}, {3001000, 1000000}) == Approx(3e9));
  CHECK(ticksPerSecondBetween({1000, 0}, {1000, 1000000}) == 0); // no ticks
  CHECK(ticksPerSecondBetween({1000, 5}, {2000, 5}) == 0);       // no time
  CHECK(ticksPerSecondBetween({5000, 0}, {1000, 1000}) == 0);    // backwards
  CHECK(ticksPerSecondBetween({0, 0}, {1, 1000000000}) == 0);    // 1 Hz
}

TEST_CASE("the whole run refines the start-up frequency",
          "[ClockCalibration]") {
  SimulatedClocks::reset(3.0);
  std::vector<std::string> Warnings;
  ClockSelection Selection =
      selectClock(ClockChoice::Auto, simulatedMachine(true), Warnings);
  REQUIRE(Selection.Source == ClockSource::Tsc);

  SECTION("a long run uses the whole run") {
    // The TSC runs 0.1 % faster than calibrated over the next 2 s.
    ClockReferencePoint End;
    End.Nanoseconds = Selection.Start.Nanoseconds + 2000000000;
    End.Tick = Selection.Start.Tick + static_cast<Ticks>(2 * 3.003e9);
    ClockInfo Final = finalClockInfo(Selection, End);
    CHECK(Final.TicksPerSecond == Approx(3.003e9).epsilon(1e-9));
    CHECK(Final.SecondsPerTick == Approx(1 / 3.003e9).epsilon(1e-9));
    CHECK(Final.Calibration.find("TSC against CLOCK_MONOTONIC over the whole "
                                 "run (2.000000 s); 1.") == 0);
    CHECK(Final.Calibration.find("ms at start-up gave 3000.") !=
          std::string::npos);
  }
  SECTION("a short run keeps the start-up frequency") {
    ClockReferencePoint End;
    End.Nanoseconds = Selection.Start.Nanoseconds + 5000000; // 5 ms
    End.Tick = Selection.Start.Tick + 5000000 * 4;
    ClockInfo Final = finalClockInfo(Selection, End);
    CHECK(Final.TicksPerSecond == Selection.StartInfo.TicksPerSecond);
    CHECK(Final.Calibration == Selection.StartInfo.Calibration);
  }
  SECTION("CLOCK_MONOTONIC needs no refinement") {
    ClockSelection Monotonic;
    ClockInfo Final = finalClockInfo(Monotonic, {5, 5000000000});
    CHECK(Final.TicksPerSecond == 1e9);
    CHECK(std::string(Final.Name) == "CLOCK_MONOTONIC");
  }
}

TEST_CASE("the hardware agrees with the kernel and with CLOCK_MONOTONIC",
          "[ClockCalibration][hardware]") {
  // Linux sets both flags when CPUID reports an invariant TSC.
  std::ifstream CpuInfo("/proc/cpuinfo");
  std::stringstream Text;
  Text << CpuInfo.rdbuf();
  bool KernelFlags = Text.str().find(" constant_tsc") != std::string::npos &&
                     Text.str().find(" nonstop_tsc") != std::string::npos;
  if (!cpuHasInvariantTsc()) {
    sextant::test::skipTest("this CPU has no invariant TSC (CPUID "
                            "0x80000007 EDX bit 8): nothing to compare");
    return;
  }
  CHECK(KernelFlags);

  ClockEnvironment Hardware;
  Hardware.InvariantTsc = true;
  Hardware.ReadTsc = &TscClock::now;
  Hardware.ReadNanoseconds = &MonotonicClock::now;
  std::vector<std::string> Warnings;
  ClockSelection Selection = selectClock(ClockChoice::Tsc, Hardware, Warnings);
  CHECK(Warnings.empty());
  REQUIRE(Selection.Source == ClockSource::Tsc);
  // 20 ms later, the start-up frequency converts the TSC's ticks into the
  // time CLOCK_MONOTONIC measured, within 0.1 %.
  ClockReferencePoint Begin =
      takeReferencePoint(&TscClock::now, &MonotonicClock::now);
  while (MonotonicClock::now() - Begin.Nanoseconds < 20000000) {
  }
  ClockReferencePoint End =
      takeReferencePoint(&TscClock::now, &MonotonicClock::now);
  double TscSeconds = static_cast<double>(End.Tick - Begin.Tick) *
                      Selection.StartInfo.SecondsPerTick;
  double MonotonicSeconds =
      static_cast<double>(End.Nanoseconds - Begin.Nanoseconds) * 1e-9;
  CHECK(TscSeconds == Approx(MonotonicSeconds).epsilon(1e-3));
}

TEST_CASE("the runtime clock follows the installed source",
          "[ClockCalibration]") {
  installClockSource(ClockSource::Monotonic);
  Ticks Before = MonotonicClock::now();
  Ticks Now = Clock::now();
  Ticks After = MonotonicClock::now();
  CHECK(Before <= Now);
  CHECK(Now <= After);
  if (cpuHasInvariantTsc()) {
    installClockSource(ClockSource::Tsc);
    Ticks TscBefore = TscClock::now();
    Ticks TscNow = Clock::now();
    CHECK(TscBefore <= TscNow);
    CHECK(TscNow <= TscClock::now());
  }
  installClockSource(ClockSource::Monotonic);
}
