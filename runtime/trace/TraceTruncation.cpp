//===- runtime/trace/TraceTruncation.cpp - Making room on a full disk -----===//
//
// Part of Sextant. See TraceTruncation.h. The chunk boundaries are found
// with the tools' reader (format/schema/TraceFileReader.h), which checks each
// chunk.
//
//===----------------------------------------------------------------------===//

#include "runtime/trace/TraceTruncation.h"

#include "format/schema/TraceFileReader.h"

#include <unistd.h>
#include <vector>

namespace sextant {
namespace runtime {

void cutTraceTail(int Descriptor, uint64_t Bytes, TraceCut &Cut) noexcept {
  if (Descriptor < 0)
    return;
  trace::TraceFileReader Reader;
  try {
    std::string Message;
    if (!Reader.adopt(Descriptor, Message))
      return;
    struct Boundary {
      uint64_t Offset;
      uint32_t Events;
    };
    std::vector<Boundary> Chunks;
    // The end of the complete chunks that follow each other from the
    // header on; anything after them goes first.
    uint16_t Version = Reader.header().Version;
    uint64_t End = trace::fileHeaderSize(Version);
    trace::Chunk Chunk;
    while (Reader.next(Chunk, Message) ==
               trace::TraceFileReader::Status::Chunk &&
           Chunk.Offset == End) {
      Chunks.push_back({Chunk.Offset, Chunk.Header.EventCount});
      End += trace::chunkHeaderSize(Version) + Chunk.Header.StackBytes +
             Chunk.Header.EventBytes;
    }
    uint64_t Size = Reader.fileSize();
    size_t Keep = Chunks.size();
    uint64_t CutAt = End;
    while (Keep > 0 && Size - CutAt < Bytes)
      CutAt = Chunks[--Keep].Offset;
    if (CutAt >= Size)
      return;
    if (::ftruncate(Reader.descriptor(), static_cast<off_t>(CutAt)) != 0)
      return;
    for (size_t I = Keep; I < Chunks.size(); ++I) {
      ++Cut.Chunks;
      Cut.Events += Chunks[I].Events;
    }
    Cut.Bytes += Size - CutAt;
  } catch (...) {
    // Out of memory for the list of chunks: nothing is cut.
  }
}

} // namespace runtime
} // namespace sextant
