//===- test/unit/runtime/trace/TraceFormatTests.cpp - Trace file format ---===//
//
// Part of Sextant. The building blocks of the trace format (LEB128 varints,
// file and chunk headers, clock frequencies out of range), the decoding of
// version 4's short and long events and of the events of versions 1 to 3,
// and the decoder's handling of damaged files: foreign files, a truncated
// last chunk, a broken chunk boundary, events that do not match their chunk
// header.
//
//===----------------------------------------------------------------------===//

#include "TraceTestSupport.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <tuple>

using namespace sextant::runtime;
using namespace sextant::runtime::test;
using sextant::test::ScratchDirectory;
namespace trace = sextant::trace;

namespace {

std::vector<uint8_t> readBytes(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(In),
                              std::istreambuf_iterator<char>());
}

void writeBytes(const std::string &Path, const std::vector<uint8_t> &Bytes) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out.write(reinterpret_cast<const char *>(Bytes.data()),
            static_cast<std::streamsize>(Bytes.size()));
}

/// Stores the checksum of the chunk at Offset of the file Bytes again, after
/// a test changed it on purpose.
void reseal(std::vector<uint8_t> &Bytes, size_t Offset) {
  trace::ChunkHeader Header;
  REQUIRE(trace::decodeChunkHeader(Bytes.data() + Offset, Header));
  trace::sealChunk(Bytes.data() + Offset, trace::ChunkHeaderSize +
                                              Header.StackBytes +
                                              Header.EventBytes);
}

/// Reads Path chunk by chunk; returns the first status that is not Chunk
/// and its message, or the replay error (with Status Chunk).
std::pair<trace::TraceFileReader::Status, std::string>
firstProblem(const std::string &Path) {
  trace::TraceFileReader Reader;
  std::string Message;
  REQUIRE(Reader.open(Path, Message));
  trace::EventReplayer Replayer;
  EventCollector Collector;
  trace::Chunk Chunk;
  for (;;) {
    trace::TraceFileReader::Status Status = Reader.next(Chunk, Message);
    if (Status != trace::TraceFileReader::Status::Chunk)
      return {Status, Message};
    if (!Replayer.replay(Chunk, Collector, Message))
      return {Status, Message};
  }
}

} // namespace

TEST_CASE("LEB128 varints round-trip", "[TraceFormat]") {
  for (uint64_t Value : {0ull, 1ull, 127ull, 128ull, 300ull, 16383ull, 16384ull,
                         0xffffffffull, 1ull << 62, ~0ull}) {
    uint8_t Bytes[trace::MaxVarintBytes + 1];
    uint8_t *End = trace::writeVarint(Bytes, Value);
    size_t Expected = 1;
    for (uint64_t Rest = Value >> 7; Rest != 0; Rest >>= 7)
      ++Expected;
    CHECK(static_cast<size_t>(End - Bytes) == Expected);
    const uint8_t *In = Bytes;
    uint64_t Decoded = 0;
    REQUIRE(trace::readVarint(In, End, Decoded));
    CHECK(Decoded == Value);
    CHECK(In == End);
    // One byte short: the reader notices.
    In = Bytes;
    CHECK_FALSE(trace::readVarint(In, End - 1, Decoded));
  }
  // Padded encodings (continuation bytes with zero groups, as the runtime
  // writes small time deltas) read as the value.
  uint8_t PaddedZero[2] = {0x80, 0x00};
  uint8_t Padded5[3] = {0x85, 0x80, 0x00};
  for (const auto &[Bytes, Size, Expected] :
       {std::tuple<const uint8_t *, size_t, uint64_t>{PaddedZero, 2, 0},
        std::tuple<const uint8_t *, size_t, uint64_t>{Padded5, 3, 5}}) {
    const uint8_t *In = Bytes;
    uint64_t Decoded = ~0ull;
    REQUIRE(trace::readVarint(In, Bytes + Size, Decoded));
    CHECK(Decoded == Expected);
    CHECK(In == Bytes + Size);
  }
  // Longer than 64 bits.
  uint8_t TooLong[11] = {0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
                         0x80, 0x80, 0x80, 0x80, 0x01};
  const uint8_t *In = TooLong;
  uint64_t Value;
  CHECK_FALSE(trace::readVarint(In, TooLong + sizeof(TooLong), Value));
  uint8_t Overflow[10] = {0xff, 0xff, 0xff, 0xff, 0xff,
                          0xff, 0xff, 0xff, 0xff, 0x02};
  In = Overflow;
  CHECK_FALSE(trace::readVarint(In, Overflow + sizeof(Overflow), Value));
}

