//===- runtime/profile/FrameAddress.cpp - Frame addresses of instrumented code
//===//
//
// Part of Sextant. The unwinder walk and the per-region offset table.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/FrameAddress.h"

#include <new>
#include <unwind.h>

namespace sextant {
namespace runtime {

namespace {

/// exactCallerFrameAddress looks at most this many frames up: its own, the
/// runtime's entry point, the instrumented function and its caller.
constexpr int MaxFramesSearched = 8;

struct FrameSearch {
  uintptr_t ReturnAddress;
  uintptr_t FrameAddress;
  int FramesSeen;
  bool Found;
};

// For the frame a context describes, _Unwind_GetCFA yields the stack pointer
// at its call site (the CFA of the function it called), in libgcc and LLVM
// libunwind alike. The CFA of the function resuming at ReturnAddress is
// therefore read from the context one level further out.
_Unwind_Reason_Code visitFrame(struct _Unwind_Context *Context,
                               void *Argument) {
  auto *Search = static_cast<FrameSearch *>(Argument);
  if (Search->Found) {
    Search->FrameAddress = _Unwind_GetCFA(Context);
    return _URC_END_OF_STACK;
  }
  if (++Search->FramesSeen > MaxFramesSearched)
    return _URC_END_OF_STACK;
  if (_Unwind_GetIP(Context) == Search->ReturnAddress)
    Search->Found = true;
  return _URC_NO_REASON;
}

} // namespace

__attribute__((noinline)) uintptr_t
exactCallerFrameAddress(uintptr_t ReturnAddress) noexcept {
  FrameSearch Search{ReturnAddress, 0, 0, false};
  _Unwind_Backtrace(&visitFrame, &Search);
  return Search.FrameAddress;
}

void FrameOffsetTable::reserve(uint32_t Id) {
  uint32_t Chunk = Id >> ChunkBits;
  if (Chunk >= MaxChunks || Chunks[Chunk].load(std::memory_order_acquire))
    return;
  auto *Fresh = new std::atomic<int32_t>[ChunkSize];
  for (uint32_t I = 0; I < ChunkSize; ++I)
    Fresh[I].store(Unknown, std::memory_order_relaxed);
  std::atomic<int32_t> *Expected = nullptr;
  if (!Chunks[Chunk].compare_exchange_strong(Expected, Fresh,
                                             std::memory_order_acq_rel))
    delete[] Fresh; // another thread was first
}

std::atomic<int32_t> *FrameOffsetTable::entry(uint32_t Id) const noexcept {
  uint32_t Chunk = Id >> ChunkBits;
  if (Chunk >= MaxChunks)
    return nullptr;
  std::atomic<int32_t> *Entries = Chunks[Chunk].load(std::memory_order_acquire);
  return Entries ? &Entries[Id & (ChunkSize - 1)] : nullptr;
}

void FrameOffsetTable::raise(uint32_t Id, int32_t Offset) noexcept {
  std::atomic<int32_t> *Entry = entry(Id);
  if (!Entry || Offset <= 0)
    return;
  int32_t Current = Entry->load(std::memory_order_relaxed);
  while (Current < Offset && !Entry->compare_exchange_weak(
                                 Current, Offset, std::memory_order_relaxed)) {
  }
}

void FrameOffsetTable::markUnavailable(uint32_t Id) noexcept {
  if (std::atomic<int32_t> *Entry = entry(Id)) {
    int32_t Expected = Unknown;
    Entry->compare_exchange_strong(Expected, Unavailable,
                                   std::memory_order_relaxed);
  }
}

void FrameOffsetTable::releaseAll() noexcept {
  for (auto &Chunk : Chunks)
    delete[] Chunk.exchange(nullptr, std::memory_order_acq_rel);
}

} // namespace runtime
} // namespace sextant
