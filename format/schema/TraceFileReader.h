//===- format/schema/TraceFileReader.h - Reading a trace file ---*- C++ -*-===//
//
// Part of Sextant. TraceFileReader reads one trace file (TraceFormat.h)
// chunk by chunk, checking the header, the chunk boundaries, the checksums
// (version 2) and the open-region lists; a file that ends inside a chunk
// (the process was killed while writing) is reported as truncated. In a
// version 2 file a damaged chunk is skipped: the reader reports it (its
// index, offset, bytes and events) and goes on at the next chunk whose magic
// number and checksum are right. In a version 1 file any inconsistency ends
// the reading as damaged, always with the byte offset. The chunks it gives
// are decoded by TraceDecoder.h.
//
// Nothing here throws on bad input; std::bad_alloc may escape.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_TRACEFILEREADER_H
#define SEXTANT_FORMAT_SCHEMA_TRACEFILEREADER_H

#include "format/schema/TraceDecoder.h"
#include "format/schema/TraceFormat.h"

#include <cstdint>
#include <string>

namespace sextant {
namespace trace {

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
  ~TraceFileReader();

  /// Opens Path (a regular file) and reads its header. On failure returns
  /// false and sets Error to what is wrong (without the path);
  /// headerDamaged() tells a damaged header of a version 2 file.
  bool open(const std::string &Path, std::string &Error);
  /// As open(), on the file open as Opened, which the reader then owns
  /// (closes when destroyed).
  bool adopt(int Opened, std::string &Error);

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
  Status next(Chunk &Out, std::string &Message);

private:
  /// Reads up to Count bytes at At into Out; returns how many were read.
  size_t readAt(uint64_t At, uint8_t *Out, size_t Count);

  /// Whether the version 2 chunk at At, with header HeaderBytes and Body
  /// bytes after it (within the file), has the right checksum; reads the
  /// body in blocks, so a damaged length allocates nothing.
  bool checksumMatches(uint64_t At, const uint8_t *HeaderBytes, uint64_t Body);

  /// Reads the chunk at At into Out and its size into Extent (as its
  /// header says, 0 when even that is unreadable): Chunk, Truncated (the
  /// file ends inside it) or Damaged, with Problem saying why (without the
  /// offset, except for Truncated).
  Status readChunkAt(uint64_t At, Chunk &Out, uint64_t &Extent,
                     std::string &Problem);

  /// The offset of the first valid chunk at or after From (its magic
  /// number, layout and checksum right), or the file size when there is
  /// none.
  uint64_t findValidChunk(uint64_t From);

  Status truncated(uint64_t At, uint64_t Present, uint64_t Expected,
                   std::string &Message);

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

} // namespace trace
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_TRACEFILEREADER_H