TEST_CASE("file and chunk headers round-trip", "[TraceFormat]") {
  trace::FileHeader Header;
  Header.ThreadIndex = 12;
  Header.Pid = 4242;
  Header.Tid = 4250;
  Header.TicksPerSecond = 2893.5e6;
  Header.OriginTicks = 123456789012345ull;
  Header.ThreadName = "a-very-long-thread-name";
  uint8_t Bytes[trace::FileHeaderSize];
  trace::encodeFileHeader(Header, Bytes);
  CHECK(Bytes[0] == 0x89);
  CHECK(std::string(reinterpret_cast<char *>(Bytes) + 1, 3) == "SXT");
  trace::FileHeader Decoded;
  std::string Error;
  REQUIRE(trace::decodeFileHeader(Bytes, sizeof(Bytes), Decoded, Error));
  CHECK(Decoded.Version == trace::FormatVersion);
  CHECK(Decoded.ThreadIndex == 12);
  CHECK(Decoded.Pid == 4242);
  CHECK(Decoded.Tid == 4250);
  CHECK(Decoded.TicksPerSecond == 2893.5e6);
  CHECK(Decoded.OriginTicks == 123456789012345ull);
  CHECK(Decoded.ThreadName == "a-very-long-thr"); // 15 bytes and a NUL

  trace::ChunkHeader Chunk;
  Chunk.Sequence = 3;
  Chunk.BaseTicks = 1ull << 50;
  Chunk.OpenFrames = 2;
  Chunk.StackBytes = 3;
  Chunk.EventBytes = 4000;
  Chunk.EventCount = 1500;
  uint8_t ChunkBytes[trace::ChunkHeaderSize];
  trace::encodeChunkHeader(Chunk, ChunkBytes);
  trace::ChunkHeader ChunkDecoded;
  REQUIRE(trace::decodeChunkHeader(ChunkBytes, ChunkDecoded));
  CHECK(ChunkDecoded.Sequence == 3);
  CHECK(ChunkDecoded.BaseTicks == 1ull << 50);
  CHECK(ChunkDecoded.OpenFrames == 2);
  CHECK(ChunkDecoded.StackBytes == 3);
  CHECK(ChunkDecoded.EventBytes == 4000);
  CHECK(ChunkDecoded.EventCount == 1500);
  ChunkBytes[0] = 'X';
  CHECK_FALSE(trace::decodeChunkHeader(ChunkBytes, ChunkDecoded));
}

