//===- format/schema/TraceFormat.h - Byte layout of trace files -----------===//
//
// Part of Sextant. The binary format of the per-thread trace files
// (trace/thread-<index>.sxt in the experiment directory), shared by the
// runtime that writes them (ThreadTrace.h) and by the readers (TraceDecoder.h,
// used by `sextant export --format=chrome`). Header-only, no dependencies.
// docs/output-formats.md describes the format byte by byte.
//
// A file is a 68-byte file header followed by chunks. A chunk is a 36-byte
// chunk header, the list of the regions open when the chunk starts (so that
// every chunk can be decoded on its own, e.g. after a lost chunk), and the
// events. All fixed-size integers are little-endian.
//
// Version 2 protects the file header and every chunk with a CRC-32C
// (Crc32c.h): the file header's covers its first 64 bytes, a chunk's its
// whole chunk but the checksum field itself. A reader thus tells a damaged
// chunk from a valid one, skips it and finds the next one by its magic
// number and checksum. Version 1 (a 64-byte file header, 32-byte chunk
// headers, no checksums) is still read.
//
// Events, version 4. The low three bits of an event's first byte are its
// kind (KindBits). Two kinds are fixed-size little-endian words, the form
// the runtime's fast path writes:
//   Kind 0  short enter, 8 bytes: W = (Region << 32) + (T << 3) modulo
//           2^64, where T is the event's time and Region the region id:
//           bits 3 to 31 hold the low 29 bits of the time, bits 32 to 63
//           the region id plus the time's bits from the 30th up, modulo
//           2^32 (a shift and an add for the writer, which need not clear
//           the high half of the id's register; the reader subtracts)
//   Kind 1  short exit of the innermost open region, 4 bytes:
//           W = (T << 3) | 1, T the low 29 bits of the event's time
// The others start with an unsigned LEB128 varint V = (Delta << 3) | Kind:
//   Kind 2  enter; a varint with the region id follows
//   Kind 3  exit of the innermost open region
//   Kind 4  exit of several innermost regions at once; a varint with their
//           number follows (frames closed by a repair or at the end)
//   Kind 5  a record: varints with the record type T and the number N of
//           fields follow, then the N fields, each a varint; readers skip
//           records of types they do not know. Type 1 is an MPI message
//           sent, type 2 one received, type 3 an MPI collective called
//           (RecordType below).
//   Kinds 6 and 7 are not used.
// Times: the events of a chunk keep an anchor, at first the chunk's base
// time. A long event (kinds 2 to 5) happens Delta ticks after the anchor
// and becomes the anchor. A short event happens at the time nearest to the
// anchor whose low bits are its T (shortEventTicks()); the runtime writes
// the long form instead once the time is more than ShortEventReach ticks
// past the anchor, so a short event is never further from it than half the
// range of its T. Exits carry no region id: the reader knows it from its
// stack of open regions. A reader shows an event that would be earlier
// than the one before it (the clock went back, e.g. between the cores of a
// machine whose time-stamp counters differ) at the time of the one before.
//
// Versions 1 to 3: the first varint of every event is V = (Delta << 2) |
// Kind, with Delta the time since the previous event of the chunk (or since
// its base time) and the kinds (LegacyKindBits) 0 enter (a varint with the
// region id follows), 1 exit, 2 exit of several regions (a varint with
// their number follows) and 3 a record (version 3, as kind 5 above). The
// runtime wrote small deltas padded to two bytes; readers accept any
// LEB128 encoding of a 64-bit value. Version 2 added the checksums.
//
// The checksums need format/schema/Crc32c.cpp (in sextant_format).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_TRACEFORMAT_H
#define SEXTANT_FORMAT_SCHEMA_TRACEFORMAT_H

#include "format/schema/Crc32c.h"

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>

