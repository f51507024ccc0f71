//===- format/TraceDecoder.h - Reading trace files --------------*- C++ -*-===//
//
// Part of Sextant. The reader of the trace files described in TraceFormat.h,
// header-only so that the tools and the tests use it without linking the
// runtime:
//
//  - TraceFileReader reads one file chunk by chunk, checking the header, the
//    chunk boundaries, the checksums (version 2) and the open-region lists;
//    a file that ends inside a chunk (the process was killed while writing)
//    is reported as truncated. In a version 2 file a damaged chunk is
//    skipped: the reader reports it (its index, offset, bytes and events)
//    and goes on at the next chunk whose magic number and checksum are
//    right. In a version 1 file any inconsistency ends the reading as
//    damaged, always with the byte offset.
//  - EventReplayer turns the chunks of one file into a balanced sequence of
//    enter and exit callbacks with absolute timestamps. Where chunks are
//    missing (the runtime counted them as dropped), it uses the next
//    chunk's list of open regions to close and open exactly the regions
//    that changed, so the sequence stays balanced.
//
// Nothing here throws on bad input; std::bad_alloc may escape.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_TRACEDECODER_H
#define SEXTANT_FORMAT_TRACEDECODER_H

#include "format/TraceFormat.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
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

/// A stretch of a version 2 file that the reader skipped because it is
/// damaged: from a chunk whose checksum (or layout) is wrong to the next
/// valid chunk or the end of the file.
struct DamagedChunk {
  /// Chunks of the file before it (0: the first chunk is damaged).
  uint64_t Index = 0;
  uint64_t Offset = 0; ///< file offset where the damage starts
  uint64_t Bytes = 0;  ///< bytes skipped
  /// The events the damaged chunk holds according to its header, when the
  /// header's lengths end it exactly where the next valid chunk (or the
  /// file) starts; otherwise the number is unknown.
  bool EventsKnown = false;
  uint64_t Events = 0;
  std::string Reason; ///< what is wrong with it
};

/// Reads one trace file sequentially.
class TraceFileReader {
public:
  enum class Status {
    Chunk,     ///< a complete chunk was read
    End,       ///< the file ends after the last complete chunk
    Truncated, ///< the file ends inside a chunk (Message says where)
    /// A damaged stretch was skipped (version 2; Message and damage() say
    /// which chunk, where, and how many events); reading goes on with the
    /// next valid chunk.
    Skipped,
    Damaged ///< the bytes are not a valid chunk (version 1; Message says why)
  };

  TraceFileReader() = default;
  TraceFileReader(const TraceFileReader &) = delete;
  TraceFileReader &operator=(const TraceFileReader &) = delete;
  ~TraceFileReader() {
    if (Descriptor >= 0)
      ::close(Descriptor);
  }

  /// Opens Path (a regular file) and reads its header. On failure returns
  /// false and sets Error to what is wrong (without the path);
  /// headerDamaged() tells a damaged header of a version 2 file.
  bool open(const std::string &Path, std::string &Error) {
    int Opened = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
    if (Opened < 0) {
      Error = std::string("cannot open: ") + std::strerror(errno);
      return false;
    }
    return adopt(Opened, Error);
  }
  /// As open(), on the file open as Opened, which the reader then owns
  /// (closes when destroyed).
  bool adopt(int Opened, std::string &Error) {
    Descriptor = Opened;
    struct stat Status;
    if (::fstat(Descriptor, &Status) != 0 || !S_ISREG(Status.st_mode)) {
      Error = "not a regular file";
      return false;
    }
    Size = static_cast<uint64_t>(Status.st_size);
    uint8_t Bytes[FileHeaderSize];
    size_t Read = readAt(0, Bytes, sizeof(Bytes));
    if (!decodeFileHeader(Bytes, Read, Header, Error)) {
      HeaderDamaged = Error.compare(0, sizeof(FileHeaderDamaged) - 1,
                                    FileHeaderDamaged) == 0;
      return false;
    }
    Checksums = Header.Version != 1;
    ChunkHeaderBytes = chunkHeaderSize(Header.Version);
    Offset = fileHeaderSize(Header.Version);
    return true;
  }