TEST_CASE("foreign and damaged file headers are rejected", "[TraceFormat]") {
  trace::FileHeader Header;
  Header.TicksPerSecond = 1e9;
  uint8_t Bytes[trace::FileHeaderSize];
  trace::encodeFileHeader(Header, Bytes);
  trace::FileHeader Decoded;
  std::string Error;

  uint8_t Text[] = "{\"traceEvents\": []}";
  CHECK_FALSE(trace::decodeFileHeader(Text, sizeof(Text), Decoded, Error));
  CHECK_THAT(Error, Catch::Contains("not a Sextant trace file"));

  CHECK_FALSE(trace::decodeFileHeader(Bytes, 40, Decoded, Error));
  CHECK_THAT(Error, Catch::Contains("truncated (40 of 68 bytes)"));

  uint8_t Newer[sizeof(Bytes)];
  std::copy(Bytes, Bytes + sizeof(Bytes), Newer);
  trace::store16(Newer + trace::FileVersionOffset, trace::FormatVersion + 1);
  CHECK_FALSE(trace::decodeFileHeader(Newer, sizeof(Newer), Decoded, Error));
  CHECK_THAT(Error, Catch::Contains("version " +
                                    std::to_string(trace::FormatVersion + 1) +
                                    " is not supported"));

  uint8_t Flipped[sizeof(Bytes)];
  std::copy(Bytes, Bytes + sizeof(Bytes), Flipped);
  Flipped[trace::FileOriginOffset] ^= 0x10;
  CHECK_FALSE(
      trace::decodeFileHeader(Flipped, sizeof(Flipped), Decoded, Error));
  CHECK_THAT(Error, Catch::StartsWith(trace::FileHeaderDamaged));

  uint8_t NoClock[sizeof(Bytes)];
  Header.TicksPerSecond = 0;
  trace::encodeFileHeader(Header, NoClock);
  CHECK_FALSE(
      trace::decodeFileHeader(NoClock, sizeof(NoClock), Decoded, Error));
  CHECK_THAT(Error, Catch::Contains("clock frequency"));
  // Positive but absurd: a tick of 1e300 seconds, whose nanoseconds are not
  // finite; a NaN; more than the largest frequency taken.
  for (double Absurd : {1e-300, std::nan(""), 1e16, 999.0, -1e9}) {
    Header.TicksPerSecond = Absurd;
    trace::encodeFileHeader(Header, NoClock);
    CHECK_FALSE(
        trace::decodeFileHeader(NoClock, sizeof(NoClock), Decoded, Error));
    CHECK_THAT(Error, Catch::StartsWith("ticks_per_second: ") &&
                          Catch::EndsWith("is out of range [1000, 1e+15]"));
  }
  CHECK_THAT(Error, Catch::Contains(", -1e+09 ticks per second,"));
  Header.TicksPerSecond = trace::MinTicksPerSecond;
  trace::encodeFileHeader(Header, NoClock);
  CHECK(trace::decodeFileHeader(NoClock, sizeof(NoClock), Decoded, Error));
}

TEST_CASE("the decoder reports damaged trace files", "[TraceFormat]") {
  ScratchDirectory Directory("trace-damaged");
  std::string Path = writeSampleTrace(Directory.path());
  std::vector<uint8_t> Good = readBytes(Path);
  DecodedTrace Intact = decodeTraceFile(Path);
  REQUIRE(Intact.Chunks.size() >= 2);
  size_t SecondChunk = chunkOffset(Intact, 1);

  SECTION("a file that ends inside its last chunk is truncated") {
    std::vector<uint8_t> Cut(Good.begin(), Good.end() - 100);
    writeBytes(Path, Cut);
    auto [Status, Message] = firstProblem(Path);
    CHECK(Status == trace::TraceFileReader::Status::Truncated);
    CHECK_THAT(Message, Catch::Contains("the last chunk, at offset"));
    CHECK_THAT(Message, Catch::Contains("is truncated"));
  }
  SECTION("a file that ends inside a chunk header is truncated") {
    std::vector<uint8_t> Cut(Good.begin(), Good.begin() + SecondChunk + 10);
    writeBytes(Path, Cut);
    CHECK(firstProblem(Path).first ==
          trace::TraceFileReader::Status::Truncated);
  }
  SECTION("a chunk boundary without the chunk magic is a damaged chunk") {
    std::vector<uint8_t> Broken = Good;
    Broken[SecondChunk] = 'Z';
    writeBytes(Path, Broken);
    auto Problem = firstProblem(Path);
    CHECK(Problem.first == trace::TraceFileReader::Status::Skipped);
    CHECK_THAT(Problem.second,
               Catch::Contains("chunk 1 at offset " +
                               std::to_string(SecondChunk) + " is damaged"));
    CHECK_THAT(Problem.second, Catch::Contains("no chunk starts here"));
  }
  SECTION("a wrong event count is damage") {
    std::vector<uint8_t> Broken = Good;
    size_t Count = trace::FileHeaderSize + trace::ChunkEventCountOffset;
    trace::store32(Broken.data() + Count,
                   trace::load32(Broken.data() + Count) + 1);
    reseal(Broken, trace::FileHeaderSize);
    writeBytes(Path, Broken);
    auto Problem = firstProblem(Path);
    CHECK(Problem.first == trace::TraceFileReader::Status::Chunk);
    CHECK_THAT(Problem.second, Catch::Contains("but its header says"));
  }
  SECTION("an exit with no open region is damage") {
    std::vector<uint8_t> Broken = Good;
    size_t FirstEvent = trace::FileHeaderSize + trace::ChunkHeaderSize +
                        Intact.Chunks[0].StackBytes;
    Broken[FirstEvent] = 0x01; // delta 0, exit
    Broken[FirstEvent + 1] = 0x01;
    reseal(Broken, trace::FileHeaderSize);
    writeBytes(Path, Broken);
    auto Problem = firstProblem(Path);
    CHECK(Problem.first == trace::TraceFileReader::Status::Chunk);
    CHECK_THAT(Problem.second,
               Catch::Contains("an exit event with no open region"));
  }
  SECTION("a chunk that does not continue the previous one is damage") {
    std::vector<uint8_t> Broken = Good;
    trace::store32(Broken.data() + SecondChunk + trace::ChunkOpenFramesOffset,
                   5);
    trace::store32(Broken.data() + SecondChunk + trace::ChunkStackBytesOffset,
                   0);
    // The list of open regions stays as bytes of the events: the chunk is
    // re-sealed without it.
    Broken.erase(Broken.begin() + SecondChunk + trace::ChunkHeaderSize,
                 Broken.begin() + SecondChunk + trace::ChunkHeaderSize +
                     Intact.Chunks[1].StackBytes);
    reseal(Broken, SecondChunk);
    writeBytes(Path, Broken);
    auto Problem = firstProblem(Path);
    CHECK_THAT(Problem.second, Catch::Contains("do not continue"));
  }
}

