//===- test/unit/runtime/trace/TraceCursorTests.cpp -----------------------===//
//
// The trace's fast path.
//
// Part of Sextant. TraceCursor::tryEnter and tryExit write the short events
// of format/schema/TraceFormat.h: exactly the reference words (shortEnterWord,
// shortExitWord), from which the reader's functions recover the kind, the
// full time (from the chunk's anchor) and the region id, for times from
// before the anchor (a clock that went back a little) to the deadline and
// for every kind of region id; an event past the deadline or a cursor past
// its limit writes nothing and leaves the cursor unchanged.
//
//===----------------------------------------------------------------------===//

#include "format/schema/TraceFormat.h"
#include "runtime/trace/ThreadTrace.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

using namespace sextant::runtime;
namespace trace = sextant::trace;

namespace {

/// The cursor over Buffer after a long event at Anchor.
TraceCursor cursorOver(std::vector<uint8_t> &Buffer, Ticks Anchor) {
  TraceCursor Cursor;
  Cursor.Next = Buffer.data();
  Cursor.Limit =
      Buffer.data() + Buffer.size() - TraceCursor::FastEventStoreBytes;
  Cursor.Deadline = TraceCursor::deadlineAfter(Anchor);
  return Cursor;
}

/// Anchors: small, around the wrap of the short events' 29 bits of time, a
/// time-stamp counter after days, and near the top of the 64-bit range.
const Ticks Anchors[] = {0, 1000, (Ticks(1) << trace::ShortTimeBits) - 3,
                         (Ticks(1) << 52) + 123456789,
                         ~Ticks(0) - 3 * trace::ShortEventReach};

/// Offsets from the anchor: every value up to 2^12, then around the
/// powers of two up to the reach, which is the last one a short event may
/// have; negative ones (the clock went back) down to half the reach.
std::vector<int64_t> offsetsFromAnchor() {
  std::vector<int64_t> Offsets;
  for (int64_t Offset = 0; Offset <= 4096; ++Offset)
    Offsets.push_back(Offset);
  for (int64_t Power = int64_t(1) << 12;
       Power <= int64_t(trace::ShortEventReach); Power <<= 1)
    for (int64_t Near : {Power - 1, Power, Power + 1})
      if (Near <= int64_t(trace::ShortEventReach)) {
        Offsets.push_back(Near);
        if (Near <= int64_t(trace::ShortEventReach / 2))
          Offsets.push_back(-Near);
      }
  for (int64_t Back = 1; Back <= 64; ++Back)
    Offsets.push_back(-Back);
  return Offsets;
}

/// Calls Check(Anchor, Now) for every anchor and every time Now from
/// before it to its deadline (offsetsFromAnchor()).
template <typename CheckFn> void forEachTime(CheckFn Check) {
  std::vector<int64_t> Offsets = offsetsFromAnchor();
  for (Ticks Anchor : Anchors)
    for (int64_t Offset : Offsets)
      if (Offset >= 0 || Ticks(-Offset) <= Anchor)
        Check(Anchor, Anchor + Ticks(Offset));
}

const uint32_t Regions[] = {
    1u,       2u,          127u,        128u,       (1u << 24) - 1,
    1u << 24, 0x7fffffffu, 0x80000000u, 0xfffffffeu};

} // namespace

TEST_CASE("a short enter stores the reference word, from which the reader "
          "recovers its time and region",
          "[TraceCursor]") {
  std::vector<uint8_t> Buffer(64);
  forEachTime([&](Ticks Anchor, Ticks Now) {
    for (uint32_t Region : Regions) {
      INFO("anchor " << Anchor << ", time " << Now << ", region " << Region);
      std::fill(Buffer.begin(), Buffer.end(), 0xee);
      TraceCursor Cursor = cursorOver(Buffer, Anchor);
      Ticks Deadline = Cursor.Deadline;
      REQUIRE(Cursor.tryEnter(Region, Now));
      REQUIRE(Cursor.Next == Buffer.data() + trace::ShortEnterBytes);
      REQUIRE(Cursor.Deadline == Deadline);
      REQUIRE(Buffer[trace::ShortEnterBytes] == 0xee);
      uint64_t Word = trace::load64(Buffer.data());
      REQUIRE(Word == trace::shortEnterWord(Region, Now));
      REQUIRE((Buffer[0] & trace::KindMask) ==
              uint8_t(trace::EventKind::ShortEnter));
      Ticks Decoded =
          trace::shortEventTicks(Anchor, trace::shortEventLowTicks(Word));
      REQUIRE(Decoded == Now);
      REQUIRE(trace::shortEnterRegion(Word, Decoded) == Region);
    }
  });
}

