//===- runtime/trace/ThreadTrace.cpp - Trace buffer of one thread ---------===//
//
// Part of Sextant. The slow paths of ThreadTrace: repairs, chunk writing
// with pwrite(2), file creation and the handling of write errors. The file
// is opened for each chunk and closed right after it (see ThreadTrace.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/trace/ThreadTrace.h"
#include "format/schema/ExperimentSchema.h"

#include "runtime/io/Diagnostics.h"
#include "runtime/io/ThreadIdentity.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// The list of open regions at the start of a chunk may take at most this
/// share of the buffer; a longer list is left out (see TraceFormat.h).
constexpr size_t StackListShare = 4;

/// Writes Size bytes at Offset; returns 0 or the errno of the failure.
int writeAt(int Descriptor, const uint8_t *Data, size_t Size, uint64_t Offset) {
  while (Size > 0) {
    ssize_t Written =
        ::pwrite(Descriptor, Data, Size, static_cast<off_t>(Offset));
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0)
      return Written < 0 ? errno : EIO;
    Data += Written;
    Size -= static_cast<size_t>(Written);
    Offset += static_cast<uint64_t>(Written);
  }
  return 0;
}

std::string traceFileName(uint32_t Index) {
  return format::files::threadFileName(Index, format::files::TraceFileSuffix);
}

} // namespace

ThreadTrace::ThreadTrace(const TraceTarget &Target, uint32_t Index,
                         uint64_t Tid, TraceCursor &Hot)
    : Hot(Hot), Target(Target),
      Capacity(Target.BufferSize < MinTraceBufferSize ? MinTraceBufferSize
                                                      : Target.BufferSize),
      Index(Index), Tid(Tid) {
  Buffer.reset(new uint8_t[Capacity]);
  // A short event may start at Limit and store FastEventStoreBytes; the
  // slow path that follows still has room for one event group.
  Hot.Limit = Buffer.get() + Capacity - trace::MaxEventGroupBytes -
              TraceCursor::FastEventStoreBytes;
  setAnchor(Target.OriginTicks);
  beginChunk(nullptr, 0);
}

ThreadTrace::~ThreadTrace() { Hot = TraceCursor(); }

std::string ThreadTrace::filePath() const {
  return Target.Output->pathOf(ExperimentDirectory::Place::Trace,
                               traceFileName(Index));
}

std::string ThreadTrace::fileName() const { return traceFileName(Index); }

uint64_t ThreadTrace::advanceAnchor(Ticks Now) noexcept {
  uint64_t Delta = Now > Anchor ? Now - Anchor : 0;
  if (Delta > trace::MaxDelta)
    Delta = trace::MaxDelta;
  setAnchor(Anchor + Delta);
  return Delta;
}

void ThreadTrace::put(trace::EventKind Kind, Ticks Now,
                      uint64_t Operand) noexcept {
  uint64_t Delta = advanceAnchor(Now);
  uint8_t *Start = Hot.Next;
  uint8_t *Out = trace::writeVarint(Start, (Delta << trace::KindBits) |
                                               static_cast<uint64_t>(Kind));
  if (Kind != trace::EventKind::Exit)
    Out = trace::writeVarint(Out, Operand);
  Hot.Next = Out;
  SlowBytes += static_cast<size_t>(Out - Start);
  switch (Kind) {
  case trace::EventKind::Enter:
    ++SlowEvents;
    ++SlowDepthChange;
    break;
  case trace::EventKind::Exit:
    ++SlowEvents;
    --SlowDepthChange;
    break;
  case trace::EventKind::ExitMany:
    SlowEvents += static_cast<uint32_t>(Operand);
    SlowDepthChange -= static_cast<int64_t>(Operand);
    break;
  case trace::EventKind::ShortEnter: // written by TraceCursor
  case trace::EventKind::ShortExit:
  case trace::EventKind::Record: // written by recordRecord()
    break;
  }
}

uint32_t ThreadTrace::chunkEvents(size_t Depth) const noexcept {
  // Short enters E take ShortEnterBytes (8) each and short exits X
  // ShortExitBytes (4): Bytes = 8E + 4X and DepthChange = E - X, so
  // E + X = (Bytes - 2 DepthChange) / 6.
  static_assert(trace::ShortEnterBytes == 8 && trace::ShortExitBytes == 4,
                "the formula below assumes 8-byte enters and 4-byte exits");
  int64_t FastBytes = static_cast<int64_t>(Hot.Next - EventsBegin) -
                      static_cast<int64_t>(SlowBytes);
  int64_t FastDepthChange = static_cast<int64_t>(Depth) -
                            static_cast<int64_t>(ChunkOpenFrames) -
                            SlowDepthChange;
  return SlowEvents +
         static_cast<uint32_t>((FastBytes - 2 * FastDepthChange) / 6);
}