namespace {

/// The events of the trace file Path, read as a tool does: damaged chunks
/// skipped. Detected is set when the reader or the replayer reported any
/// problem.
std::vector<TraceEvent> readTolerantly(const std::string &Path, bool &Detected,
                                       uint64_t *SkippedEvents = nullptr) {
  Detected = false;
  trace::TraceFileReader Reader;
  std::string Message;
  if (!Reader.open(Path, Message)) {
    Detected = true;
    return {};
  }
  trace::EventReplayer Replayer;
  EventCollector Collector;
  trace::Chunk Chunk;
  for (;;) {
    trace::TraceFileReader::Status Status = Reader.next(Chunk, Message);
    if (Status == trace::TraceFileReader::Status::End)
      break;
    if (Status == trace::TraceFileReader::Status::Skipped) {
      Detected = true;
      if (SkippedEvents)
        *SkippedEvents += Reader.damage().Events;
      continue;
    }
    if (Status != trace::TraceFileReader::Status::Chunk ||
        !Replayer.replay(Chunk, Collector, Message)) {
      Detected = true;
      break;
    }
  }
  Replayer.closeAll(Collector);
  return Collector.Events;
}

} // namespace

TEST_CASE("a chunk with a wrong checksum is skipped and reported",
          "[TraceFormat]") {
  ScratchDirectory Directory("trace-checksum");
  std::string Path = writeSampleTrace(Directory.path());
  std::vector<uint8_t> Good = readBytes(Path);
  DecodedTrace Intact = decodeTraceFile(Path);
  REQUIRE(Intact.Chunks.size() >= 3);
  size_t SecondChunk = chunkOffset(Intact, 1);
  std::vector<uint8_t> Broken = Good;
  Broken[SecondChunk + trace::ChunkHeaderSize + 40] ^= 0x04; // an event
  writeBytes(Path, Broken);

  trace::TraceFileReader Reader;
  std::string Message;
  REQUIRE(Reader.open(Path, Message));
  trace::Chunk Chunk;
  CHECK(Reader.next(Chunk, Message) == trace::TraceFileReader::Status::Chunk);
  REQUIRE(Reader.next(Chunk, Message) ==
          trace::TraceFileReader::Status::Skipped);
  CHECK(Reader.damage().Index == 1);
  CHECK(Reader.damage().Offset == SecondChunk);
  CHECK(Reader.damage().EventsKnown);
  CHECK(Reader.damage().Events == Intact.Chunks[1].EventCount);
  CHECK_THAT(Message, Catch::Contains("chunk 1 at offset " +
                                      std::to_string(SecondChunk) +
                                      " is damaged (its CRC-32C checksum"));
  CHECK_THAT(Message,
             Catch::Contains(std::to_string(Intact.Chunks[1].EventCount) +
                             " events are skipped"));
  REQUIRE(Reader.next(Chunk, Message) == trace::TraceFileReader::Status::Chunk);
  CHECK(Chunk.Header.Sequence == 2);

  // The events after the damaged chunk are read, balanced.
  bool Detected;
  uint64_t Skipped = 0;
  std::vector<TraceEvent> Events = readTolerantly(Path, Detected, &Skipped);
  CHECK(Detected);
  CHECK(Skipped == Intact.Chunks[1].EventCount);
  CHECK(Events.size() >= Intact.Events.size() - Skipped);
  int64_t Depth = 0;
  for (const TraceEvent &Event : Events)
    Depth += Event.Phase == 'B' ? 1 : -1;
  CHECK(Depth == 0);
}