namespace sextant {
namespace trace {

/// First bytes of every trace file: not ASCII, then CR LF, ^Z, LF (so that
/// a transfer in text mode is detected, as in PNG).
constexpr uint8_t FileMagic[8] = {0x89, 'S', 'X', 'T', 0x0d, 0x0a, 0x1a, 0x0a};
/// Version of the format described here, and the oldest one still read.
constexpr uint16_t FormatVersion = 4;
constexpr uint16_t MinimumReadableVersion = 1;

/// Layout of the file header.
constexpr size_t FileHeaderSize = 68;
constexpr size_t FileHeaderSizeV1 = 64;
constexpr size_t FileVersionOffset = 8;         ///< uint16
constexpr size_t FileHeaderSizeOffset = 10;     ///< uint16, FileHeaderSize
constexpr size_t FileThreadIndexOffset = 12;    ///< uint32
constexpr size_t FilePidOffset = 16;            ///< int64
constexpr size_t FileTidOffset = 24;            ///< uint64, OS thread id
constexpr size_t FileTicksPerSecondOffset = 32; ///< IEEE 754 binary64
constexpr size_t FileOriginOffset = 40;         ///< uint64, ticks
constexpr size_t FileThreadNameOffset = 48;     ///< 16 bytes, NUL-padded
constexpr size_t ThreadNameSize = 16;
/// uint32, CRC-32C of the bytes before it (version 2).
constexpr size_t FileChecksumOffset = 64;

/// First bytes of every chunk.
constexpr uint8_t ChunkMagic[4] = {'S', 'X', 'C', 'K'};
/// Layout of the chunk header.
constexpr size_t ChunkHeaderSize = 36;
constexpr size_t ChunkHeaderSizeV1 = 32;
constexpr size_t ChunkSequenceOffset = 4;    ///< uint32
constexpr size_t ChunkBaseTicksOffset = 8;   ///< uint64
constexpr size_t ChunkOpenFramesOffset = 16; ///< uint32
constexpr size_t ChunkStackBytesOffset = 20; ///< uint32
constexpr size_t ChunkEventBytesOffset = 24; ///< uint32
constexpr size_t ChunkEventCountOffset = 28; ///< uint32
/// uint32, CRC-32C of the chunk's bytes before and after it (version 2).
constexpr size_t ChunkChecksumOffset = 32;

/// Bytes of the file and chunk headers of a file of Version.
inline size_t fileHeaderSize(uint16_t Version) {
  return Version == 1 ? FileHeaderSizeV1 : FileHeaderSize;
}
inline size_t chunkHeaderSize(uint16_t Version) {
  return Version == 1 ? ChunkHeaderSizeV1 : ChunkHeaderSize;
}

/// The kind in the low KindBits bits of an event's first byte (version 4).
enum class EventKind : uint8_t {
  ShortEnter = 0,
  ShortExit = 1,
  Enter = 2,
  Exit = 3,
  ExitMany = 4,
  Record = 5
};
constexpr unsigned KindBits = 3;
constexpr uint8_t KindMask = (1u << KindBits) - 1;
/// Largest time delta a long event can carry; larger ones are clamped.
constexpr uint64_t MaxDelta = UINT64_MAX >> KindBits;

/// The short events of version 4: bytes, and the bits of their times.
constexpr size_t ShortEnterBytes = 8;
constexpr size_t ShortExitBytes = 4;
constexpr unsigned ShortTimeBits = 32 - KindBits;
/// How far past the anchor a short event may be: a quarter of the range of
/// the short events' times (2^29 ticks), so that a short event is well
/// within half that range of the anchor even where the clock went back a
/// little.
constexpr uint64_t ShortEventReach = uint64_t(1) << (ShortTimeBits - 2);

/// The kinds of versions 1 to 3, in the low LegacyKindBits bits of an
/// event's first varint, and what they are in version 4.
constexpr unsigned LegacyKindBits = 2;
constexpr EventKind LegacyKinds[4] = {EventKind::Enter, EventKind::Exit,
                                      EventKind::ExitMany, EventKind::Record};

/// The short enter of Region at Ticks and the short exit at Ticks, as the
/// words stored (little-endian).
inline uint64_t shortEnterWord(uint32_t Region, uint64_t Ticks) {
  return (uint64_t(Region) << 32) + (Ticks << KindBits);
}
inline uint32_t shortExitWord(uint64_t Ticks) {
  return static_cast<uint32_t>(Ticks << KindBits) +
         static_cast<uint32_t>(EventKind::ShortExit);
}
/// The low bits of a short event's time (the second argument of
/// shortEventTicks()).
inline uint64_t shortEventLowTicks(uint64_t Word) {
  return (Word >> KindBits) & ((uint64_t(1) << ShortTimeBits) - 1);
}
/// The region id of the short enter Word whose full time is Ticks.
inline uint32_t shortEnterRegion(uint64_t Word, uint64_t Ticks) {
  return static_cast<uint32_t>((Word >> 32) - (Ticks >> ShortTimeBits));
}

/// The time of a short event whose low ShortTimeBits bits of time are Low,
/// with the chunk's anchor at Anchor: the time with those low bits nearest
/// to the anchor (never below 0).
inline uint64_t shortEventTicks(uint64_t Anchor, uint64_t Low) {
  constexpr uint64_t Range = uint64_t(1) << ShortTimeBits;
  uint64_t Ahead = (Low - Anchor) & (Range - 1);
  if (Ahead < Range / 2)
    return Anchor + Ahead;
  uint64_t Behind = Range - Ahead;
  return Behind <= Anchor ? Anchor - Behind : 0;
}

/// Bytes of the longest LEB128 encoding of a 64-bit and a 32-bit value.
constexpr size_t MaxVarintBytes = 10;
constexpr size_t MaxVarint32Bytes = 5;

/// The types of records (kind 5; kind 3 in version 3) and their fields, in
/// order.
enum class RecordType : uint32_t {
  /// An MPI point-to-point message sent, at the start of the send (the
  /// call of MPI_Send, MPI_Isend, MPI_Sendrecv, ..., or MPI_Start of a
  /// persistent send): communicator id, destination's world rank + 1 (0:
  /// unknown), tag, bytes.
  MessageSent = 1,
  /// An MPI point-to-point message received, when the receive completes
  /// (MPI_Recv, MPI_Wait, MPI_Test, ...): communicator id, source's world
  /// rank + 1 (0: unknown), tag, bytes.
  MessageReceived = 2,
  /// An MPI collective operation called on an intracommunicator (blocking
  /// or nonblocking, inside the call's region): communicator id, root's
  /// world rank + 1 (0: the operation has no root), the communicator's
  /// size. The k-th such record of a communicator on each of its members
  /// is the same operation (MPI orders collectives alike on all members).
  CollectiveCalled = 3
};
/// Fields of a message record.
constexpr uint32_t MessageRecordFields = 4;
/// Fields of a collective record.
constexpr uint32_t CollectiveRecordFields = 3;
/// Fields a record written by the runtime has at most, and its largest
/// encoding (the lead varint, the type, the count and the fields).
constexpr uint32_t MaxRecordFields = 8;
constexpr size_t MaxRecordBytes =
    MaxVarintBytes + 2 * MaxVarint32Bytes + MaxRecordFields * MaxVarintBytes;
/// Upper bound of what the runtime writes for one event group: an ExitMany
/// (closing abandoned frames) followed by an Enter, in their long forms.
constexpr size_t MaxEventGroupBytes = 2 * (MaxVarintBytes + MaxVarint32Bytes);

//===----------------------------------------------------------------------===//
// Little-endian integers and LEB128 varints
//===----------------------------------------------------------------------===//

inline void store16(uint8_t *Out, uint16_t Value) {
  Out[0] = static_cast<uint8_t>(Value);
  Out[1] = static_cast<uint8_t>(Value >> 8);
}
inline void store32(uint8_t *Out, uint32_t Value) {
  for (unsigned I = 0; I < 4; ++I)
    Out[I] = static_cast<uint8_t>(Value >> (8 * I));
}
inline void store64(uint8_t *Out, uint64_t Value) {
  for (unsigned I = 0; I < 8; ++I)
    Out[I] = static_cast<uint8_t>(Value >> (8 * I));
}
inline uint16_t load16(const uint8_t *In) {
  return static_cast<uint16_t>(In[0] | (In[1] << 8));
}
inline uint32_t load32(const uint8_t *In) {
  uint32_t Value = 0;
  for (unsigned I = 0; I < 4; ++I)
    Value |= static_cast<uint32_t>(In[I]) << (8 * I);
  return Value;
}
inline uint64_t load64(const uint8_t *In) {
  uint64_t Value = 0;
  for (unsigned I = 0; I < 8; ++I)
    Value |= static_cast<uint64_t>(In[I]) << (8 * I);
  return Value;
}

/// Writes Value as unsigned LEB128 (7 bits per byte, low bits first, the
/// high bit set on every byte but the last); returns the end. At most
/// MaxVarintBytes bytes. Values below 2^14 (most deltas and region ids)
/// take a path without a loop.
inline uint8_t *writeVarint(uint8_t *Out, uint64_t Value) {
  if (__builtin_expect(Value < 0x80, 1)) {
    Out[0] = static_cast<uint8_t>(Value);
    return Out + 1;
  }
  if (__builtin_expect(Value < 0x4000, 1)) {
    Out[0] = static_cast<uint8_t>(Value) | 0x80;
    Out[1] = static_cast<uint8_t>(Value >> 7);
    return Out + 2;
  }
  while (Value >= 0x80) {
    *Out++ = static_cast<uint8_t>(Value) | 0x80;
    Value >>= 7;
  }
  *Out++ = static_cast<uint8_t>(Value);
  return Out;
}

/// Writes a record (kind 5) Delta ticks after the anchor: at most
/// MaxRecordBytes bytes for Count <= MaxRecordFields; returns the end.
inline uint8_t *writeRecord(uint8_t *Out, uint64_t Delta, RecordType Type,
                            const uint64_t *Fields, uint32_t Count) {
  Out = writeVarint(Out, (Delta << KindBits) |
                             static_cast<uint64_t>(EventKind::Record));
  Out = writeVarint(Out, static_cast<uint32_t>(Type));
  Out = writeVarint(Out, Count);
  for (uint32_t I = 0; I < Count; ++I)
    Out = writeVarint(Out, Fields[I]);
  return Out;
}

/// Reads an unsigned LEB128 value from [In, End) into Value and advances
/// In. Returns false when the encoding runs past End or is longer than a
/// 64-bit value allows.
inline bool readVarint(const uint8_t *&In, const uint8_t *End,
                       uint64_t &Value) {
  uint64_t Result = 0;
  for (unsigned Shift = 0; Shift < 64; Shift += 7) {
    if (In == End)
      return false;
    uint8_t Byte = *In++;
    if (Shift == 63 && (Byte & 0x7e) != 0)
      return false; // bits beyond 64
    Result |= static_cast<uint64_t>(Byte & 0x7f) << Shift;
    if ((Byte & 0x80) == 0) {
      Value = Result;
      return true;
    }
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Headers
//===----------------------------------------------------------------------===//

/// The file header: who wrote the trace and how to read its timestamps.
struct FileHeader {
  uint16_t Version = FormatVersion;
  uint32_t ThreadIndex = 0; ///< 0 = the first thread that recorded
  int64_t Pid = 0;
  uint64_t Tid = 0;          ///< OS thread id (gettid)
  double TicksPerSecond = 0; ///< clock ticks per second
  uint64_t OriginTicks = 0;  ///< start of the measurement: time zero
  std::string ThreadName;    ///< empty while the thread is running
};

/// Writes Header into Out[0, fileHeaderSize(Header.Version)), with its
/// checksum in version 2.
inline void encodeFileHeader(const FileHeader &Header, uint8_t *Out) {
  size_t Size = fileHeaderSize(Header.Version);
  std::memset(Out, 0, Size);
  std::memcpy(Out, FileMagic, sizeof(FileMagic));
  store16(Out + FileVersionOffset, Header.Version);
  store16(Out + FileHeaderSizeOffset, static_cast<uint16_t>(Size));
  store32(Out + FileThreadIndexOffset, Header.ThreadIndex);
  store64(Out + FilePidOffset, static_cast<uint64_t>(Header.Pid));
  store64(Out + FileTidOffset, Header.Tid);
  uint64_t Bits;
  std::memcpy(&Bits, &Header.TicksPerSecond, sizeof(Bits));
  store64(Out + FileTicksPerSecondOffset, Bits);
  store64(Out + FileOriginOffset, Header.OriginTicks);
  std::memcpy(Out + FileThreadNameOffset, Header.ThreadName.data(),
              Header.ThreadName.size() < ThreadNameSize
                  ? Header.ThreadName.size()
                  : ThreadNameSize - 1);
  if (Header.Version != 1)
    store32(Out + FileChecksumOffset, format::crc32c(Out, FileChecksumOffset));
}

/// The clock frequencies a reader takes, in ticks per second: 1 kHz to
/// 1 PHz (the runtime's clocks run at 1 MHz to 100 GHz). Within them, the
/// nanoseconds of any 64-bit tick count are finite.
constexpr double MinTicksPerSecond = 1e3;
constexpr double MaxTicksPerSecond = 1e15;

/// Value as the shortest decimal that reads back as it ("1e-300", "1000").
inline std::string shortestDecimal(double Value) {
  char Text[32];
  std::to_chars_result Result = std::to_chars(Text, Text + sizeof(Text), Value);
  return std::string(Text, Result.ptr);
}

/// How decodeFileHeader()'s message starts when the checksum is wrong.
constexpr char FileHeaderDamaged[] = "the file header is damaged";

/// Reads a file header from In[0, Size). Returns false with a description
/// of the problem in Error when it is not a Sextant trace of a version this
/// reader knows or its checksum does not match (then Error starts with
/// "the file header is damaged"), or when its clock frequency is outside
/// [MinTicksPerSecond, MaxTicksPerSecond].
inline bool decodeFileHeader(const uint8_t *In, size_t Size, FileHeader &Header,
                             std::string &Error) {
  if (Size < sizeof(FileMagic) ||
      std::memcmp(In, FileMagic, sizeof(FileMagic)) != 0) {
    Error = "not a Sextant trace file (the first 8 bytes are not the trace "
            "magic number)";
    return false;
  }
  if (Size < FileVersionOffset + 4) {
    Error = "the file header is truncated";
    return false;
  }
  Header.Version = load16(In + FileVersionOffset);
  if (Header.Version < MinimumReadableVersion ||
      Header.Version > FormatVersion) {
    Error = "trace format version " + std::to_string(Header.Version) +
            " is not supported (this reader knows versions " +
            std::to_string(MinimumReadableVersion) + " to " +
            std::to_string(FormatVersion) + ")";
    return false;
  }
  size_t Expected = fileHeaderSize(Header.Version);
  uint16_t HeaderSize = load16(In + FileHeaderSizeOffset);
  if (HeaderSize != Expected) {
    Error = "the file header size is " + std::to_string(HeaderSize) +
            " bytes, expected " + std::to_string(Expected);
    return false;
  }
  if (Size < Expected) {
    Error = "the file header is truncated (" + std::to_string(Size) + " of " +
            std::to_string(Expected) + " bytes)";
    return false;
  }
  if (Header.Version != 1 && load32(In + FileChecksumOffset) !=
                                 format::crc32c(In, FileChecksumOffset)) {
    Error = std::string(FileHeaderDamaged) +
            " (its CRC-32C checksum does not match)";
    return false;
  }
  Header.ThreadIndex = load32(In + FileThreadIndexOffset);
  Header.Pid = static_cast<int64_t>(load64(In + FilePidOffset));
  Header.Tid = load64(In + FileTidOffset);
  uint64_t Bits = load64(In + FileTicksPerSecondOffset);
  std::memcpy(&Header.TicksPerSecond, &Bits, sizeof(Bits));
  if (!(Header.TicksPerSecond >= MinTicksPerSecond &&
        Header.TicksPerSecond <= MaxTicksPerSecond)) {
    Error = "ticks_per_second: the clock frequency in the file header, " +
            shortestDecimal(Header.TicksPerSecond) +
            " ticks per second, is out of range [" +
            shortestDecimal(MinTicksPerSecond) + ", " +
            shortestDecimal(MaxTicksPerSecond) + "]";
    return false;
  }
  Header.OriginTicks = load64(In + FileOriginOffset);
  const char *Name = reinterpret_cast<const char *>(In + FileThreadNameOffset);
  Header.ThreadName.assign(Name, strnlen(Name, ThreadNameSize));
  return true;
}

/// The fixed part of a chunk.
struct ChunkHeader {
  uint32_t Sequence = 0;   ///< 0, 1, 2, ... per file; a gap = lost chunks
  uint64_t BaseTicks = 0;  ///< the first event's delta is relative to it
  uint32_t OpenFrames = 0; ///< regions open when the chunk starts
  /// Bytes of the list of those regions (varint region ids, outermost
  /// first); 0 when OpenFrames is 0 or when the list was left out because
  /// it was too long for the buffer.
  uint32_t StackBytes = 0;
  uint32_t EventBytes = 0; ///< bytes of the events after the list
  /// Enter events plus exited frames (an ExitMany of N counts N).
  uint32_t EventCount = 0;

  bool stackListed() const { return OpenFrames == 0 || StackBytes != 0; }
};

/// Writes Header into Out[0, ChunkHeaderSizeV1); the checksum of a version 2
/// chunk is added by sealChunk() once the chunk is complete.
inline void encodeChunkHeader(const ChunkHeader &Header, uint8_t *Out) {
  std::memcpy(Out, ChunkMagic, sizeof(ChunkMagic));
  store32(Out + ChunkSequenceOffset, Header.Sequence);
  store64(Out + ChunkBaseTicksOffset, Header.BaseTicks);
  store32(Out + ChunkOpenFramesOffset, Header.OpenFrames);
  store32(Out + ChunkStackBytesOffset, Header.StackBytes);
  store32(Out + ChunkEventBytesOffset, Header.EventBytes);
  store32(Out + ChunkEventCountOffset, Header.EventCount);
}

/// The CRC-32C of the version 2 chunk Chunk[0, Size): every byte but the
/// checksum field.
inline uint32_t chunkChecksum(const uint8_t *Chunk, size_t Size) {
  uint32_t Crc = format::crc32c(Chunk, ChunkChecksumOffset);
  return format::crc32c(Chunk + ChunkHeaderSize, Size - ChunkHeaderSize, Crc);
}

/// Stores the checksum of the complete version 2 chunk Chunk[0, Size).
inline void sealChunk(uint8_t *Chunk, size_t Size) {
  store32(Chunk + ChunkChecksumOffset, chunkChecksum(Chunk, Size));
}

/// Reads a chunk header from In[0, ChunkHeaderSizeV1) (the checksum is
/// checked by the reader). Returns false when the magic number is wrong.
inline bool decodeChunkHeader(const uint8_t *In, ChunkHeader &Header) {
  if (std::memcmp(In, ChunkMagic, sizeof(ChunkMagic)) != 0)
    return false;
  Header.Sequence = load32(In + ChunkSequenceOffset);
  Header.BaseTicks = load64(In + ChunkBaseTicksOffset);
  Header.OpenFrames = load32(In + ChunkOpenFramesOffset);
  Header.StackBytes = load32(In + ChunkStackBytesOffset);
  Header.EventBytes = load32(In + ChunkEventBytesOffset);
  Header.EventCount = load32(In + ChunkEventCountOffset);
  return true;
}

} // namespace trace
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_TRACEFORMAT_H
