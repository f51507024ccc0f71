//===- test/unit/runtime/trace/TraceTestSupport.h - Trace helpers ---------===//
//
// Part of Sextant. Helpers of the trace tests: a recorder and its ThreadTrace
// driven side by side with an independent model of the expected events, and a
// reader that decodes a trace file into a list of events.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_RUNTIME_TRACE_TRACETESTSUPPORT_H
#define SEXTANT_TEST_UNIT_RUNTIME_TRACE_TRACETESTSUPPORT_H

#include "format/schema/TraceFileReader.h"
#include "runtime/io/ThreadIdentity.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/trace/ThreadTrace.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <ostream>
#include <string>
#include <unistd.h>
#include <vector>

namespace sextant {
namespace runtime {
namespace test {

/// One decoded or expected event.
struct TraceEvent {
  char Phase; ///< 'B' enter, 'E' exit
  uint32_t Region;
  uint64_t Ticks;
  bool operator==(const TraceEvent &Other) const {
    return Phase == Other.Phase && Region == Other.Region &&
           Ticks == Other.Ticks;
  }
};

inline std::ostream &operator<<(std::ostream &Out, const TraceEvent &Event) {
  return Out << Event.Phase << Event.Region << "@" << Event.Ticks;
}

/// Collects the callbacks of an EventReplayer.
struct EventCollector {
  std::vector<TraceEvent> Events;
  void enter(uint32_t Region, uint64_t Ticks) {
    Events.push_back({'B', Region, Ticks});
  }
  void exit(uint32_t Region, uint64_t Ticks) {
    Events.push_back({'E', Region, Ticks});
  }
};

/// Decodes the trace file Path completely; REQUIREs every chunk to be
/// intact.
struct DecodedTrace {
  trace::FileHeader Header;
  std::vector<TraceEvent> Events;
  std::vector<trace::ChunkHeader> Chunks;
  std::vector<std::vector<uint32_t>> OpenStacks;
  uint64_t LostChunks = 0;
};

inline DecodedTrace decodeTraceFile(const std::string &Path) {
  DecodedTrace Result;
  trace::TraceFileReader Reader;
  std::string Error;
  INFO(Path);
  REQUIRE(Reader.open(Path, Error));
  Result.Header = Reader.header();
  trace::EventReplayer Replayer;
  EventCollector Collector;
  trace::Chunk Chunk;
  for (;;) {
    trace::TraceFileReader::Status Status = Reader.next(Chunk, Error);
    if (Status == trace::TraceFileReader::Status::End)
      break;
    INFO(Error);
    REQUIRE(Status == trace::TraceFileReader::Status::Chunk);
    Result.Chunks.push_back(Chunk.Header);
    Result.OpenStacks.push_back(Chunk.OpenStack);
    REQUIRE(Replayer.replay(Chunk, Collector, Error));
  }
  CHECK(Replayer.depth() == 0);
  Result.LostChunks = Replayer.lostChunks();
  Result.Events = std::move(Collector.Events);
  return Result;
}

/// The file offset of chunk Index of a trace decoded whole.
inline size_t chunkOffset(const DecodedTrace &Trace, size_t Index) {
  size_t Offset = trace::FileHeaderSize;
  for (size_t I = 0; I < Index; ++I)
    Offset += trace::ChunkHeaderSize + Trace.Chunks[I].StackBytes +
              Trace.Chunks[I].EventBytes;
  return Offset;
}

/// A CallPathRecorder and its ThreadTrace, driven together, with the events
/// the trace must contain computed by a model of the recorder's rules
/// (CallPathRecorder.h) that shares no code with the trace. Its file is
/// <Directory>/trace/thread-<Index>.sxt.
class TracedRecorder {
public:
  TracedRecorder(const std::string &Directory, size_t BufferSize,
                 uint32_t Index = 0) {
    Output.request(Directory, /*Claim=*/false, "test", ::getpid());
    Target.Output = &Output;
    Target.Pid = ::getpid();
    Target.TicksPerSecond = 2.5e9;
    Target.OriginTicks = 1000;
    Target.BufferSize = BufferSize;
    Trace =
        std::make_unique<ThreadTrace>(Target, Index, currentThreadId(), Hot);
  }

  void enter(uint32_t Region, uint64_t Ticks, uintptr_t FrameAddress = 0) {
    if (FrameAddress != 0 && Recorder.topMayBeAbandoned(FrameAddress)) {
      size_t Closed = Recorder.closeAbandonedFrames(FrameAddress, Ticks);
      Trace->recordExits(Closed, Ticks, Recorder);
      for (size_t I = 0; I < Closed; ++I)
        popModel(Ticks);
    }
    Recorder.enter(Region, Ticks, FrameAddress);
    traceEnter(Hot, Trace.get(), Region, Ticks, Recorder);
    Model.push_back(Region);
    Expected.push_back({'B', Region, Ticks});
    ++Recorded;
  }

  void exit(uint32_t Region, uint64_t Ticks) {
    exitAndTrace(Recorder, Hot, Trace.get(), Region, Ticks);
    auto Found = std::find(Model.rbegin(), Model.rend(), Region);
    if (Found == Model.rend())
      return; // ignored by the recorder: no event
    size_t Level = static_cast<size_t>(Model.rend() - Found) - 1;
    while (Model.size() > Level)
      popModel(Ticks);
  }

  void finish(uint64_t Ticks) {
    size_t Closed = Recorder.closeAll(Ticks);
    Trace->finish(Ticks, Closed, Recorder);
    while (!Model.empty())
      popModel(Ticks);
  }

  /// Enter events plus exit events the model expects so far.
  uint64_t recorded() const { return Recorded; }

  /// The experiment directory: the trace is its trace/thread-<index>.sxt.
  ExperimentDirectory Output;
  TraceTarget Target;
  CallPathRecorder Recorder;
  TraceCursor Hot;
  std::unique_ptr<ThreadTrace> Trace;
  std::vector<TraceEvent> Expected;
  std::vector<uint32_t> Model;

private:
  void popModel(uint64_t Ticks) {
    Expected.push_back({'E', Model.back(), Ticks});
    Model.pop_back();
    ++Recorded;
  }
  uint64_t Recorded = 0;
};

/// Writes a valid trace of region 1 around Pairs visits of region 2
/// (2 * Pairs + 2 events) in chunks of at most 4 KiB and returns its path.
inline std::string writeSampleTrace(const std::string &Directory,
                                    int Pairs = 3000) {
  TracedRecorder Run(Directory, MinTraceBufferSize);
  uint64_t Now = 2000;
  Run.enter(1, Now);
  for (int I = 0; I < Pairs; ++I) {
    Run.enter(2, Now += 20);
    Run.exit(2, Now += 20);
  }
  Run.finish(Now + 1);
  REQUIRE(Run.Trace->statistics().ChunksWritten >= 2);
  return Run.Trace->filePath();
}

} // namespace test
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_RUNTIME_TRACE_TRACETESTSUPPORT_H
