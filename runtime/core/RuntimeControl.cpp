//===- runtime/core/RuntimeControl.cpp - Throttling, pause and user regions
//===//
//
// Part of Sextant. The members of Runtime that change what is measured
// while the program runs: throttling a region, pausing and resuming the
// whole measurement, and user regions.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/Runtime.h"

#include "format/schema/JsonWriter.h"
#include "runtime/io/Diagnostics.h"

namespace sextant {
namespace runtime {

void Runtime::throttleRegion(uint32_t Id, uint64_t Visits, Ticks InclusiveTicks,
                             Ticks Now) noexcept {
  try {
    if (!Arming.throttle(Id))
      return; // already throttled by another thread or call path
  } catch (...) {
    return; // a lock error: the region stays as it is
  }
  noteThrottledRegion(Id, Visits, InclusiveTicks, Now);
}

bool Runtime::noteThrottledRegion(uint32_t Id, uint64_t Visits,
                                  Ticks InclusiveTicks, Ticks Now) noexcept {
  try {
    double SecondsPerTick = 1.0 / ClockChoice.StartInfo.TicksPerSecond;
    ThrottleRecord Record;
    Record.AfterSeconds =
        static_cast<double>(Now > StartTicks ? Now - StartTicks : 0) *
        SecondsPerTick;
    Record.Visits = Visits;
    Record.MeanVisitSeconds =
        Visits == 0 ? 0
                    : static_cast<double>(InclusiveTicks) * SecondsPerTick /
                          static_cast<double>(Visits);
    if (!Registry->markThrottled(Id, Record))
      return false; // already recorded by another thread
    if (Options.Verbose >= 2)
      printMessage(MessageKind::Note,
                   "throttled region " + std::to_string(Id) + " '" +
                       Registry->region(Id).DisplayName + "' after " +
                       std::to_string(Visits) + " visits of " +
                       format::formatFixed(Record.MeanVisitSeconds * 1e9, 1) +
                       " ns on average");
    return true;
  } catch (...) {
    return false; // out of memory or a lock error: nothing recorded
  }
}

void Runtime::pauseMeasurement() noexcept {
  if (!measuring())
    return;
  try {
    if (Arming.pause())
      Pauses.fetch_add(1, std::memory_order_relaxed);
  } catch (...) {
  }
}

void Runtime::resumeMeasurement() noexcept {
  if (!measuring())
    return;
  try {
    Arming.resume();
  } catch (...) {
  }
}

UserRegion *Runtime::userRegion(std::string_view Name) noexcept {
  try {
    return UserRegions.get(Name).first;
  } catch (...) {
    return nullptr;
  }
}

uint32_t Runtime::registerUserRegion(UserRegion &Region) noexcept {
  noteInstrumentation(InstrumentedByUserApi);
  try {
    return registerRegion(Region.Descriptor, /*RuntimeOwned=*/true);
  } catch (...) {
    return SEXTANT_FILTERED; // out of memory: a later call retries
  }
}

} // namespace runtime
} // namespace sextant
