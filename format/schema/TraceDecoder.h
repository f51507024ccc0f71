//===- format/schema/TraceDecoder.h - Reading trace files -------*- C++ -*-===//
//
// Part of Sextant. Decoding the chunks of the trace files described in
// TraceFormat.h, pure (no file is read here: TraceFileReader.h reads the
// chunks of a file):
//
//  - Chunk is one chunk as read, decodeOpenStack() its list of open regions.
//  - EventReplayer turns the chunks of one file into a balanced sequence of
//    enter and exit callbacks with absolute timestamps. Where chunks are
//    missing (the runtime counted them as dropped), it uses the next
//    chunk's list of open regions to close and open exactly the regions
//    that changed, so the sequence stays balanced.
//
// Nothing here throws on bad input; std::bad_alloc may escape.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_TRACEDECODER_H
#define SEXTANT_FORMAT_SCHEMA_TRACEDECODER_H

#include "format/schema/TraceFormat.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace trace {

/// One chunk as read from a file.
struct Chunk {
  /// The format version of its file (TraceFormat.h), which decides how its
  /// events are encoded.
  uint16_t Version = FormatVersion;
  uint64_t Offset = 0; ///< file offset of the chunk header
  ChunkHeader Header;
  /// The regions open at the start of the chunk, outermost first; empty
  /// when Header.stackListed() is false.
  std::vector<uint32_t> OpenStack;
  /// The encoded events (Header.EventBytes bytes).
  std::vector<uint8_t> Events;
};

/// Decodes the list of open regions of a chunk: exactly Count varints, each
/// a region id in [1, 2^32 - 2], filling Size bytes.
inline bool decodeOpenStack(const uint8_t *In, size_t Size, uint32_t Count,
                            std::vector<uint32_t> &Stack, std::string &Error) {
  const uint8_t *End = In + Size;
  Stack.clear();
  for (uint32_t I = 0; I < Count; ++I) {
    uint64_t Region;
    if (!readVarint(In, End, Region)) {
      Error = "the list of open regions ends after " + std::to_string(I) +
              " of " + std::to_string(Count) + " regions";
      return false;
    }
    if (Region == 0 || Region >= UINT32_MAX) {
      Error = "the list of open regions holds the invalid region id " +
              std::to_string(Region);
      return false;
    }
    Stack.push_back(static_cast<uint32_t>(Region));
  }
  if (In != End) {
    Error = "the list of open regions has " + std::to_string(End - In) +
            " bytes more than its " + std::to_string(Count) + " regions";
    return false;
  }
  return true;
}

/// A record (TraceFormat.h) as replayed: its type and its first fields (a
/// record may have more, which are skipped; Count says how many it has).
struct TraceRecord {
  uint32_t Type = 0;
  uint32_t Count = 0;
  uint64_t Fields[MaxRecordFields] = {};

  /// Field I, 0 when the record has fewer.
  uint64_t field(uint32_t I) const {
    return I < Count && I < MaxRecordFields ? Fields[I] : 0;
  }
};

namespace detail {
/// Calls H.record(R, Ticks) when the handler has that member; handlers
/// without it ignore records.
template <typename Handler>
auto passRecord(Handler &H, const TraceRecord &R, uint64_t Ticks, int)
    -> decltype(H.record(R, Ticks), void()) {
  H.record(R, Ticks);
}
template <typename Handler>
void passRecord(Handler &, const TraceRecord &, uint64_t, long) {}
} // namespace detail

/// Replays the chunks of one file as balanced enters and exits. A Handler
/// has the members
///   void enter(uint32_t Region, uint64_t Ticks);
///   void exit(uint32_t Region, uint64_t Ticks);
/// and may have
///   void record(const TraceRecord &Record, uint64_t Ticks);
/// for the records (since version 3; e.g. MPI messages).
/// Ticks are absolute clock ticks (subtract FileHeader::OriginTicks and
/// divide by FileHeader::TicksPerSecond for seconds since the start).
class EventReplayer {
public:
  /// Replays Chunk. Returns false with Error when its events do not fit
  /// the regions open before it or are malformed; the handler may then have
  /// seen part of the chunk, and closeAll() still balances the sequence.
  template <typename Handler>
  bool replay(const Chunk &C, Handler &H, std::string &Error) {
    if (!joinSequence(C, H, Error))
      return false;
    EventCursor Cursor(C, Error);
    uint64_t Count = 0;
    while (!Cursor.atEnd())
      if (!replayEvent(Cursor, H, Count))
        return false;
    if (Count != C.Header.EventCount) {
      Error = "chunk " + std::to_string(C.Header.Sequence) + " holds " +
              std::to_string(Count) + " events, but its header says " +
              std::to_string(C.Header.EventCount);
      return false;
    }
    return true;
  }

