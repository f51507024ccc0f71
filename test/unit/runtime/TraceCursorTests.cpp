//===- test/unit/runtime/TraceCursorTests.cpp - The trace's fast path -----===//
//
// Part of Sextant. TraceCursor::tryEnter and tryExit write, for every delta
// of their common form (below 2^12 ticks) and every region id below 128,
// exactly the bytes of the reference encoder of format/TraceFormat.h
// (writeVarint), the event's first varint padded to two bytes, which the
// reader decodes to the same delta, kind and region; anything outside the
// common form (a larger delta, a backwards clock, a larger region id, a
// cursor past its limit) writes nothing and leaves the cursor unchanged.
//
//===----------------------------------------------------------------------===//

#include "format/TraceFormat.h"
#include "runtime/trace/ThreadTrace.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace sextant::runtime;
namespace trace = sextant::trace;

namespace {

/// What the fast path must write for an event of Kind Delta ticks after
/// the previous one: the reference encoding of its first varint, padded to
/// two bytes when it takes one, then (for an enter) the region id.
std::vector<uint8_t> expectedBytes(uint64_t Delta, trace::EventKind Kind,
                                   const uint32_t *Region) {
  uint8_t Encoded[2 * trace::MaxVarintBytes] = {};
  uint8_t *End = trace::writeVarint(Encoded, (Delta << trace::KindBits) |
                                                 static_cast<uint64_t>(Kind));
  if (End - Encoded == 1) {
    Encoded[0] |= 0x80; // padded: continuation bit, then a zero byte
    Encoded[1] = 0;
    End = Encoded + 2;
  }
  if (Region)
    End = trace::writeVarint(End, *Region);
  return std::vector<uint8_t>(Encoded, End);
}

/// The cursor over Buffer with its last event at Last.
TraceCursor cursorOver(std::vector<uint8_t> &Buffer, Ticks Last) {
  TraceCursor Cursor;
  Cursor.Next = Buffer.data();
  Cursor.Limit =
      Buffer.data() + Buffer.size() - TraceCursor::FastEventStoreBytes;
  Cursor.LastTicks = Last;
  return Cursor;
}

/// Decodes the event at In: its delta, kind and (for an enter) region.
void decodeEvent(const uint8_t *In, const uint8_t *End, uint64_t &Delta,
                 trace::EventKind &Kind, uint64_t &Region) {
  uint64_t Lead = 0;
  REQUIRE(trace::readVarint(In, End, Lead));
  Delta = Lead >> trace::KindBits;
  Kind = static_cast<trace::EventKind>(Lead & ((1u << trace::KindBits) - 1));
  Region = 0;
  if (Kind == trace::EventKind::Enter)
    REQUIRE(trace::readVarint(In, End, Region));
}

} // namespace

TEST_CASE("a fast enter writes the reference encoding for every delta and "
          "region of the common form",
          "[TraceCursor]") {
  const Ticks Last = 1000000;
  std::vector<uint8_t> Buffer(64);
  for (uint64_t Delta = 0; Delta <= 4095; ++Delta) {
    for (uint32_t Region = 0; Region <= 127; ++Region) {
      std::fill(Buffer.begin(), Buffer.end(), 0xee);
      TraceCursor Cursor = cursorOver(Buffer, Last);
      REQUIRE(Cursor.tryEnter(Region, Last + Delta));
      std::vector<uint8_t> Expected =
          expectedBytes(Delta, trace::EventKind::Enter, &Region);
      REQUIRE(Expected.size() == TraceCursor::FastEnterBytes);
      REQUIRE(Cursor.Next == Buffer.data() + TraceCursor::FastEnterBytes);
      REQUIRE(Cursor.LastTicks == Last + Delta);
      REQUIRE(std::memcmp(Buffer.data(), Expected.data(), Expected.size()) ==
              0);
      uint64_t DecodedDelta = 0, DecodedRegion = 0;
      trace::EventKind Kind = trace::EventKind::Exit;
      decodeEvent(Buffer.data(), Cursor.Next, DecodedDelta, Kind,
                  DecodedRegion);
      REQUIRE(DecodedDelta == Delta);
      REQUIRE(Kind == trace::EventKind::Enter);
      REQUIRE(DecodedRegion == Region);
    }
  }
}