void ThreadTrace::recordEnter(uint32_t Region, Ticks Now,
                              const CallPathRecorder &Recorder) noexcept {
  put(trace::EventKind::Enter, Now, Region);
  flushIfFull(Recorder);
}

void ThreadTrace::recordExit(Ticks Now,
                             const CallPathRecorder &Recorder) noexcept {
  put(trace::EventKind::Exit, Now, 1);
  flushIfFull(Recorder);
}

void ThreadTrace::recordExits(size_t Frames, Ticks Now,
                              const CallPathRecorder &Recorder) noexcept {
  if (Frames == 0)
    return;
  put(Frames == 1 ? trace::EventKind::Exit : trace::EventKind::ExitMany, Now,
      Frames);
  flushIfFull(Recorder);
}

void ThreadTrace::recordEnters(size_t FromLevel, Ticks Now,
                               const CallPathRecorder &Recorder) noexcept {
  for (size_t Level = FromLevel; Level < Recorder.depth(); ++Level) {
    put(trace::EventKind::Enter, Now, Recorder.regionAt(Level));
    if (Hot.Next > Hot.Limit) {
      // The next chunk starts with the frames entered so far open.
      writeChunk(Level + 1);
      beginChunk(&Recorder, Level + 1);
    }
  }
}

void ThreadTrace::recordRecord(trace::RecordType Type, const uint64_t *Fields,
                               uint32_t Count, Ticks Now,
                               const CallPathRecorder &Recorder) noexcept {
  if (Count > trace::MaxRecordFields)
    return;
  if (Buffer.get() + Capacity - Hot.Next <
      static_cast<ptrdiff_t>(trace::MaxRecordBytes))
    flush(Recorder);
  uint64_t Delta = advanceAnchor(Now);
  uint8_t *Start = Hot.Next;
  Hot.Next = trace::writeRecord(Start, Delta, Type, Fields, Count);
  SlowBytes += static_cast<size_t>(Hot.Next - Start);
  ++SlowEvents;
  flushIfFull(Recorder);
}

void ThreadTrace::flush(const CallPathRecorder &Recorder) noexcept {
  writeChunk(Recorder.depth());
  beginChunk(&Recorder, Recorder.depth());
}

void ThreadTrace::beginChunk(const CallPathRecorder *Recorder,
                             size_t OpenFrames) noexcept {
  uint32_t Depth = Recorder ? static_cast<uint32_t>(OpenFrames) : uint32_t(0);
  ChunkBaseTicks = Anchor;
  ChunkOpenFrames = Depth;
  uint8_t *Stack = Buffer.get() + trace::ChunkHeaderSize;
  uint8_t *StackEnd = Stack + Capacity / StackListShare;
  uint8_t *Out = Stack;
  for (uint32_t Level = 0; Level < Depth; ++Level) {
    if (StackEnd - Out < static_cast<ptrdiff_t>(trace::MaxVarint32Bytes)) {
      Out = Stack; // too deep to list: left out
      break;
    }
    Out = trace::writeVarint(Out, Recorder->regionAt(Level));
  }
  ChunkStackBytes = static_cast<uint32_t>(Out - Stack);
  EventsBegin = Hot.Next = Out;
  SlowEvents = 0;
  SlowBytes = 0;
  SlowDepthChange = 0;
}

void ThreadTrace::encodeHeader(uint8_t *Out) const {
  trace::FileHeader Header;
  Header.ThreadIndex = Index;
  Header.Pid = Target.Pid;
  Header.Tid = Tid;
  Header.TicksPerSecond = Target.TicksPerSecond;
  Header.OriginTicks = Target.OriginTicks;
  Header.ThreadName = ThreadName;
  trace::encodeFileHeader(Header, Out);
}

