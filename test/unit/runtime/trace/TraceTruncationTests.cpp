//===- test/unit/runtime/trace/TraceTruncationTests.cpp -------------------===//
//
// Room on a full disk.
//
// Part of Sextant. Cutting the last chunks of a trace file: whole chunks
// only, counted, the rest still a valid trace; and the reserve file.
//
//===----------------------------------------------------------------------===//

#include "TraceTestSupport.h"

#include "runtime/trace/SpaceReserve.h"
#include "runtime/trace/TraceTruncation.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace sextant::runtime;
using namespace sextant::runtime::test;
using sextant::test::ScratchDirectory;

namespace {

uint64_t fileSize(const std::string &Path) {
  struct stat Status;
  REQUIRE(::stat(Path.c_str(), &Status) == 0);
  return static_cast<uint64_t>(Status.st_size);
}

/// The chunks of the trace file Path; REQUIREs each to be intact.
size_t countChunks(const std::string &Path) {
  sextant::trace::TraceFileReader Reader;
  std::string Message;
  REQUIRE(Reader.open(Path, Message));
  sextant::trace::Chunk Chunk;
  size_t Chunks = 0;
  sextant::trace::TraceFileReader::Status Status;
  while ((Status = Reader.next(Chunk, Message)) ==
         sextant::trace::TraceFileReader::Status::Chunk)
    ++Chunks;
  CHECK(Status == sextant::trace::TraceFileReader::Status::End);
  return Chunks;
}

int openForCutting(const std::string &Path) {
  int Descriptor = ::open(Path.c_str(), O_RDWR | O_CLOEXEC);
  REQUIRE(Descriptor >= 0);
  return Descriptor;
}

} // namespace

TEST_CASE("cutting a trace's tail removes whole chunks and counts them",
          "[TraceTruncation]") {
  ScratchDirectory Directory("trace-cut");
  std::string Path = writeSampleTrace(Directory.path(), 5000);
  DecodedTrace Intact = decodeTraceFile(Path);
  REQUIRE(Intact.Chunks.size() >= 4);
  uint64_t Size = fileSize(Path);
  const sextant::trace::ChunkHeader &Last = Intact.Chunks.back();
  uint64_t LastBytes =
      sextant::trace::ChunkHeaderSize + Last.StackBytes + Last.EventBytes;

  SECTION("one byte to free cuts the last chunk") {
    TraceCut Cut;
    cutTraceTail(openForCutting(Path), 1, Cut);
    CHECK(Cut.Chunks == 1);
    CHECK(Cut.Events == Last.EventCount);
    CHECK(Cut.Bytes == LastBytes);
    CHECK(fileSize(Path) == Size - LastBytes);
    CHECK(countChunks(Path) == Intact.Chunks.size() - 1);
  }
  SECTION("more than the file holds leaves the header") {
    TraceCut Cut;
    cutTraceTail(openForCutting(Path), Size * 2, Cut);
    CHECK(Cut.Chunks == Intact.Chunks.size());
    CHECK(Cut.Events == Intact.Events.size());
    CHECK(fileSize(Path) == sextant::trace::FileHeaderSize);
    CHECK(countChunks(Path) == 0);
  }
  SECTION("a torn last chunk goes first") {
    REQUIRE(::truncate(Path.c_str(), static_cast<off_t>(Size - 10)) == 0);
    TraceCut Cut;
    cutTraceTail(openForCutting(Path), 1, Cut);
    CHECK(Cut.Chunks == 0);
    CHECK(Cut.Bytes == LastBytes - 10);
    CHECK(countChunks(Path) == Intact.Chunks.size() - 1);
  }
}

TEST_CASE("the space reserve is made once and released", "[TraceTruncation]") {
  ScratchDirectory Directory("trace-reserve");
  Directory.create();
  std::string Path = Directory.path() + "/trace/" + SpaceReserveFileName;
  ExperimentDirectory Output;
  Output.request(Directory.path(), /*Claim=*/false, "test", ::getpid());
  std::string Error;
  ::close(Output.createFile(ExperimentDirectory::Place::Trace, "first", Error));
  SpaceReserve Reserve;
  Reserve.ensure(Output);
  REQUIRE(Reserve.held());
  struct stat Status;
  REQUIRE(::stat(Path.c_str(), &Status) == 0);
  CHECK(static_cast<uint64_t>(Status.st_size) == SpaceReserveBytes);
  CHECK(static_cast<uint64_t>(Status.st_blocks) * 512 >= SpaceReserveBytes);
  Reserve.release(Output);
  CHECK_FALSE(Reserve.held());
  CHECK(::stat(Path.c_str(), &Status) != 0);
  // Once per directory: a second ensure() does nothing.
  Reserve.ensure(Output);
  CHECK_FALSE(Reserve.held());
}

TEST_CASE("the space reserve never follows a planted link",
          "[TraceTruncation]") {
  ScratchDirectory Directory("trace-reserve-link");
  Directory.create();
  Directory.write("victim", "precious\n");
  ExperimentDirectory Output;
  Output.request(Directory.path(), /*Claim=*/false, "test", ::getpid());
  std::string Error;
  ::close(Output.createFile(ExperimentDirectory::Place::Trace, "first", Error));
  std::string Reserve = Directory.path() + "/trace/" + SpaceReserveFileName;
  REQUIRE(::symlink(Directory.file("victim").c_str(), Reserve.c_str()) == 0);
  SpaceReserve Room;
  Room.ensure(Output);
  CHECK_FALSE(Room.held());
  struct stat Status;
  REQUIRE(::stat(Directory.file("victim").c_str(), &Status) == 0);
  CHECK(Status.st_size == 9); // not allocated to 1 MiB through the link
  Room.release(Output);
  struct stat Link;
  CHECK(::lstat(Reserve.c_str(), &Link) == 0); // not ours: left alone
}