TEST_CASE("no single-bit flip in a trace file goes unnoticed",
          "[TraceFormat]") {
  ScratchDirectory Directory("trace-bitflips");
  std::string Path = writeSampleTrace(Directory.path());
  std::vector<uint8_t> Good = readBytes(Path);
  bool Detected;
  std::vector<TraceEvent> Intact = readTolerantly(Path, Detected);
  REQUIRE_FALSE(Detected);
  // Every bit of the headers and the first chunk's start, then every 29th
  // bit (a prime stride visits every bit position of a byte). Each flip
  // changes one byte of the file in place and puts it back.
  std::fstream File(Path, std::ios::in | std::ios::out | std::ios::binary);
  auto Store = [&](size_t Offset, uint8_t Byte) {
    File.seekp(static_cast<std::streamoff>(Offset));
    File.put(static_cast<char>(Byte));
    File.flush();
  };
  size_t Silent = 0, Flips = 0;
  for (size_t Bit = 0; Bit < Good.size() * 8; Bit += Bit < 8 * 200 ? 1 : 29) {
    Store(Bit / 8, Good[Bit / 8] ^ static_cast<uint8_t>(1u << (Bit % 8)));
    std::vector<TraceEvent> Events = readTolerantly(Path, Detected);
    Store(Bit / 8, Good[Bit / 8]);
    ++Flips;
    if (!Detected && Events != Intact)
      ++Silent;
  }
  INFO(Silent << " of " << Flips << " flips changed the events silently");
  CHECK(Silent == 0);
}