int ThreadTrace::openForWrite(std::string &Error) {
  ExperimentDirectory &Output = *Target.Output;
  constexpr auto Trace = ExperimentDirectory::Place::Trace;
  if (FileCreated) {
    // The file this process created, through the trace directory's one
    // descriptor: never created again, never through a link.
    int Opened = Output.openFile(Trace, fileName(), O_WRONLY);
    if (Opened < 0)
      Error = "cannot write '" + filePath() + "': " + std::strerror(errno);
    return Opened;
  }
  bool Refused = false;
  int Opened = Output.createFile(Trace, fileName(), Error, &Refused);
  if (Opened < 0) {
    // A refused directory is reported once for the whole run.
    if (Refused && !Target.ErrorPrinted.exchange(true) &&
        Output.takeRefusalReport())
      printMessage(MessageKind::Error, Error + "; nothing is written");
    return -1;
  }
  // Before the trace can fill the disk (see SpaceReserve.h).
  Target.Reserve.ensure(Output);
  uint8_t Bytes[trace::FileHeaderSize];
  encodeHeader(Bytes);
  if (int Errno = writeAt(Opened, Bytes, sizeof(Bytes), 0)) {
    Error = "cannot write '" + filePath() + "': " + std::strerror(Errno);
    ::close(Opened);
    // No file rather than one without a header, which readers reject; the
    // next chunk creates it again.
    Output.removeFile(Trace, fileName());
    return -1;
  }
  FileCreated = true;
  FileSize = trace::FileHeaderSize;
  ++Statistics.Files;
  Statistics.BytesWritten += trace::FileHeaderSize;
  return Opened;
}

void ThreadTrace::writeChunk(size_t Depth) noexcept {
  uint32_t ChunkEvents = chunkEvents(Depth);
  if (ChunkEvents == 0) {
    Hot.Next = EventsBegin;
    return;
  }
  trace::ChunkHeader Header;
  Header.Sequence = Sequence++;
  Header.BaseTicks = ChunkBaseTicks;
  Header.OpenFrames = ChunkOpenFrames;
  Header.StackBytes = ChunkStackBytes;
  Header.EventBytes = static_cast<uint32_t>(Hot.Next - EventsBegin);
  Header.EventCount = ChunkEvents;
  trace::encodeChunkHeader(Header, Buffer.get());
  size_t Bytes = static_cast<size_t>(Hot.Next - Buffer.get());
  trace::sealChunk(Buffer.get(), Bytes);
  try {
    std::string Error;
    int Descriptor = openForWrite(Error);
    if (Descriptor >= 0) {
      int Errno = writeAt(Descriptor, Buffer.get(), Bytes, FileSize);
      if (Errno == 0) {
        ::close(Descriptor);
        FileSize += Bytes;
        ++Statistics.ChunksWritten;
        Statistics.EventsWritten += ChunkEvents;
        Statistics.BytesWritten += Bytes;
        return;
      }
      // Cut off what part of the chunk reached the file, so that the file
      // stays a sequence of complete chunks.
      if (::ftruncate(Descriptor, static_cast<off_t>(FileSize)) != 0) {
        // Not a regular file (e.g. /dev/full): nothing to cut.
      }
      ::close(Descriptor);
      Error = "cannot write '" + filePath() + "': " + std::strerror(Errno);
    }
    recordError(Error);
  } catch (...) {
    // Out of memory for the message: the chunk is still counted below.
  }
  ++Statistics.ChunksDropped;
  Statistics.EventsDropped += ChunkEvents;
}

void ThreadTrace::recordError(const std::string &Message) {
  if (Statistics.FirstError.empty())
    Statistics.FirstError = Message;
  if (!Target.ErrorPrinted.exchange(true))
    printMessage(MessageKind::Error,
                 Message + "; trace events are dropped and counted in "
                           "experiment.json");
}

void ThreadTrace::finish(Ticks Now, size_t FramesClosed,
                         const CallPathRecorder &Recorder) {
  recordExits(FramesClosed, Now, Recorder);
  try {
    ThreadName = NameOverride.empty() ? threadDisplayName(Target.Pid, Tid)
                                      : NameOverride;
  } catch (...) {
    ThreadName.clear();
  }
  writeChunk(Recorder.depth());
  beginChunk(&Recorder, Recorder.depth());
  if (!FileCreated)
    return;
  // The name is known only now: the header is written again with it (and
  // its checksum); a failure leaves the name empty in the file.
  int Descriptor = Target.Output->openFile(ExperimentDirectory::Place::Trace,
                                           fileName(), O_WRONLY);
  if (Descriptor < 0)
    return;
  uint8_t Bytes[trace::FileHeaderSize];
  encodeHeader(Bytes);
  (void)writeAt(Descriptor, Bytes, sizeof(Bytes), 0);
  ::close(Descriptor);
}

void ThreadTrace::restartAfterFork(uint32_t NewIndex, uint64_t NewTid,
                                   const CallPathRecorder &Recorder) {
  FileCreated = false;
  FileSize = 0;
  Statistics = TraceStatistics();
  Sequence = 0;
  Index = NewIndex;
  Tid = NewTid;
  ThreadName.clear();
  setAnchor(Target.OriginTicks);
  beginChunk(&Recorder, Recorder.depth());
}

} // namespace runtime
} // namespace sextant