  /// Exits every region still open, at the last timestamp seen.
  template <typename Handler> void closeAll(Handler &H) {
    while (!Stack.empty()) {
      H.exit(Stack.back(), LastTicks);
      Stack.pop_back();
    }
  }

  /// The latest timestamp seen.
  uint64_t lastTicks() const { return LastTicks; }
  /// Regions open now.
  size_t depth() const { return Stack.size(); }
  /// Chunks replayed, and chunks missing from the sequence before them.
  uint64_t chunks() const { return Chunks; }
  uint64_t lostChunks() const { return Lost; }
  /// Records replayed.
  uint64_t records() const { return Records; }

private:
  /// The events of one chunk as they are read: where the next one starts,
  /// the anchor of their times and the error of a malformed one.
  struct EventCursor {
    EventCursor(const Chunk &C, std::string &Error)
        : C(C), In(C.Events.data()), End(In + C.Events.size()),
          // The anchor of version 4's times (TraceFormat.h); in versions 1
          // to 3 the time of the previous event.
          Anchor(C.Header.BaseTicks), Legacy(C.Version < 4), Error(Error) {}
    bool atEnd() const { return In == End; }
    bool readVarint(uint64_t &Value) {
      return trace::readVarint(In, End, Value);
    }
    /// Sets Error to What at the current byte; returns false.
    bool fail(const std::string &What) {
      Error = "chunk " + std::to_string(C.Header.Sequence) + ", byte " +
              std::to_string(In - C.Events.data()) + " of its events: " + What;
      return false;
    }

    const Chunk &C;
    const uint8_t *In;
    const uint8_t *End;
    uint64_t Anchor;
    bool Legacy;
    std::string &Error;
  };

  /// Checks that C continues the chunks replayed so far; after lost chunks
  /// (or at the first chunk) reopens the regions C lists as open.
  template <typename Handler>
  bool joinSequence(const Chunk &C, Handler &H, std::string &Error) {
    const ChunkHeader &Header = C.Header;
    bool First = Chunks == 0;
    if (!First && Header.Sequence < NextSequence) {
      Error = "chunk " + std::to_string(Header.Sequence) + " follows chunk " +
              std::to_string(NextSequence - 1);
      return false;
    }
    bool Gap = !First && Header.Sequence > NextSequence;
    if (First)
      Lost = Header.Sequence;
    else if (Gap)
      Lost += Header.Sequence - NextSequence;
    if (First || Gap) {
      if (First)
        LastTicks = Header.BaseTicks;
      if (!Header.stackListed()) {
        Error = "chunk " + std::to_string(Header.Sequence) +
                " follows lost chunks but does not list its " +
                std::to_string(Header.OpenFrames) + " open regions";
        return false;
      }
      reopenListedRegions(C, H);
    } else if (Header.OpenFrames != Stack.size() ||
               (Header.stackListed() && C.OpenStack != Stack)) {
      Error = "chunk " + std::to_string(Header.Sequence) + " starts with " +
              std::to_string(Header.OpenFrames) +
              " open regions that do not continue the previous chunk (" +
              std::to_string(Stack.size()) + " open)";
      return false;
    }
    NextSequence = Header.Sequence + 1;
    ++Chunks;
    return true;
  }

  /// Closes the open regions C does not list as open, then opens those it
  /// lists that are new.
  template <typename Handler>
  void reopenListedRegions(const Chunk &C, Handler &H) {
    size_t Common = 0;
    while (Common < Stack.size() && Common < C.OpenStack.size() &&
           Stack[Common] == C.OpenStack[Common])
      ++Common;
    while (Stack.size() > Common) {
      H.exit(Stack.back(), LastTicks);
      Stack.pop_back();
    }
    if (C.Header.BaseTicks > LastTicks)
      LastTicks = C.Header.BaseTicks;
    for (size_t I = Common; I < C.OpenStack.size(); ++I) {
      Stack.push_back(C.OpenStack[I]);
      H.enter(C.OpenStack[I], LastTicks);
    }
  }

  /// Shows an event at Ticks, or at the previous event's time when Ticks
  /// is earlier.
  void advanceTo(uint64_t Ticks) {
    if (Ticks > LastTicks)
      LastTicks = Ticks;
  }

