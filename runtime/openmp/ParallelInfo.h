//===- runtime/openmp/ParallelInfo.h - Shared info of a parallel region ---===//
//
// Part of Sextant. The encountering thread of a parallel region stores a
// ParallelInfo in the region's parallel_data->ptr: the region's call path
// (which the workers adopt as their context), nesting level, region and
// whether it is counted only (throttled), and the time of its end. It is
// counted: one reference for the encountering thread until its
// parallel_end, one per worker's implicit task, because libomp may report
// a worker's implicit-task end after the primary's parallel_end (even
// after the next parallel_begin).
//
// ParallelInfos are recycled without allocation: each thread that
// encounters parallel regions keeps a small pool (ParallelInfoPool), which
// holds one reference on each of its blocks, so a block whose count is
// back at 1 is free for the thread's next region. The oldest block is
// tried first; when every block is still referenced (workers that have
// not yet reported their late ends) a block outside the pool is allocated
// and freed by its last release. A pool that ends (its thread is
// finished) drops its references: blocks still held by workers are freed
// by their last release.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_PARALLELINFO_H
#define SEXTANT_RUNTIME_OPENMP_PARALLELINFO_H

#include "runtime/clock/Clock.h"

#include <atomic>
#include <cstdint>

namespace sextant {
namespace runtime {
namespace openmp {

struct OpenMPRegion;

/// A parallel region seen from its threads.
struct ParallelInfo {
  std::atomic<uint32_t> References{1};
  /// Time of the encountering thread's parallel_end; 0 before.
  std::atomic<Ticks> EndTicks{0};
  /// The region of the parallel construct (null when not found).
  OpenMPRegion *Region = nullptr;
  /// Nesting level of the region (1: outermost).
  uint32_t Level = 1;
  /// The call path of the encountering thread, the region's own frame last:
  /// Depth region ids stored right after the object (room for Capacity).
  uint32_t Depth = 0;
  uint32_t Capacity = 0;
  /// Nothing inside the region is recorded (see OpenMPTool.h, throttling).
  bool CountingOnly = false;

  uint32_t *path() { return reinterpret_cast<uint32_t *>(this + 1); }

  /// A block with room for Capacity ids and one reference; null when out
  /// of memory.
  static ParallelInfo *create(uint32_t Capacity) noexcept;
  /// Drops one reference; the last one frees the block.
  void release() noexcept {
    if (References.fetch_sub(1, std::memory_order_acq_rel) == 1)
      destroy();
  }

private:
  void destroy() noexcept;
};

/// The ParallelInfos of the parallel regions one thread encounters.
class ParallelInfoPool {
public:
  ParallelInfoPool() = default;
  ParallelInfoPool(const ParallelInfoPool &) = delete;
  ParallelInfoPool &operator=(const ParallelInfoPool &) = delete;
  ~ParallelInfoPool();

  /// A cleared ParallelInfo with room for Depth ids and one reference for
  /// the caller; null when out of memory. Allocates only when the pool
  /// has no free block large enough. Inline when the block to try first
  /// is free and large enough (a steady loop of parallel regions).
  ParallelInfo *acquire(uint32_t Depth) noexcept {
    ParallelInfo *Info = Block[Next];
    // Free when only the pool holds it: the acquire load orders the last
    // worker's release before the writes of clear().
    bool Free = Info && Info->Capacity >= Depth &&
                Info->References.load(std::memory_order_acquire) == 1;
    if (__builtin_expect(Free, 1)) {
      Next = (Next + 1) % Blocks;
      return clear(Info);
    }
    return acquireSlow(Depth);
  }

private:
  /// acquire() when the block to try first is not free or too small.
  ParallelInfo *acquireSlow(uint32_t Depth) noexcept;
  /// Info, cleared, with one reference for the caller besides the pool's.
  static ParallelInfo *clear(ParallelInfo *Info) noexcept {
    Info->References.store(2, std::memory_order_relaxed);
    Info->EndTicks.store(0, std::memory_order_relaxed);
    Info->Region = nullptr;
    Info->Level = 1;
    Info->Depth = 0;
    Info->CountingOnly = false;
    return Info;
  }

  static constexpr unsigned Blocks = 4;
  ParallelInfo *Block[Blocks] = {};
  /// The block to try first (the one acquired longest ago).
  unsigned Next = 0;
};

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_PARALLELINFO_H
