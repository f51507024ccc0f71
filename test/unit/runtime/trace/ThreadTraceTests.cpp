//===- test/unit/runtime/trace/ThreadTraceTests.cpp - Per-thread traces ---===//
//
// Part of Sextant. A ThreadTrace driven next to its CallPathRecorder writes
// a file that decodes to exactly the enters and exits of the recorder,
// repairs and the end included; the overflow policy: a full buffer is
// written as a chunk and recording goes on; a chunk that cannot be written
// is dropped and counted, and a later chunk lets readers resume with
// balanced events; a trace restarted in a forked child keeps the open
// frames.
//
//===----------------------------------------------------------------------===//

#include "TraceTestSupport.h"

#include "runtime/io/OutputDirectory.h"
#include "runtime/io/ThreadIdentity.h"

#include <csignal>
#include <fstream>
#include <random>
#include <sys/resource.h>
#include <sys/stat.h>

using namespace sextant::runtime;
using namespace sextant::runtime::test;
using sextant::test::ScratchDirectory;
using sextant::trace::ChunkHeader;

namespace {

uint64_t fileSize(const std::string &Path) {
  struct stat Status;
  REQUIRE(::stat(Path.c_str(), &Status) == 0);
  return static_cast<uint64_t>(Status.st_size);
}

} // namespace

TEST_CASE("a trace decodes to the enters and exits recorded", "[ThreadTrace]") {
  ScratchDirectory Directory("trace-roundtrip");
  TracedRecorder Run(Directory.path(), 1 << 20, 7);
  Run.enter(1, 2000);
  Run.enter(2, 2010);
  Run.enter(3, 2020);
  Run.exit(3, 2020); // zero duration
  Run.exit(2, 2400);
  Run.enter(2, 1u << 31); // a long pause: a delta of several bytes
  Run.exit(2, (1u << 31) + 1);
  Run.exit(1, (1u << 31) + 2);
  Run.finish((1u << 31) + 3);

  const TraceStatistics &Statistics = Run.Trace->statistics();
  CHECK(Statistics.Files == 1);
  CHECK(Statistics.ChunksWritten == 1);
  CHECK(Statistics.EventsWritten == 8);
  CHECK(Statistics.EventsDropped == 0);
  CHECK(Statistics.FirstError.empty());
  std::string Path = Directory.path() + "/trace/thread-7.sxt";
  CHECK(Run.Trace->filePath() == Path);
  CHECK(fileSize(Path) == Statistics.BytesWritten);

  DecodedTrace Decoded = decodeTraceFile(Path);
  CHECK(Decoded.Header.ThreadIndex == 7);
  CHECK(Decoded.Header.Pid == ::getpid());
  CHECK(Decoded.Header.Tid == currentThreadId());
  CHECK(Decoded.Header.TicksPerSecond == 2.5e9);
  CHECK(Decoded.Header.OriginTicks == 1000);
  CHECK(Decoded.Header.ThreadName == "main"); // the test's main thread
  CHECK(Decoded.Events == Run.Expected);
  // Events within 2^27 ticks of the anchor (the origin, then the last long
  // event) are short: 8 bytes per enter, 4 per exit. The enter after the
  // pause of about 2^31 ticks is a long one (its delta from the origin in
  // five bytes, its region id in one) and the new anchor of the two short
  // exits after it.
  REQUIRE(Decoded.Chunks.size() == 1);
  CHECK(Decoded.Chunks[0].EventBytes == 3 * 8 + 2 * 4 + (5 + 1) + 2 * 4);
}

