//===- runtime/clock/Clock.cpp - The clock source of the process ----------===//
//
// Part of Sextant. The one process-wide choice of the clock source that
// Clock::now() reads.
//
//===----------------------------------------------------------------------===//

#include "runtime/clock/Clock.h"

namespace sextant {
namespace runtime {

std::atomic<ClockSource> ActiveClockSource{ClockSource::Monotonic};

void installClockSource(ClockSource Source) noexcept {
  ActiveClockSource.store(Source, std::memory_order_relaxed);
}

} // namespace runtime
} // namespace sextant
