//===- runtime/core/RegionEvents.cpp - Cold parts of the hot events -------===//
//
// Part of Sextant. The thread-local re-entry flag and the throttling call of
// core/RegionEvents.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/RegionEvents.h"

namespace sextant {
namespace runtime {

__thread bool InRuntimeCall __attribute__((tls_model("initial-exec"))) = false;

void throttleAfterExit(uint32_t Region, uint64_t Visits, Ticks InclusiveTicks,
                       Ticks Now) noexcept {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->throttleRegion(Region, Visits, InclusiveTicks, Now);
}

} // namespace runtime
} // namespace sextant
