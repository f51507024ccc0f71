//===- runtime/core/AsymmetricBarrier.cpp - Fence every thread at once ----===//
//
// Part of Sextant. membarrier(2) with fallbacks.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/AsymmetricBarrier.h"

#include <atomic>
#include <ctime>
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

std::atomic<bool> PrivateExpeditedReady{false};

long membarrier(int Command) {
#ifdef SYS_membarrier
  return syscall(SYS_membarrier, Command, 0, 0);
#else
  (void)Command;
  return -1;
#endif
}

} // namespace

void prepareHeavyBarrier() noexcept {
  long Supported = membarrier(MEMBARRIER_CMD_QUERY);
  if (Supported > 0 && (Supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
      membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED) == 0)
    PrivateExpeditedReady.store(true, std::memory_order_release);
}

void heavyBarrier() noexcept {
  std::atomic_thread_fence(std::memory_order_seq_cst);
  if (PrivateExpeditedReady.load(std::memory_order_acquire) &&
      membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0)
    return;
  if (membarrier(MEMBARRIER_CMD_GLOBAL) == 0)
    return;
  timespec Pause{0, 1000000};
  nanosleep(&Pause, nullptr);
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

} // namespace runtime
} // namespace sextant
