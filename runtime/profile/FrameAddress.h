//===- runtime/profile/FrameAddress.h - Frame addresses of callers --------===//
//
// Part of Sextant. To notice frames abandoned by longjmp at the next enter,
// every shadow frame carries the canonical frame address (CFA) of its
// function (see CallPathRecorder.h). The exact CFA comes from the unwinder
// (exactCallerFrameAddress), which is far too slow for every event; but at
// the one call of __sextant_region_enter in an instrumented function, the
// distance between the CFA and __sextant_region_enter's own frame address is
// a constant of that function. FrameOffsetTable caches it per region id, so
// the hot path estimates the CFA with one addition; the unwinder runs on the
// first enter of a region and whenever the estimate says a frame would be
// closed, so that no live frame is ever closed on an estimate.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_PROFILE_FRAMEADDRESS_H
#define SEXTANT_RUNTIME_PROFILE_FRAMEADDRESS_H

#include <atomic>
#include <cstdint>

namespace sextant {
namespace runtime {

/// The CFA of the innermost frame on the calling thread's stack whose
/// return address (resume IP) is ReturnAddress, found by unwinding at most a
/// few frames from the caller; 0 when not found (no unwind information).
uintptr_t exactCallerFrameAddress(uintptr_t ReturnAddress) noexcept;

/// Per region id: CFA minus __sextant_region_enter's frame address.
/// Lock-free; chunks are allocated on demand and never freed while the
/// table is in use (the process-wide table is never destroyed).
class FrameOffsetTable {
public:
  /// Not measured yet.
  static constexpr int32_t Unknown = 0;
  /// The unwinder could not find the function's frame: never estimate.
  static constexpr int32_t Unavailable = -1;

  static constexpr uint32_t ChunkBits = 12;
  static constexpr uint32_t ChunkSize = 1u << ChunkBits;
  static constexpr uint32_t MaxChunks = 4096;

  /// Makes room for Id (ids beyond MaxChunks * ChunkSize stay Unavailable).
  /// Throws std::bad_alloc.
  void reserve(uint32_t Id);

  /// The offset of Id, Unknown or Unavailable.
  int32_t get(uint32_t Id) const noexcept {
    uint32_t Chunk = Id >> ChunkBits;
    if (Chunk >= MaxChunks)
      return Unavailable;
    std::atomic<int32_t> *Entries =
        Chunks[Chunk].load(std::memory_order_acquire);
    if (!Entries)
      return Unavailable;
    return Entries[Id & (ChunkSize - 1)].load(std::memory_order_relaxed);
  }

  /// Records a measured offset; keeps the largest seen (an estimate that is
  /// too large only costs an unwinder check, one too small misses repairs).
  void raise(uint32_t Id, int32_t Offset) noexcept;

  /// Records that Id's frame cannot be found by the unwinder.
  void markUnavailable(uint32_t Id) noexcept;

  /// Frees every chunk. Only for tables no thread uses any more (tests).
  void releaseAll() noexcept;

private:
  std::atomic<int32_t> *entry(uint32_t Id) const noexcept;

  std::atomic<std::atomic<int32_t> *> Chunks[MaxChunks] = {};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_PROFILE_FRAMEADDRESS_H
