//===- runtime/openmp/ParallelInfo.cpp - Recycled ParallelInfos -----------===//
//
// Part of Sextant. Allocating, recycling and freeing ParallelInfos
// (ParallelInfo.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/ParallelInfo.h"

#include <cstdlib>
#include <new>

namespace sextant {
namespace runtime {
namespace openmp {

ParallelInfo *ParallelInfo::create(uint32_t Capacity) noexcept {
  void *Memory =
      std::malloc(sizeof(ParallelInfo) + size_t(Capacity) * sizeof(uint32_t));
  if (!Memory)
    return nullptr;
  auto *Info = new (Memory) ParallelInfo();
  Info->Capacity = Capacity;
  return Info;
}

void ParallelInfo::destroy() noexcept {
  this->~ParallelInfo();
  std::free(this);
}

ParallelInfoPool::~ParallelInfoPool() {
  for (ParallelInfo *Info : Block)
    if (Info)
      Info->release();
}

ParallelInfo *ParallelInfoPool::acquireSlow(uint32_t Depth) noexcept {
  for (unsigned Tried = 0; Tried < Blocks; ++Tried) {
    unsigned Slot = (Next + Tried) % Blocks;
    ParallelInfo *&Info = Block[Slot];
    // Free when only the pool holds it: the acquire load orders the last
    // worker's release before the writes below.
    if (Info && Info->References.load(std::memory_order_acquire) != 1)
      continue;
    if (!Info || Info->Capacity < Depth) {
      ParallelInfo *Fresh = ParallelInfo::create(Depth < 16 ? 16 : Depth);
      if (!Fresh)
        return nullptr;
      if (Info)
        Info->release();
      Info = Fresh;
    }
    Next = (Slot + 1) % Blocks;
    return clear(Info);
  }
  // Every block is still held by workers: one outside the pool.
  return ParallelInfo::create(Depth);
}

} // namespace openmp
} // namespace runtime
} // namespace sextant