TEST_CASE("repairs and the end give the exits the profile has",
          "[ThreadTrace]") {
  ScratchDirectory Directory("trace-repairs");
  TracedRecorder Run(Directory.path(), 1 << 16);
  Run.enter(1, 1100, 0x9000);
  Run.enter(2, 1110, 0x8000);
  Run.enter(3, 1120, 0x7000);
  Run.enter(4, 1130, 0x6000);
  // Exit of 2 while 3 and 4 are open (their exits were lost): 3 exits.
  Run.exit(2, 1140);
  CHECK(Run.Recorder.depth() == 1);
  // An exit of a region that is not open: nothing.
  Run.exit(9, 1150);
  // longjmp: frames 5 and 6 are abandoned; the enter of 7 at a frame
  // address above theirs closes them first.
  Run.enter(5, 1160, 0x8000);
  Run.enter(6, 1170, 0x7000);
  Run.enter(7, 1180, 0x8800);
  CHECK(Run.Recorder.depth() == 2);
  // The end: 7 and 1 are still open.
  Run.finish(1200);

  DecodedTrace Decoded = decodeTraceFile(Run.Trace->filePath());
  CHECK(Decoded.Events == Run.Expected);
  // Balanced, and one enter per visit of the profile.
  uint64_t Enters = 0, Exits = 0;
  for (const TraceEvent &Event : Decoded.Events)
    (Event.Phase == 'B' ? Enters : Exits) += 1;
  CHECK(Enters == Exits);
  uint64_t Visits = 0;
  for (size_t Node = 1; Node < Run.Recorder.tree().size(); ++Node)
    Visits += Run.Recorder.tree()
                  .node(static_cast<CallPathTree::NodeIndex>(Node))
                  .Visits;
  CHECK(Enters == Visits);
  CHECK(Run.Trace->statistics().EventsWritten == Enters + Exits);
}

TEST_CASE("a full buffer is written as a chunk and recording goes on",
          "[ThreadTrace][overflow]") {
  ScratchDirectory Directory("trace-overflow");
  TracedRecorder Run(Directory.path(), MinTraceBufferSize);
  uint64_t Now = 5000;
  Run.enter(1, Now);
  for (int I = 0; I < 5000; ++I) {
    Run.enter(2, Now += 37);
    Run.enter(3, Now += 3);
    Run.exit(3, Now += 150);
    Run.exit(2, Now += 9);
  }
  Run.finish(Now + 1);

  const TraceStatistics &Statistics = Run.Trace->statistics();
  CHECK(Statistics.ChunksWritten >= 5);
  CHECK(Statistics.ChunksDropped == 0);
  CHECK(Statistics.EventsWritten == Run.recorded());
  CHECK(Statistics.EventsWritten == 20002);
  CHECK(fileSize(Run.Trace->filePath()) == Statistics.BytesWritten);
  // The buffer bounds every chunk.
  DecodedTrace Decoded = decodeTraceFile(Run.Trace->filePath());
  REQUIRE(Decoded.Chunks.size() == Statistics.ChunksWritten);
  for (size_t I = 0; I < Decoded.Chunks.size(); ++I) {
    const ChunkHeader &Chunk = Decoded.Chunks[I];
    CHECK(Chunk.Sequence == I);
    CHECK(sextant::trace::ChunkHeaderSize + Chunk.StackBytes +
              Chunk.EventBytes <=
          MinTraceBufferSize);
    // Every chunk lists the regions open at its start.
    CHECK(Chunk.stackListed());
    CHECK(Decoded.OpenStacks[I].size() == Chunk.OpenFrames);
    if (I != 0)
      CHECK(Decoded.OpenStacks[I].front() == 1);
  }
  CHECK(Decoded.Events == Run.Expected);
  CHECK(Decoded.LostChunks == 0);
  // Within the budget of 8 bytes per event (short events take 6 on
  // average; chunk headers and the lists of open regions add to them in
  // this 4 KiB buffer).
  CHECK(static_cast<double>(Statistics.BytesWritten) /
            static_cast<double>(Statistics.EventsWritten) <
        8.0);
}