namespace {

/// One event of a hand-made file of versions 1 to 3: Delta ticks after the
/// previous event, its kind (LegacyKindBits: 0 enter, 1 exit, 2 exit of
/// several, 3 record) and its operands.
struct LegacyEvent {
  uint64_t Delta;
  unsigned Kind;
  std::vector<uint64_t> Operands;
  bool Padded = false; ///< the first varint padded to two bytes
};

/// The events of a chunk of versions 1 to 3, encoded.
std::vector<uint8_t> legacyEvents(const std::vector<LegacyEvent> &Events) {
  std::vector<uint8_t> Bytes;
  for (const LegacyEvent &Event : Events) {
    uint8_t Encoded[trace::MaxRecordBytes];
    uint8_t *End = trace::writeVarint(
        Encoded, (Event.Delta << trace::LegacyKindBits) | Event.Kind);
    if (Event.Padded) {
      REQUIRE(End == Encoded + 1);
      Encoded[0] |= 0x80;
      *End++ = 0;
    }
    for (uint64_t Operand : Event.Operands)
      End = trace::writeVarint(End, Operand);
    Bytes.insert(Bytes.end(), Encoded, End);
  }
  return Bytes;
}

/// A chunk of a file of Version: its header, the list of open regions
/// Stack and the encoded Events.
std::vector<uint8_t> legacyChunk(uint16_t Version, uint32_t Sequence,
                                 uint64_t Base,
                                 const std::vector<uint32_t> &Stack,
                                 const std::vector<LegacyEvent> &Events,
                                 uint32_t Count) {
  std::vector<uint8_t> Listed;
  for (uint32_t Region : Stack) {
    uint8_t Encoded[trace::MaxVarint32Bytes];
    Listed.insert(Listed.end(), Encoded, trace::writeVarint(Encoded, Region));
  }
  std::vector<uint8_t> Body = legacyEvents(Events);
  trace::ChunkHeader Header;
  Header.Sequence = Sequence;
  Header.BaseTicks = Base;
  Header.OpenFrames = static_cast<uint32_t>(Stack.size());
  Header.StackBytes = static_cast<uint32_t>(Listed.size());
  Header.EventBytes = static_cast<uint32_t>(Body.size());
  Header.EventCount = Count;
  std::vector<uint8_t> Bytes(trace::chunkHeaderSize(Version));
  trace::encodeChunkHeader(Header, Bytes.data());
  Bytes.insert(Bytes.end(), Listed.begin(), Listed.end());
  Bytes.insert(Bytes.end(), Body.begin(), Body.end());
  if (Version != 1)
    trace::sealChunk(Bytes.data(), Bytes.size());
  return Bytes;
}

/// Collects enters, exits and records.
struct EventAndRecordCollector : EventCollector {
  std::vector<std::pair<uint64_t, trace::TraceRecord>> Records;
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    Records.push_back({Ticks, Record});
  }
};

} // namespace

TEST_CASE("trace files of versions 1 to 3 (the events before version 4) are "
          "still read",
          "[TraceFormat]") {
  ScratchDirectory Directory("trace-legacy");
  Directory.create();
  std::string Path = Directory.file("thread-0.sxt");
  for (uint16_t Version : {1, 2, 3}) {
    INFO("version " << Version);
    trace::FileHeader Header;
    Header.Version = Version;
    Header.Pid = 42;
    Header.Tid = 43;
    Header.TicksPerSecond = 1e9;
    Header.OriginTicks = 4000;
    std::vector<uint8_t> File(trace::fileHeaderSize(Version));
    trace::encodeFileHeader(Header, File.data());
    // Every delta counts from the previous event. The first chunk enters 1
    // and 300 (a two-byte id), has a record at 8012 in version 3 and exits
    // 300 with a padded varint.
    std::vector<LegacyEvent> First = {{10, 0, {1}}, {3000, 0, {300}}};
    if (Version == 3) {
      First.push_back({2, 3, {1, 4, 0, 3, 9, 640}});
      First.push_back({3, 1, {}, true});
    } else {
      First.push_back({5, 1, {}, true});
    }
    std::vector<uint8_t> Chunk =
        legacyChunk(Version, 0, 5000, {}, First, Version == 3 ? 4 : 3);
    File.insert(File.end(), Chunk.begin(), Chunk.end());
    // The second starts with 1 open at base time 8010, before the last
    // event (a clock that went back): its enter of 2 at 8013 is shown at
    // 8015; an exit of several closes 2 and 1 at 8033.
    Chunk = legacyChunk(Version, 1, 8010, {1}, {{3, 0, {2}}, {20, 2, {2}}}, 3);
    File.insert(File.end(), Chunk.begin(), Chunk.end());
    writeBytes(Path, File);

    trace::TraceFileReader Reader;
    std::string Error;
    REQUIRE(Reader.open(Path, Error));
    CHECK(Reader.header().Version == Version);
    CHECK(Reader.header().OriginTicks == 4000);
    trace::EventReplayer Replayer;
    EventAndRecordCollector Collector;
    trace::Chunk Read;
    size_t Chunks = 0;
    while (Reader.next(Read, Error) == trace::TraceFileReader::Status::Chunk) {
      INFO(Error);
      REQUIRE(Replayer.replay(Read, Collector, Error));
      ++Chunks;
    }
    CHECK(Chunks == 2);
    CHECK(Replayer.depth() == 0);
    std::vector<TraceEvent> Expected = {{'B', 1, 5010},   {'B', 300, 8010},
                                        {'E', 300, 8015}, {'B', 2, 8015},
                                        {'E', 2, 8033},   {'E', 1, 8033}};
    CHECK(Collector.Events == Expected);
    if (Version == 3) {
      REQUIRE(Collector.Records.size() == 1);
      CHECK(Collector.Records[0].first == 8012);
      CHECK(Collector.Records[0].second.Type ==
            uint32_t(trace::RecordType::MessageSent));
      CHECK(Collector.Records[0].second.field(3) == 640);
    } else {
      CHECK(Collector.Records.empty());
    }

    if (Version == 1) {
      // In version 1 damage ends the reading (there is no checksum to find
      // the next chunk by).
      File[trace::FileHeaderSizeV1] = 'Z';
      writeBytes(Path, File);
      auto Problem = firstProblem(Path);
      CHECK(Problem.first == trace::TraceFileReader::Status::Damaged);
      CHECK_THAT(Problem.second, Catch::Contains("no chunk starts here"));
    }
  }
}