  /// Reads the next event's kind and time, and an enter's region id; a
  /// short event comes back as the enter or exit it stands for.
  bool readEventHead(EventCursor &Cursor, EventKind &Kind, uint64_t &Region) {
    const uint8_t *&In = Cursor.In;
    Kind = static_cast<EventKind>(*In & KindMask);
    if (Cursor.Legacy)
      Kind = LegacyKinds[*In & ((1u << LegacyKindBits) - 1)];
    // A short enter's region id comes with its time.
    bool Short = !Cursor.Legacy && (Kind == EventKind::ShortEnter ||
                                    Kind == EventKind::ShortExit);
    Region = 0;
    if (Short) {
      bool Enter = Kind == EventKind::ShortEnter;
      size_t Bytes = Enter ? ShortEnterBytes : ShortExitBytes;
      if (Cursor.End - In < static_cast<ptrdiff_t>(Bytes))
        return Cursor.fail("an event is cut off at the end of the chunk");
      uint64_t Word = Enter ? load64(In) : load32(In);
      In += Bytes;
      uint64_t Ticks = shortEventTicks(Cursor.Anchor, shortEventLowTicks(Word));
      advanceTo(Ticks);
      if (Enter)
        Region = shortEnterRegion(Word, Ticks);
      Kind = Enter ? EventKind::Enter : EventKind::Exit;
      return true;
    }
    uint64_t Lead;
    if (!Cursor.readVarint(Lead))
      return Cursor.fail("an event is cut off at the end of the chunk");
    Cursor.Anchor += Lead >> (Cursor.Legacy ? LegacyKindBits : KindBits);
    advanceTo(Cursor.Anchor);
    if (Kind == EventKind::Enter && !Cursor.readVarint(Region))
      return Cursor.fail("an enter event has no region id");
    return true;
  }

  /// Reads a record's type and fields (the fields past MaxRecordFields are
  /// read and dropped).
  static bool readRecord(EventCursor &Cursor, TraceRecord &Record) {
    uint64_t Type, Fields;
    if (!Cursor.readVarint(Type) || !Cursor.readVarint(Fields))
      return Cursor.fail("a record has no type or field count");
    if (Type > UINT32_MAX || Fields > UINT32_MAX)
      return Cursor.fail("a record has the invalid type " +
                         std::to_string(Type) + " or field count " +
                         std::to_string(Fields));
    Record.Type = static_cast<uint32_t>(Type);
    Record.Count = static_cast<uint32_t>(Fields);
    for (uint64_t I = 0; I < Fields; ++I) {
      uint64_t Value;
      if (!Cursor.readVarint(Value))
        return Cursor.fail("a record of type " + std::to_string(Type) +
                           " ends after " + std::to_string(I) + " of its " +
                           std::to_string(Fields) + " fields");
      if (I < MaxRecordFields)
        Record.Fields[I] = Value;
    }
    return true;
  }

  /// Replays the event at the cursor, adding the events it counts as to
  /// Count.
  template <typename Handler>
  bool replayEvent(EventCursor &Cursor, Handler &H, uint64_t &Count) {
    EventKind Kind;
    uint64_t Region;
    if (!readEventHead(Cursor, Kind, Region))
      return false;
    switch (Kind) {
    case EventKind::Enter:
      if (Region == 0 || Region >= UINT32_MAX)
        return Cursor.fail("an enter event has the invalid region id " +
                           std::to_string(Region));
      Stack.push_back(static_cast<uint32_t>(Region));
      H.enter(static_cast<uint32_t>(Region), LastTicks);
      ++Count;
      return true;
    case EventKind::Exit:
      if (Stack.empty())
        return Cursor.fail("an exit event with no open region");
      H.exit(Stack.back(), LastTicks);
      Stack.pop_back();
      ++Count;
      return true;
    case EventKind::ExitMany: {
      uint64_t Frames;
      if (!Cursor.readVarint(Frames))
        return Cursor.fail("an exit event has no frame count");
      if (Frames == 0 || Frames > Stack.size())
        return Cursor.fail("an exit event closes " + std::to_string(Frames) +
                           " regions, but " + std::to_string(Stack.size()) +
                           " are open");
      for (uint64_t I = 0; I < Frames; ++I) {
        H.exit(Stack.back(), LastTicks);
        Stack.pop_back();
      }
      Count += Frames;
      return true;
    }
    case EventKind::Record: {
      TraceRecord Record;
      if (!readRecord(Cursor, Record))
        return false;
      detail::passRecord(H, Record, LastTicks, 0);
      ++Count;
      ++Records;
      return true;
    }
    default:
      return Cursor.fail("an event of the unknown kind " +
                         std::to_string(static_cast<unsigned>(Kind)));
    }
  }

  std::vector<uint32_t> Stack;
  uint64_t LastTicks = 0;
  uint32_t NextSequence = 0;
  uint64_t Chunks = 0;
  uint64_t Lost = 0;
  uint64_t Records = 0;
};

} // namespace trace
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_TRACEDECODER_H