TEST_CASE("random event sequences round-trip through small buffers",
          "[ThreadTrace][overflow]") {
  ScratchDirectory Directory("trace-random");
  for (unsigned Seed = 1; Seed <= 4; ++Seed) {
    INFO("seed " << Seed);
    TracedRecorder Run(Directory.path(), MinTraceBufferSize + 977 * Seed, Seed);
    std::mt19937_64 Random(Seed);
    uint64_t Now = 1000;
    std::vector<uint32_t> Open;
    for (int I = 0; I < 20000; ++I) {
      unsigned Choice = Random() % 100;
      uint64_t Step =
          Random() % 4 == 0 ? Random() % (1ull << 40) : Random() % 300;
      Now += Step;
      if (Choice < 48 || Open.empty()) {
        uint32_t Region = 1 + static_cast<uint32_t>(Random() % 300);
        Run.enter(Region, Now);
        Open.push_back(Region);
      } else if (Choice < 94) {
        Run.exit(Open.back(), Now);
        Open.pop_back();
      } else if (Choice < 97) {
        // A repair: the exit of a region deeper in the stack.
        size_t Level = Random() % Open.size();
        Run.exit(Open[Level], Now);
        Open.resize(Run.Recorder.depth());
      } else {
        Run.exit(100000, Now); // never entered: ignored
      }
    }
    Run.finish(Now + 1);
    DecodedTrace Decoded = decodeTraceFile(Run.Trace->filePath());
    CHECK(Decoded.Chunks.size() > 5);
    CHECK(Decoded.Events == Run.Expected);
    CHECK(Run.Trace->statistics().EventsWritten == Run.recorded());
  }
}

TEST_CASE("a trace that cannot be written is dropped and counted",
          "[ThreadTrace][overflow]") {
  ScratchDirectory Directory("trace-unwritable");
  std::string Error;
  REQUIRE(createDirectories(Directory.path(), Error));
  std::string Blocker = Directory.path() + "/blocker";
  std::ofstream(Blocker) << "a regular file, not a directory\n";
  // The trace directory would have to be created below a regular file.
  TracedRecorder Run(Blocker, MinTraceBufferSize);
  uint64_t Now = 2000;
  for (int I = 0; I < 3000; ++I) {
    Run.enter(1, Now += 10);
    Run.exit(1, Now += 10);
  }
  Run.finish(Now);
  const TraceStatistics &Statistics = Run.Trace->statistics();
  CHECK(Statistics.Files == 0);
  CHECK(Statistics.ChunksWritten == 0);
  CHECK(Statistics.EventsWritten == 0);
  CHECK(Statistics.BytesWritten == 0);
  CHECK(Statistics.ChunksDropped >= 2);
  CHECK(Statistics.EventsDropped == 6000);
  CHECK_THAT(Statistics.FirstError,
             Catch::Contains("cannot create the trace directory '" + Blocker +
                             "/trace'"));
  CHECK(Run.Target.ErrorPrinted.load());
}