TEST_CASE("version 4 events decode from their short and long forms",
          "[TraceFormat]") {
  // A chunk at base time 2^40 - 100 (the short events' low 29 bits wrap
  // right after it): a short enter, a long enter 2^31 ticks later (the new
  // anchor), a short exit of it 5 ticks before that anchor (a clock that
  // went back: shown at the anchor's time), a short exit, an unknown kind.
  const uint64_t Base = (uint64_t(1) << 40) - 100;
  std::vector<uint8_t> Events(8);
  trace::store64(Events.data(), trace::shortEnterWord(0xfffffffeu, Base + 150));
  uint8_t Long[2 * trace::MaxVarintBytes];
  uint8_t *End =
      trace::writeVarint(Long, ((uint64_t(1) << 31) << trace::KindBits) |
                                   uint64_t(trace::EventKind::Enter));
  End = trace::writeVarint(End, 7);
  Events.insert(Events.end(), Long, End);
  uint64_t Anchor = Base + (uint64_t(1) << 31);
  for (uint64_t Ticks : {Anchor - 5, Anchor + trace::ShortEventReach}) {
    uint8_t Word[4];
    trace::store32(Word, trace::shortExitWord(Ticks));
    Events.insert(Events.end(), Word, Word + 4);
  }
  trace::Chunk Chunk;
  Chunk.Header.BaseTicks = Base;
  Chunk.Header.EventBytes = static_cast<uint32_t>(Events.size());
  Chunk.Header.EventCount = 4;
  Chunk.Events = Events;
  trace::EventReplayer Replayer;
  EventCollector Collector;
  std::string Error;
  REQUIRE(Replayer.replay(Chunk, Collector, Error));
  std::vector<TraceEvent> Expected = {
      {'B', 0xfffffffeu, Base + 150},
      {'B', 7, Anchor},
      {'E', 7, Anchor},
      {'E', 0xfffffffeu, Anchor + trace::ShortEventReach}};
  CHECK(Collector.Events == Expected);

  // Kinds 6 and 7 are not used.
  Chunk.Events.push_back(6);
  Chunk.Header.Sequence = 1;
  Chunk.Header.EventBytes += 1;
  trace::EventReplayer Fresh;
  REQUIRE_FALSE(Fresh.replay(Chunk, Collector, Error));
  CHECK_THAT(Error, Catch::Contains("an event of the unknown kind 6"));
  // A short event cut off at the end of its chunk.
  Chunk.Events.back() = 0;
  trace::EventReplayer Again;
  REQUIRE_FALSE(Again.replay(Chunk, Collector, Error));
  CHECK_THAT(Error, Catch::Contains("cut off at the end of the chunk"));
}
