//===- format/schema/TraceFileReader.cpp - Reading a trace file -----------===//
//
// Part of Sextant. See TraceFileReader.h.
//
//===----------------------------------------------------------------------===//

#include "format/schema/TraceFileReader.h"
#include "common/FileContents.h"
#include "format/schema/Crc32c.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sextant {
namespace trace {

TraceFileReader::~TraceFileReader() {
  if (Descriptor >= 0)
    ::close(Descriptor);
}

bool TraceFileReader::open(const std::string &Path, std::string &Error) {
  // Without blocking on a FIFO; adopt() checks the type again.
  uint64_t OpenedSize = 0;
  int Failure = 0;
  int Opened =
      openRegularFile(Path, StreamedFileLimit, OpenedSize, Error, &Failure);
  if (Opened < 0) {
    if (Failure != 0)
      Error = "cannot open: " + Error;
    return false;
  }
  return adopt(Opened, Error);
}

bool TraceFileReader::adopt(int Opened, std::string &Error) {
  Descriptor = Opened;
  struct stat Status;
  if (::fstat(Descriptor, &Status) != 0) {
    Error = std::strerror(errno);
    return false;
  }
  if (!S_ISREG(Status.st_mode)) {
    Error = std::string("not a regular file (") + fileKindName(Status.st_mode) +
            ")";
    return false;
  }
  Size = static_cast<uint64_t>(Status.st_size);
  uint8_t Bytes[FileHeaderSize];
  size_t Read = readAt(0, Bytes, sizeof(Bytes));
  if (!decodeFileHeader(Bytes, Read, Header, Error)) {
    HeaderDamaged =
        Error.compare(0, sizeof(FileHeaderDamaged) - 1, FileHeaderDamaged) == 0;
    return false;
  }
  Checksums = Header.Version != 1;
  ChunkHeaderBytes = chunkHeaderSize(Header.Version);
  Offset = fileHeaderSize(Header.Version);
  return true;
}

TraceFileReader::Status TraceFileReader::next(Chunk &Out,
                                              std::string &Message) {
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
            std::to_string(Damage.Offset) + " is damaged (" + Problem + "); " +
            std::to_string(Damage.Bytes) + " bytes with " +
            (Damage.EventsKnown ? std::to_string(Damage.Events)
                                : std::string("an unknown number of")) +
            " events are skipped";
  Offset = Next;
  return Status::Skipped;
}

size_t TraceFileReader::readAt(uint64_t At, uint8_t *Out, size_t Count) {
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

bool TraceFileReader::checksumMatches(uint64_t At, const uint8_t *HeaderBytes,
                                      uint64_t Body) {
  uint32_t Crc = format::crc32c(HeaderBytes, ChunkChecksumOffset);
  uint8_t Block[65536];
  for (uint64_t Done = 0; Done < Body;) {
    size_t Want = Body - Done < sizeof(Block) ? static_cast<size_t>(Body - Done)
                                              : sizeof(Block);
    if (readAt(At + ChunkHeaderBytes + Done, Block, Want) != Want)
      return false;
    Crc = format::crc32c(Block, Want, Crc);
    Done += Want;
  }
  return Crc == load32(HeaderBytes + ChunkChecksumOffset);
}

TraceFileReader::Status TraceFileReader::readChunkAt(uint64_t At, Chunk &Out,
                                                     uint64_t &Extent,
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

uint64_t TraceFileReader::findValidChunk(uint64_t From) {
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

TraceFileReader::Status TraceFileReader::truncated(uint64_t At,
                                                   uint64_t Present,
                                                   uint64_t Expected,
                                                   std::string &Message) {
  Message = "the last chunk, at offset " + std::to_string(At) +
            ", is truncated (" + std::to_string(Present) + " of " +
            std::to_string(Expected) + " bytes are present)";
  return Status::Truncated;
}

} // namespace trace
} // namespace sextant