TEST_CASE("a short exit stores the reference word, from which the reader "
          "recovers its time",
          "[TraceCursor]") {
  std::vector<uint8_t> Buffer(64);
  forEachTime([&](Ticks Anchor, Ticks Now) {
    INFO("anchor " << Anchor << ", time " << Now);
    std::fill(Buffer.begin(), Buffer.end(), 0xee);
    TraceCursor Cursor = cursorOver(Buffer, Anchor);
    REQUIRE(Cursor.tryExit(Now));
    REQUIRE(Cursor.Next == Buffer.data() + trace::ShortExitBytes);
    REQUIRE(Buffer[trace::ShortExitBytes] == 0xee);
    uint32_t Word = trace::load32(Buffer.data());
    REQUIRE(Word == trace::shortExitWord(Now));
    REQUIRE((Buffer[0] & trace::KindMask) ==
            uint8_t(trace::EventKind::ShortExit));
    REQUIRE(trace::shortEventTicks(Anchor, trace::shortEventLowTicks(Word)) ==
            Now);
  });
}

TEST_CASE("events past the deadline or the limit are left to the slow path",
          "[TraceCursor]") {
  const Ticks Anchor = Ticks(1) << 40;
  std::vector<uint8_t> Buffer(64, 0xee);
  const std::vector<uint8_t> Untouched = Buffer;

  auto RequireUnchanged = [&](const TraceCursor &Cursor, size_t At = 0) {
    REQUIRE(Cursor.Next == Buffer.data() + At);
    REQUIRE(Cursor.Deadline == Anchor + trace::ShortEventReach);
    REQUIRE(Buffer == Untouched);
  };

  SECTION("a time past the deadline") {
    for (Ticks Offset : {trace::ShortEventReach + 1, trace::ShortEventReach + 2,
                         Ticks(1) << trace::ShortTimeBits, Ticks(1) << 50,
                         ~Ticks(0) - Anchor}) {
      TraceCursor Cursor = cursorOver(Buffer, Anchor);
      REQUIRE_FALSE(Cursor.tryEnter(1, Anchor + Offset));
      REQUIRE_FALSE(Cursor.tryExit(Anchor + Offset));
      RequireUnchanged(Cursor);
    }
  }
  SECTION("a cursor past its limit") {
    TraceCursor Cursor = cursorOver(Buffer, Anchor);
    Cursor.Next = Buffer.data() + 8;
    Cursor.Limit = Buffer.data() + 7;
    REQUIRE_FALSE(Cursor.tryEnter(1, Anchor + 5));
    REQUIRE_FALSE(Cursor.tryExit(Anchor + 5));
    RequireUnchanged(Cursor, 8);
  }
  SECTION("a cursor at its limit still writes") {
    TraceCursor Cursor = cursorOver(Buffer, Anchor);
    Cursor.Limit = Buffer.data();
    REQUIRE(Cursor.tryEnter(1, Anchor + 5));
    Cursor.Limit = Cursor.Next;
    REQUIRE(Cursor.tryExit(Anchor + 6));
    REQUIRE(Cursor.Next ==
            Buffer.data() + trace::ShortEnterBytes + trace::ShortExitBytes);
  }
}

TEST_CASE("the deadline after an anchor saturates at the end of the clock",
          "[TraceCursor]") {
  CHECK(TraceCursor::deadlineAfter(0) == trace::ShortEventReach);
  CHECK(TraceCursor::deadlineAfter(~Ticks(0) - trace::ShortEventReach) ==
        ~Ticks(0));
  CHECK(TraceCursor::deadlineAfter(~Ticks(0)) == ~Ticks(0));
}
