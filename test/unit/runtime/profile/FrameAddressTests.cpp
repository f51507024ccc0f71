//===- test/unit/runtime/profile/FrameAddressTests.cpp - Frame addresses --===//
//
// Part of Sextant. The unwinder finds the canonical frame address of a
// calling function, and the per-region offset table keeps the largest
// offset and remembers regions without unwind information.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/FrameAddress.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace sextant::runtime;

namespace {

/// Plays __sextant_region_enter: asks for the CFA of its caller.
__attribute__((noinline)) uintptr_t probeCaller() {
  uintptr_t Result = exactCallerFrameAddress(
      reinterpret_cast<uintptr_t>(__builtin_return_address(0)));
  asm volatile("" ::: "memory"); // keep the call above from being a tail call
  return Result;
}

/// Plays an instrumented function.
__attribute__((noinline)) void instrumented(uintptr_t &Cfa, uintptr_t &Frame) {
  Frame = reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
  Cfa = probeCaller();
  asm volatile("" ::: "memory");
}

/// One level further down: its CFA must lie below instrumented()'s.
__attribute__((noinline)) void nested(uintptr_t &Outer, uintptr_t &Inner) {
  uintptr_t Frame;
  instrumented(Inner, Frame);
  Outer = probeCaller();
  asm volatile("" ::: "memory");
}

} // namespace

TEST_CASE("the unwinder finds the CFA of the calling function",
          "[FrameAddress]") {
  uintptr_t Cfa = 0, Frame = 0;
  instrumented(Cfa, Frame);
  REQUIRE(Cfa != 0);
  // The CFA lies just above the function's own frame (stack grows down).
  CHECK(Cfa > Frame);
  CHECK(Cfa - Frame < 4096);

  uintptr_t Outer = 0, Inner = 0;
  nested(Outer, Inner);
  REQUIRE(Outer != 0);
  REQUIRE(Inner != 0);
  CHECK(Inner < Outer);
}

TEST_CASE("an address that is no return address on the stack gives 0",
          "[FrameAddress]") {
  CHECK(exactCallerFrameAddress(1) == 0);
}

TEST_CASE("the offset table keeps the largest offset", "[FrameAddress]") {
  auto Table = std::make_unique<FrameOffsetTable>();
  CHECK(Table->get(5) == FrameOffsetTable::Unavailable); // no chunk yet
  Table->reserve(5);
  CHECK(Table->get(5) == FrameOffsetTable::Unknown);
  Table->raise(5, 64);
  CHECK(Table->get(5) == 64);
  Table->raise(5, 48);
  CHECK(Table->get(5) == 64);
  Table->raise(5, 80);
  CHECK(Table->get(5) == 80);
  Table->raise(5, -3); // not an offset
  CHECK(Table->get(5) == 80);

  Table->reserve(6);
  Table->markUnavailable(6);
  CHECK(Table->get(6) == FrameOffsetTable::Unavailable);
  Table->markUnavailable(5); // only an unknown entry becomes unavailable
  CHECK(Table->get(5) == 80);

  uint32_t Far = 3 * FrameOffsetTable::ChunkSize + 17;
  CHECK(Table->get(Far) == FrameOffsetTable::Unavailable);
  Table->reserve(Far);
  Table->raise(Far, 32);
  CHECK(Table->get(Far) == 32);
  CHECK(Table->get(Far - 1) == FrameOffsetTable::Unknown);

  uint32_t Beyond = FrameOffsetTable::MaxChunks * FrameOffsetTable::ChunkSize;
  Table->reserve(Beyond);
  Table->raise(Beyond, 16);
  CHECK(Table->get(Beyond) == FrameOffsetTable::Unavailable);
  Table->releaseAll();
}