TEST_CASE("a fast exit writes the reference encoding for every delta of the "
          "common form",
          "[TraceCursor]") {
  const Ticks Last = 77;
  std::vector<uint8_t> Buffer(64);
  for (uint64_t Delta = 0; Delta <= 4095; ++Delta) {
    std::fill(Buffer.begin(), Buffer.end(), 0xee);
    TraceCursor Cursor = cursorOver(Buffer, Last);
    REQUIRE(Cursor.tryExit(Last + Delta));
    std::vector<uint8_t> Expected =
        expectedBytes(Delta, trace::EventKind::Exit, nullptr);
    REQUIRE(Expected.size() == TraceCursor::FastExitBytes);
    REQUIRE(Cursor.Next == Buffer.data() + TraceCursor::FastExitBytes);
    REQUIRE(Cursor.LastTicks == Last + Delta);
    REQUIRE(std::memcmp(Buffer.data(), Expected.data(), Expected.size()) == 0);
    REQUIRE(Buffer[TraceCursor::FastExitBytes] == 0xee);
    uint64_t DecodedDelta = 0, Region = 0;
    trace::EventKind Kind = trace::EventKind::Enter;
    decodeEvent(Buffer.data(), Cursor.Next, DecodedDelta, Kind, Region);
    REQUIRE(DecodedDelta == Delta);
    REQUIRE(Kind == trace::EventKind::Exit);
  }
}

TEST_CASE("events outside the common form are left to the slow path",
          "[TraceCursor]") {
  const Ticks Last = 1 << 20;
  std::vector<uint8_t> Buffer(64, 0xee);
  const std::vector<uint8_t> Untouched = Buffer;

  auto RequireUnchanged = [&](const TraceCursor &Cursor, size_t At = 0) {
    REQUIRE(Cursor.Next == Buffer.data() + At);
    REQUIRE(Cursor.LastTicks == Last);
    REQUIRE(Buffer == Untouched);
  };

  SECTION("a delta of 2^12 ticks or more") {
    for (Ticks Delta : {Ticks(4096), Ticks(4097), Ticks(1) << 13,
                        Ticks(1) << 40, ~Ticks(0) - Last}) {
      TraceCursor Cursor = cursorOver(Buffer, Last);
      REQUIRE_FALSE(Cursor.tryEnter(1, Last + Delta));
      REQUIRE_FALSE(Cursor.tryExit(Last + Delta));
      RequireUnchanged(Cursor);
    }
  }
  SECTION("a clock that went backwards") {
    for (Ticks Back : {Ticks(1), Ticks(4095), Last}) {
      TraceCursor Cursor = cursorOver(Buffer, Last);
      REQUIRE_FALSE(Cursor.tryEnter(1, Last - Back));
      REQUIRE_FALSE(Cursor.tryExit(Last - Back));
      RequireUnchanged(Cursor);
    }
  }
  SECTION("a region id of 128 or more") {
    for (uint32_t Region :
         {128u, 129u, 255u, 256u, 1u << 16, 0x7fffffffu, 0xffffffffu}) {
      TraceCursor Cursor = cursorOver(Buffer, Last);
      REQUIRE_FALSE(Cursor.tryEnter(Region, Last + 5));
      RequireUnchanged(Cursor);
    }
  }
  SECTION("a cursor past its limit") {
    TraceCursor Cursor = cursorOver(Buffer, Last);
    Cursor.Next = Buffer.data() + 8;
    Cursor.Limit = Buffer.data() + 7;
    REQUIRE_FALSE(Cursor.tryEnter(1, Last + 5));
    REQUIRE_FALSE(Cursor.tryExit(Last + 5));
    RequireUnchanged(Cursor, 8);
  }
  SECTION("a cursor at its limit still writes") {
    TraceCursor Cursor = cursorOver(Buffer, Last);
    Cursor.Limit = Buffer.data();
    REQUIRE(Cursor.tryEnter(1, Last + 5));
    Cursor.Limit = Cursor.Next;
    REQUIRE(Cursor.tryExit(Last + 6));
  }
}