TEST_CASE("recording resumes after dropped chunks with balanced events",
          "[ThreadTrace][overflow]") {
  ScratchDirectory Directory("trace-resume");
  TracedRecorder Run(Directory.path(), MinTraceBufferSize);
  uint64_t Now = 3000;
  auto Work = [&](int Rounds) {
    for (int I = 0; I < Rounds; ++I) {
      Run.enter(20, Now += 11);
      Run.enter(21, Now += 5);
      Run.exit(21, Now += 40);
      Run.exit(20, Now += 2);
    }
  };
  Run.enter(1, Now);
  Run.enter(2, Now += 1);
  Work(2000);
  // The file may not grow any more: writes fail with EFBIG (SIGXFSZ is
  // ignored) until the limit is lifted.
  uint64_t Written = Run.Trace->statistics().BytesWritten;
  REQUIRE(Written > 0);
  struct sigaction Ignore = {}, Saved;
  Ignore.sa_handler = SIG_IGN;
  REQUIRE(::sigaction(SIGXFSZ, &Ignore, &Saved) == 0);
  struct rlimit Limit, Original;
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &Original) == 0);
  Limit = Original;
  Limit.rlim_cur = Written;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &Limit) == 0);
  Run.exit(2, Now += 3);
  Run.enter(3, Now += 3);
  Work(2000);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &Original) == 0);
  REQUIRE(::sigaction(SIGXFSZ, &Saved, nullptr) == 0);
  uint64_t Before = Run.Expected.size();
  Work(2000);
  Run.finish(Now + 1);
  uint64_t After = Run.Expected.size() - Before;

  const TraceStatistics &Statistics = Run.Trace->statistics();
  CHECK(Statistics.ChunksDropped >= 2);
  CHECK(Statistics.EventsWritten + Statistics.EventsDropped == Run.recorded());
  CHECK_THAT(Statistics.FirstError, Catch::Contains("File too large"));
  CHECK(fileSize(Run.Trace->filePath()) == Statistics.BytesWritten);

  DecodedTrace Decoded = decodeTraceFile(Run.Trace->filePath());
  CHECK(Decoded.LostChunks == Statistics.ChunksDropped);
  // Balanced per nesting, in time order.
  std::vector<uint32_t> Stack;
  uint64_t Last = 0;
  for (const TraceEvent &Event : Decoded.Events) {
    CHECK(Event.Ticks >= Last);
    Last = Event.Ticks;
    if (Event.Phase == 'B') {
      Stack.push_back(Event.Region);
    } else {
      REQUIRE(!Stack.empty());
      CHECK(Stack.back() == Event.Region);
      Stack.pop_back();
    }
  }
  CHECK(Stack.empty());
  // Everything recorded after the limit was lifted is there, exactly.
  REQUIRE(Decoded.Events.size() >= After);
  std::vector<TraceEvent> Tail(Decoded.Events.end() - After,
                               Decoded.Events.end());
  std::vector<TraceEvent> ExpectedTail(Run.Expected.begin() + Before,
                                       Run.Expected.begin() + Before + After);
  CHECK(Tail == ExpectedTail);
  // Region 2 was left and 3 entered while chunks were lost: after the gap
  // the reader closes 2 and opens 3 (from the list of open regions).
  bool Closed2 = false, Opened3 = false;
  for (const TraceEvent &Event : Decoded.Events) {
    Closed2 |= Event.Phase == 'E' && Event.Region == 2;
    Opened3 |= Event.Phase == 'B' && Event.Region == 3 && Closed2;
  }
  CHECK(Closed2);
  CHECK(Opened3);
}

TEST_CASE("a trace restarted after fork keeps only the open frames",
          "[ThreadTrace]") {
  ScratchDirectory Directory("trace-fork");
  TracedRecorder Run(Directory.path() + "/parent", 1 << 16);
  Run.enter(1, 2000);
  Run.enter(2, 2100);
  Run.enter(3, 2200);
  Run.exit(3, 2300);
  // What a child process does after fork(): a new directory and origin.
  Run.Output.request(Directory.path() + "/child", false, "test", ::getpid());
  Run.Target.OriginTicks = 5000;
  Run.Recorder.restart(5000);
  Run.Trace->restartAfterFork(0, currentThreadId(), Run.Recorder);
  Run.enter(4, 5100);
  Run.exit(4, 5200);
  Run.exit(2, 5300);
  Run.exit(1, 5400);
  Run.Trace->finish(5400, Run.Recorder.closeAll(5400), Run.Recorder);

  // The child's profile starts at the fork with one visit per open frame.
  const CallPathTree &Tree = Run.Recorder.tree();
  CallPathTree::NodeIndex Main = Tree.findChild(CallPathTree::RootNode, 1);
  REQUIRE(Main != CallPathTree::NoNode);
  CHECK(Tree.node(Main).Visits == 1);
  CHECK(Tree.node(Main).InclusiveTicks == 400);
  CHECK(Tree.findChild(Tree.findChild(Main, 2), 3) == CallPathTree::NoNode);

  DecodedTrace Decoded =
      decodeTraceFile(Directory.path() + "/child/trace/thread-0.sxt");
  std::vector<TraceEvent> Expected = {{'B', 1, 5000}, {'B', 2, 5000},
                                      {'B', 4, 5100}, {'E', 4, 5200},
                                      {'E', 2, 5300}, {'E', 1, 5400}};
  CHECK(Decoded.Events == Expected);
  CHECK(Decoded.Header.OriginTicks == 5000);
  REQUIRE(!Decoded.OpenStacks.empty());
  CHECK(Decoded.OpenStacks[0] == std::vector<uint32_t>{1, 2});
  // The parent's buffered events were not written by the child.
  struct stat Status;
  CHECK(::stat((Directory.path() + "/parent").c_str(), &Status) != 0);
}
