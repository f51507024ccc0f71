//===- test/unit/format/reader/JobLibraryTests.cpp - library-<name>.json --===//
//
// Part of Sextant. format/LibraryCalls and format/JobLibrary: a process's
// library-<name>.json read back as written, the job's view of 4 ranks
// (function statistics, the sparse PE matrix, partners beyond the job),
// its file read back as the dense matrix of the pictures, its summary.txt
// section, and bad files named with the place in them.
//
//===----------------------------------------------------------------------===//

#include "format/schema/ExperimentSchema.h"
#include "format/job/JobDirectory.h"
#include "format/reader/JobLibrary.h"
#include "format/reader/JobMpiMatrix.h"
#include "format/reader/JsonInput.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::format;
using namespace sextant::test;
using nlohmann::json;

namespace {

Traffic traffic(uint64_t Sent, uint64_t BytesSent, uint64_t Received,
                uint64_t BytesReceived) {
  Traffic T;
  T.MessagesSent = Sent;
  T.BytesSent = BytesSent;
  T.MessagesReceived = Received;
  T.BytesReceived = BytesReceived;
  return T;
}

/// Rank Rank of 4 in a ring: 100 bytes put to the right, 64 got from the
/// left; rank 0 also called shmem_barrier_all twice.
RankLibraryCalls ringRank(int Rank) {
  RankLibraryCalls R;
  R.Library = "shmem";
  R.Rank = Rank;
  R.RankCount = 4;
  R.Functions.push_back({"shmem_putmem", 1, 100, 0});
  R.Functions.push_back({"shmem_getmem", 1, 64, 0});
  if (Rank == 0)
    R.Functions.push_back({"shmem_barrier_all", 2, 0, 2});
  int Right = (Rank + 1) % 4, Left = (Rank + 3) % 4;
  R.Traffic = {{Right, traffic(1, 100, 0, 0)}, {Left, traffic(0, 0, 1, 64)}};
  if (Right > Left)
    std::swap(R.Traffic[0], R.Traffic[1]);
  return R;
}

std::vector<RankLibraryCalls> ring() {
  return {ringRank(0), ringRank(1), ringRank(2), ringRank(3)};
}

/// The message of reading Text as a rank's file "rank-0/library-shmem.json".
std::string readError(const std::string &Text) {
  try {
    readRankLibraryJson(Text, "rank-0/library-shmem.json");
  } catch (const InputError &Error) {
    return Error.what();
  }
  return "";
}

} // namespace

TEST_CASE("a process's library-<name>.json reads back as written",
          "[library]") {
  RankLibraryCalls Written = ringRank(0);
  Written.PeersOutOfRange = 3;
  std::string Text = renderRankLibraryJson(Written);
  json Parsed = json::parse(Text);
  CHECK(Parsed["format"] == "sextant-library");
  CHECK(Parsed["format_version"] == 1);
  CHECK(Parsed["traffic"][0] == json{{"partner", 1},
                                     {"messages_sent", 1},
                                     {"bytes_sent", 100},
                                     {"messages_received", 0},
                                     {"bytes_received", 0}});
  RankLibraryCalls Read = readRankLibraryJson(Text, "library-shmem.json");
  CHECK(Read.Library == "shmem");
  CHECK(Read.Rank == 0);
  CHECK(Read.RankCount == 4);
  REQUIRE(Read.Functions.size() == 3);
  CHECK(Read.Functions[2].Name == "shmem_barrier_all");
  CHECK(Read.Functions[2].Calls == 2);
  CHECK(Read.Functions[2].CollectiveCalls == 2);
  CHECK(Read.Functions[0].Bytes == 100);
  REQUIRE(Read.Traffic.size() == 2);
  CHECK(Read.Traffic[1].first == 3);
  CHECK(Read.Traffic[1].second.BytesReceived == 64);
  CHECK(Read.PeersOutOfRange == 3);
  CHECK(renderRankLibraryJson(Read) == Text);
}

TEST_CASE("the job's view of a library: statistics, matrix, summary",
          "[library]") {
  JobLibrary Job = jobLibrary("shmem", ring(), 4);
  CHECK(Job.RanksRead == std::vector<int>{0, 1, 2, 3});
  const auto &Put = Job.Functions.at("shmem_putmem");
  CHECK(Put[0].Total == 4);
  CHECK(Put[0].Statistics.Min == 1);
  CHECK(Put[0].Statistics.Max == 1);
  CHECK(Put[1].Total == 400);
  const auto &Barrier = Job.Functions.at("shmem_barrier_all");
  CHECK(Barrier[0].Total == 2);
  CHECK(Barrier[0].Statistics.Min == 0);
  CHECK(Barrier[0].Statistics.Max == 2);
  CHECK(Barrier[0].Statistics.MaxRank == 0);
  CHECK(Barrier[0].Statistics.Mean == 0.5);
  CHECK(Barrier[2].Total == 2);
  CHECK(trafficWith(Job.Traffic[3], 0).BytesSent == 100);
  CHECK(trafficWith(Job.Traffic[0], 3).BytesReceived == 64);
  CHECK(Job.PeersOutOfRange == 0);

  ScratchDirectory Directory("job-library");
  Directory.create();
  Directory.write("library-shmem.json", jobLibraryJson(Job));
  json Parsed = json::parse(Directory.read("library-shmem.json"));
  CHECK(Parsed["format"] == "sextant-library-job");
  CHECK(Parsed["ranks"] == 4);
  CHECK(Parsed["functions"][0]["name"] == "shmem_barrier_all");
  CHECK(Parsed["functions"][0]["calls"]["per_rank"] ==
        json{2.0, 0.0, 0.0, 0.0});
  std::vector<std::vector<uint64_t>> Matrix;
  std::string Error;
  REQUIRE(readJobLibraryMatrix(Directory.path(), "shmem", "bytes_sent", Matrix,
                               Error));
  CHECK(Matrix ==
        std::vector<std::vector<uint64_t>>{
            {0, 100, 0, 0}, {0, 0, 100, 0}, {0, 0, 0, 100}, {100, 0, 0, 0}});
  REQUIRE(readJobLibraryMatrix(Directory.path(), "shmem", "bytes_received",
                               Matrix, Error));
  CHECK(Matrix[1][0] == 64);
  CHECK_FALSE(readJobLibraryMatrix(Directory.path(), "fftw", "bytes_sent",
                                   Matrix, Error));
  CHECK(Error.find("library-fftw.json: not found") != std::string::npos);

  std::string Summary = jobLibrarySummary(Job);
  INFO(Summary);
  CHECK(Summary.find("Library shmem (library-shmem.json): 4 of 4 rank(s)") !=
        std::string::npos);
  CHECK(Summary.find("            4          1        1.0          1"
                     "           400           0  shmem_putmem") !=
        std::string::npos);
  CHECK(Summary.find("Library shmem bytes sent (puts, atomics) (row: from "
                     "rank, column: to rank)") != std::string::npos);
}

