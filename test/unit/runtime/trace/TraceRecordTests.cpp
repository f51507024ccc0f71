//===- test/unit/runtime/trace/TraceRecordTests.cpp - Records in traces ---===//
//
// Part of Sextant. Records (trace format version 3, event kind 3: the MPI
// adapter's messages) between enters and exits: decoded with their type,
// fields and time, counted as events of their chunk, kept across chunk
// boundaries of a small buffer, and ignored by handlers without record().
//
//===----------------------------------------------------------------------===//

#include "TraceTestSupport.h"

using namespace sextant::runtime;
using namespace sextant::runtime::test;
using sextant::test::ScratchDirectory;
namespace trace = sextant::trace;

namespace {

/// Collects enters, exits and records in one sequence.
struct RecordCollector : EventCollector {
  std::vector<std::pair<uint64_t, trace::TraceRecord>> Records;
  std::vector<size_t> RecordPositions; ///< Events.size() at each record
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    Records.push_back({Ticks, Record});
    RecordPositions.push_back(Events.size());
  }
};

RecordCollector replayAll(const std::string &Path, uint64_t &Chunks,
                          uint64_t &EventCount) {
  trace::TraceFileReader Reader;
  std::string Error;
  REQUIRE(Reader.open(Path, Error));
  CHECK(Reader.header().Version == trace::FormatVersion);
  trace::EventReplayer Replayer;
  RecordCollector Collector;
  trace::Chunk Chunk;
  Chunks = EventCount = 0;
  while (Reader.next(Chunk, Error) == trace::TraceFileReader::Status::Chunk) {
    INFO(Error);
    REQUIRE(Replayer.replay(Chunk, Collector, Error));
    ++Chunks;
    EventCount += Chunk.Header.EventCount;
  }
  return Collector;
}

} // namespace

TEST_CASE("records decode with their type, fields and time", "[TraceRecord]") {
  ScratchDirectory Directory("trace-records");
  TracedRecorder Run(Directory.path(), 1 << 20);
  uint64_t Send[trace::MessageRecordFields] = {0, 2, 7, 800};
  uint64_t Receive[trace::MessageRecordFields] = {0x1234567890abcdefull, 1, 7,
                                                  40};
  Run.enter(1, 2000);
  Run.enter(2, 2010);
  Run.Trace->recordRecord(trace::RecordType::MessageSent, Send, 4, 2015,
                          Run.Recorder);
  Run.exit(2, 2020);
  Run.enter(3, 2030);
  // A time before the last event is clamped to it.
  Run.Trace->recordRecord(trace::RecordType::MessageReceived, Receive, 4, 2025,
                          Run.Recorder);
  Run.exit(3, 9000);
  Run.exit(1, 9001);
  Run.finish(9002);

  uint64_t Chunks = 0, EventCount = 0;
  RecordCollector Collected =
      replayAll(Run.Trace->filePath(), Chunks, EventCount);
  CHECK(Collected.Events == Run.Expected);
  REQUIRE(Collected.Records.size() == 2);
  CHECK(Collected.Records[0].first == 2015);
  CHECK(Collected.Records[0].second.Type ==
        uint32_t(trace::RecordType::MessageSent));
  CHECK(Collected.Records[0].second.Count == 4);
  CHECK(Collected.Records[0].second.field(1) == 2);
  CHECK(Collected.Records[0].second.field(3) == 800);
  CHECK(Collected.Records[0].second.field(4) == 0); // beyond its fields
  CHECK(Collected.Records[1].first == 2030);
  CHECK(Collected.Records[1].second.field(0) == 0x1234567890abcdefull);
  // Between the enter of 2 and its exit, and inside region 3.
  CHECK(Collected.RecordPositions == std::vector<size_t>{2, 4});
  // Records count as events of their chunk and of the statistics.
  CHECK(EventCount == Run.recorded() + 2);
  CHECK(Run.Trace->statistics().EventsWritten == Run.recorded() + 2);

  // Handlers without record() skip records.
  DecodedTrace Plain = decodeTraceFile(Run.Trace->filePath());
  CHECK(Plain.Events == Run.Expected);
}

TEST_CASE("records survive chunk boundaries of a small buffer",
          "[TraceRecord]") {
  ScratchDirectory Directory("trace-records-small");
  TracedRecorder Run(Directory.path(), MinTraceBufferSize);
  uint64_t Now = 2000;
  Run.enter(1, Now);
  for (uint64_t I = 0; I < 2000; ++I) {
    Run.enter(2, Now += 3);
    uint64_t Fields[trace::MessageRecordFields] = {~0ull, I, ~0ull, I * 8};
    Run.Trace->recordRecord(trace::RecordType::MessageSent, Fields, 4,
                            Now += 1, Run.Recorder);
    Run.exit(2, Now += 3);
  }
  Run.finish(Now + 1);
  uint64_t Chunks = 0, EventCount = 0;
  RecordCollector Collected =
      replayAll(Run.Trace->filePath(), Chunks, EventCount);
  CHECK(Chunks > 10);
  CHECK(Collected.Events == Run.Expected);
  REQUIRE(Collected.Records.size() == 2000);
  for (uint64_t I = 0; I < 2000; ++I) {
    CHECK(Collected.Records[I].second.field(1) == I);
    CHECK(Collected.RecordPositions[I] == 2 + 2 * I); // inside region 2
  }
  CHECK(EventCount == Run.recorded() + 2000);
}

TEST_CASE("a record with too many fields is not written", "[TraceRecord]") {
  ScratchDirectory Directory("trace-records-many");
  TracedRecorder Run(Directory.path(), 1 << 20);
  uint64_t Fields[trace::MaxRecordFields + 1] = {};
  Run.enter(1, 2000);
  Run.Trace->recordRecord(trace::RecordType::MessageSent, Fields,
                          trace::MaxRecordFields + 1, 2001, Run.Recorder);
  Run.exit(1, 2002);
  Run.finish(2003);
  uint64_t Chunks = 0, EventCount = 0;
  CHECK(replayAll(Run.Trace->filePath(), Chunks, EventCount).Records.empty());
}