  const FileHeader &header() const { return Header; }
  /// The descriptor of the open file (-1 before open() or adopt()).
  int descriptor() const { return Descriptor; }
  /// Whether open() failed on a version 2 header whose checksum is wrong.
  bool headerDamaged() const { return HeaderDamaged; }
  /// Size of the file when it was opened, and bytes consumed so far.
  uint64_t fileSize() const { return Size; }
  uint64_t offset() const { return Offset; }
  /// The stretch skipped by the last next() that returned Skipped.
  const DamagedChunk &damage() const { return Damage; }

  /// Reads the next chunk into Out.
  Status next(Chunk &Out, std::string &Message) {
    if (Offset >= Size)
      return Status::End;
    uint64_t Extent = 0;
    std::string Problem;
    Status Result = readChunkAt(Offset, Out, Extent, Problem);
    if (Result == Status::Chunk) {
      Offset += Extent;
      ++Chunks;
      return Status::Chunk;
    }
    uint64_t Next = Checksums ? findValidChunk(Offset + 1) : Size;
    if (Result == Status::Truncated && Next == Size) {
      Message = Problem;
      Offset = Size;
      return Status::Truncated;
    }
    if (!Checksums) {
      Message = "at offset " + std::to_string(Offset) + ": " + Problem;
      return Status::Damaged;
    }
    Damage = DamagedChunk();
    Damage.Index = Chunks++;
    Damage.Offset = Offset;
    Damage.Bytes = Next - Offset;
    Damage.Reason = Problem;
    if (Extent == Damage.Bytes) {
      Damage.EventsKnown = true;
      Damage.Events = Out.Header.EventCount;
    }
    Message = "chunk " + std::to_string(Damage.Index) + " at offset " +
              std::to_string(Damage.Offset) + " is damaged (" + Problem +
              "); " + std::to_string(Damage.Bytes) + " bytes with " +
              (Damage.EventsKnown ? std::to_string(Damage.Events)
                                  : std::string("an unknown number of")) +
              " events are skipped";
    Offset = Next;
    return Status::Skipped;
  }

private:
  /// Reads up to Count bytes at At into Out; returns how many were read.
  size_t readAt(uint64_t At, uint8_t *Out, size_t Count) {
    size_t Done = 0;
    while (Done < Count) {
      ssize_t Read = ::pread(Descriptor, Out + Done, Count - Done,
                             static_cast<off_t>(At + Done));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read <= 0)
        break;
      Done += static_cast<size_t>(Read);
    }
    return Done;
  }

  /// Whether the version 2 chunk at At, with header HeaderBytes and Body
  /// bytes after it (within the file), has the right checksum; reads the
  /// body in blocks, so a damaged length allocates nothing.
  bool checksumMatches(uint64_t At, const uint8_t *HeaderBytes, uint64_t Body) {
    uint32_t Crc = format::crc32c(HeaderBytes, ChunkChecksumOffset);
    uint8_t Block[65536];
    for (uint64_t Done = 0; Done < Body;) {
      size_t Want = Body - Done < sizeof(Block)
                        ? static_cast<size_t>(Body - Done)
                        : sizeof(Block);
      if (readAt(At + ChunkHeaderBytes + Done, Block, Want) != Want)
        return false;
      Crc = format::crc32c(Block, Want, Crc);
      Done += Want;
    }
    return Crc == load32(HeaderBytes + ChunkChecksumOffset);
  }

  /// Reads the chunk at At into Out and its size into Extent (as its
  /// header says, 0 when even that is unreadable): Chunk, Truncated (the
  /// file ends inside it) or Damaged, with Problem saying why (without the
  /// offset, except for Truncated).
  Status readChunkAt(uint64_t At, Chunk &Out, uint64_t &Extent,
                     std::string &Problem) {
    Out.Version = Header.Version;
    Out.Offset = At;
    Out.Header = ChunkHeader();
    Extent = 0;
    uint8_t Bytes[ChunkHeaderSize];
    size_t Read = readAt(At, Bytes, ChunkHeaderBytes);
    if (Read < 4 || std::memcmp(Bytes, ChunkMagic, 4) != 0) {
      if (Read < 4 && At + Read >= Size)
        return truncated(At, Read, ChunkHeaderBytes, Problem);
      Problem = "no chunk starts here (the chunk magic number is missing)";
      return Status::Damaged;
    }
    if (Read < ChunkHeaderBytes)
      return truncated(At, Read, ChunkHeaderBytes, Problem);
    decodeChunkHeader(Bytes, Out.Header);
    const ChunkHeader &H = Out.Header;
    uint64_t Body = uint64_t(H.StackBytes) + H.EventBytes;
    Extent = ChunkHeaderBytes + Body;
    uint64_t Available = Size - At - ChunkHeaderBytes;
    if (Body > Available)
      return truncated(At, ChunkHeaderBytes + Available, Extent, Problem);
    if (Checksums && !checksumMatches(At, Bytes, Body)) {
      Problem = "its CRC-32C checksum does not match";
      return Status::Damaged;
    }
    std::vector<uint8_t> Stack(H.StackBytes);
    Out.Events.resize(H.EventBytes);
    if (readAt(At + ChunkHeaderBytes, Stack.data(), Stack.size()) !=
            Stack.size() ||
        readAt(At + ChunkHeaderBytes + Stack.size(), Out.Events.data(),
               Out.Events.size()) != Out.Events.size()) {
      Problem = std::string("the file could not be read (") +
                std::strerror(errno) + ")";
      return Status::Damaged;
    }
    Out.OpenStack.clear();
    if (H.StackBytes != 0) {
      std::string Error;
      if (!decodeOpenStack(Stack.data(), Stack.size(), H.OpenFrames,
                           Out.OpenStack, Error)) {
        Problem = "chunk " + std::to_string(H.Sequence) + ": " + Error;
        return Status::Damaged;
      }
    }
    return Status::Chunk;
  }

  /// The offset of the first valid chunk at or after From (its magic
  /// number, layout and checksum right), or the file size when there is
  /// none.
  uint64_t findValidChunk(uint64_t From) {
    uint8_t Block[65536];
    Chunk Candidate;
    std::string Ignored;
    while (From + 4 <= Size) {
      size_t Read = readAt(From, Block, sizeof(Block));
      if (Read < 4)
        break;
      for (size_t I = 0; I + 4 <= Read; ++I) {
        uint64_t Extent;
        if (std::memcmp(Block + I, ChunkMagic, 4) == 0 &&
            readChunkAt(From + I, Candidate, Extent, Ignored) == Status::Chunk)
          return From + I;
      }
      From += Read - 3; // a magic number may straddle two blocks
    }
    return Size;
  }

  Status truncated(uint64_t At, uint64_t Present, uint64_t Expected,
                   std::string &Message) {
    Message = "the last chunk, at offset " + std::to_string(At) +
              ", is truncated (" + std::to_string(Present) + " of " +
              std::to_string(Expected) + " bytes are present)";
    return Status::Truncated;
  }

  int Descriptor = -1;
  FileHeader Header;
  bool HeaderDamaged = false;
  bool Checksums = true;
  size_t ChunkHeaderBytes = ChunkHeaderSize;
  uint64_t Size = 0;
  uint64_t Offset = 0;
  uint64_t Chunks = 0;
  DamagedChunk Damage;
};

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
      // Close what is no longer open, open what is new.
      size_t Common = 0;
      while (Common < Stack.size() && Common < C.OpenStack.size() &&
             Stack[Common] == C.OpenStack[Common])
        ++Common;
      while (Stack.size() > Common) {
        H.exit(Stack.back(), LastTicks);
        Stack.pop_back();
      }
      if (Header.BaseTicks > LastTicks)
        LastTicks = Header.BaseTicks;
      for (size_t I = Common; I < C.OpenStack.size(); ++I) {
        Stack.push_back(C.OpenStack[I]);
        H.enter(C.OpenStack[I], LastTicks);
      }
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

    // The anchor of version 4's times (TraceFormat.h); in versions 1 to 3
    // the time of the previous event.
    uint64_t Anchor = Header.BaseTicks;
    bool Legacy = C.Version < 4;
    uint64_t Count = 0;
    const uint8_t *In = C.Events.data();
    const uint8_t *End = In + C.Events.size();
    auto Fail = [&](const std::string &What) {
      Error = "chunk " + std::to_string(Header.Sequence) + ", byte " +
              std::to_string(In - C.Events.data()) + " of its events: " + What;
      return false;
    };
    // Shows an event at Ticks, or at the previous event's time when Ticks
    // is earlier.
    auto At = [&](uint64_t Ticks) {
      if (Ticks > LastTicks)
        LastTicks = Ticks;
    };
    while (In != End) {
      EventKind Kind = static_cast<EventKind>(*In & KindMask);
      if (Legacy)
        Kind = LegacyKinds[*In & ((1u << LegacyKindBits) - 1)];
      // The event's time, and a short enter's region id, which comes with
      // it; a short event is then an enter or an exit like a long one.
      bool Short = !Legacy && (Kind == EventKind::ShortEnter ||
                               Kind == EventKind::ShortExit);
      uint64_t Region = 0;
      if (Short) {
        bool Enter = Kind == EventKind::ShortEnter;
        size_t Bytes = Enter ? ShortEnterBytes : ShortExitBytes;
        if (End - In < static_cast<ptrdiff_t>(Bytes))
          return Fail("an event is cut off at the end of the chunk");
        uint64_t Word = Enter ? load64(In) : load32(In);
        In += Bytes;
        uint64_t Ticks = shortEventTicks(Anchor, shortEventLowTicks(Word));
        At(Ticks);
        if (Enter)
          Region = shortEnterRegion(Word, Ticks);
        Kind = Enter ? EventKind::Enter : EventKind::Exit;
      } else {
        uint64_t Lead;
        if (!readVarint(In, End, Lead))
          return Fail("an event is cut off at the end of the chunk");
        Anchor += Lead >> (Legacy ? LegacyKindBits : KindBits);
        At(Anchor);
        if (Kind == EventKind::Enter && !readVarint(In, End, Region))
          return Fail("an enter event has no region id");
      }
      switch (Kind) {
      case EventKind::Enter: {
        if (Region == 0 || Region >= UINT32_MAX)
          return Fail("an enter event has the invalid region id " +
                      std::to_string(Region));
        Stack.push_back(static_cast<uint32_t>(Region));
        H.enter(static_cast<uint32_t>(Region), LastTicks);
        ++Count;
        break;
      }
      case EventKind::Exit:
        if (Stack.empty())
          return Fail("an exit event with no open region");
        H.exit(Stack.back(), LastTicks);
        Stack.pop_back();
        ++Count;
        break;
      case EventKind::ExitMany: {
        uint64_t Frames;
        if (!readVarint(In, End, Frames))
          return Fail("an exit event has no frame count");
        if (Frames == 0 || Frames > Stack.size())
          return Fail("an exit event closes " + std::to_string(Frames) +
                      " regions, but " + std::to_string(Stack.size()) +
                      " are open");
        for (uint64_t I = 0; I < Frames; ++I) {
          H.exit(Stack.back(), LastTicks);
          Stack.pop_back();
        }
        Count += Frames;
        break;
      }
      case EventKind::Record: {
        TraceRecord Record;
        uint64_t Type, Fields;
        if (!readVarint(In, End, Type) || !readVarint(In, End, Fields))
          return Fail("a record has no type or field count");
        if (Type > UINT32_MAX || Fields > UINT32_MAX)
          return Fail("a record has the invalid type " + std::to_string(Type) +
                      " or field count " + std::to_string(Fields));
        Record.Type = static_cast<uint32_t>(Type);
        Record.Count = static_cast<uint32_t>(Fields);
        for (uint64_t I = 0; I < Fields; ++I) {
          uint64_t Value;
          if (!readVarint(In, End, Value))
            return Fail("a record of type " + std::to_string(Type) +
                        " ends after " + std::to_string(I) + " of its " +
                        std::to_string(Fields) + " fields");
          if (I < MaxRecordFields)
            Record.Fields[I] = Value;
        }
        detail::passRecord(H, Record, LastTicks, 0);
        ++Count;
        ++Records;
        break;
      }
      default:
        return Fail("an event of the unknown kind " +
                    std::to_string(static_cast<unsigned>(Kind)));
      }
    }
    if (Count != Header.EventCount) {
      Error = "chunk " + std::to_string(Header.Sequence) + " holds " +
              std::to_string(Count) + " events, but its header says " +
              std::to_string(Header.EventCount);
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
  std::vector<uint32_t> Stack;
  uint64_t LastTicks = 0;
  uint32_t NextSequence = 0;
  uint64_t Chunks = 0;
  uint64_t Lost = 0;
  uint64_t Records = 0;
};

} // namespace trace
} // namespace sextant

#endif // SEXTANT_FORMAT_TRACEDECODER_H
