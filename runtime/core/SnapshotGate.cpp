//===- runtime/core/SnapshotGate.cpp - Threads held for a snapshot --------===//
//
// Part of Sextant. See SnapshotGate.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/SnapshotGate.h"

#include "runtime/core/AsymmetricBarrier.h"
#include "runtime/core/ThreadState.h"

#include <sched.h>

namespace sextant {
namespace runtime {

void closeSnapshotGate() noexcept {
  FastPathBlockers.fetch_or(FastPathSnapshot, std::memory_order_seq_cst);
  heavyBarrier();
}

void openSnapshotGate() noexcept {
  FastPathBlockers.fetch_and(~static_cast<uint32_t>(FastPathSnapshot),
                             std::memory_order_release);
}

void waitAtSnapshotGate() noexcept {
  // The gate is closed for the copy of the recorders alone (microseconds to
  // a few milliseconds): yielding is enough.
  while ((FastPathBlockers.load(std::memory_order_acquire) &
          FastPathSnapshot) != 0 &&
         !FinalizationStarted.load(std::memory_order_relaxed))
    sched_yield();
}

} // namespace runtime
} // namespace sextant