TEST_CASE("the job's view counts what lies outside the job", "[library]") {
  std::vector<RankLibraryCalls> Ranks = ring();
  Ranks[1].Traffic.push_back({9, traffic(2, 8, 0, 0)});
  Ranks[2].PeersOutOfRange = 5;
  Ranks.push_back(ringRank(1)); // a rank given twice: the first counts
  Ranks.back().Functions[0].Calls = 1000;
  RankLibraryCalls Beyond = ringRank(0);
  Beyond.Rank = 4; // not a rank of the job
  Ranks.push_back(Beyond);
  JobLibrary Job = jobLibrary("shmem", Ranks, 4);
  CHECK(Job.PeersOutOfRange == 7);
  CHECK(Job.Functions.at("shmem_putmem")[0].Total == 4);
  CHECK(Job.Traffic[1].size() == 2);
  CHECK(jobLibrarySummary(Job).find(
            "Transfers with a peer outside the job: 7") != std::string::npos);
}

TEST_CASE("a bad library-<name>.json is named with the place in it",
          "[library]") {
  json Good = json::parse(renderRankLibraryJson(ringRank(0)));
  CHECK(readError("{") ==
        "rank-0/library-shmem.json: not valid JSON (1 bytes)");
  json Bad = Good;
  Bad["format_version"] = 2;
  CHECK(readError(Bad.dump())
            .find("rank-0/library-shmem.json: format_version: is 2, but this "
                  "sextant reads format_version 1") == 0);
  Bad = Good;
  Bad["functions"][1]["bytes"] = -1;
  CHECK(readError(Bad.dump())
            .find("rank-0/library-shmem.json: functions[1].bytes:") == 0);
  Bad = Good;
  Bad["traffic"][1]["partner"] = Bad["traffic"][0]["partner"];
  CHECK(readError(Bad.dump()) ==
        "rank-0/library-shmem.json: traffic[1].partner: is 1, listed before");
  Bad = Good;
  Bad["library"] = "../x";
  CHECK(readError(Bad.dump()) == "rank-0/library-shmem.json: library: "
                                 "\"../x\" is not a library name");
  Bad = Good;
  Bad.erase("traffic");
  CHECK(readError(Bad.dump()).find("missing \"traffic\"") != std::string::npos);
}

TEST_CASE("a job directory's library files are combined, bad ones named",
          "[library]") {
  ScratchDirectory Job("job-library-files");
  Job.create();
  for (int Rank = 0; Rank < 2; ++Rank) {
    std::string Rank_ = files::rankDirectoryName(Rank);
    REQUIRE(::mkdir(Job.file(Rank_).c_str(), 0755) == 0);
    Job.write(Rank_ + "/library-shmem.json",
              renderRankLibraryJson(ringRank(Rank)));
  }
  Job.write("rank-1/library-other.json", "[]");
  Job.write("rank-1/library-fftw.json",
            renderRankLibraryJson(ringRank(1))); // says "shmem"
  RankLibraries Libraries;
  std::vector<std::string> Problems;
  readRankLibraries(Job.path(), 0, Libraries, Problems);
  readRankLibraries(Job.path(), 1, Libraries, Problems);
  readRankLibraries(Job.path(), 7, Libraries, Problems); // no directory
  REQUIRE(Libraries.size() == 1);
  CHECK(Libraries["shmem"].size() == 2);
  CHECK(Libraries["shmem"][1].Rank == 1);
  REQUIRE(Problems.size() == 2);
  CHECK(Problems[0] == Job.path() +
                           "/rank-1/library-fftw.json: \"library\" is "
                           "\"shmem\", which is not the file's name; the "
                           "file is left out of the job's view");
  CHECK(Problems[1].find(Job.path() + "/rank-1/library-other.json: ") == 0);

  CombinedFiles Combined;
  addJobLibraries(Libraries, 2, Combined);
  REQUIRE(Combined.Extra.size() == 1);
  CHECK(Combined.Extra[0].first == "library-shmem.json");
  CHECK(Combined.Summary.find("Library shmem") != std::string::npos);
}
