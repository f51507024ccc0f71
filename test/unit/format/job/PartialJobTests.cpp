//===- test/unit/format/job/PartialJobTests.cpp - Merging partial jobs ----===//
//
// Part of Sextant. format/PartialJob: the job's view is the same whichever
// way the ranks' partials are grouped, (((a + b) + c), (a + (b + c)), the
// adapter's binomial tree) and whether or not they went through bytes
// between the merges, for jobs of 1 to 7 ranks with differing call trees
// and region ids, nodes some ranks lack, recursion, ties, extra metrics on
// some ranks, missing ranks and unreadable files; serialize() round trips
// and deserialize() rejects truncated and garbage bytes without crashing,
// cut or changed at every byte.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankAggregate.h"
#include "format/job/CrossRankExperiment.h"
#include "format/job/JobCombiner.h"
#include "format/job/PartialJobCodec.h"

#include "RankFileFixtures.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

using namespace sextant::format;
using nlohmann::json;
using namespace sextant::test;

namespace {

const char *const Names[] = {"main", "solve", "io", "f", "g", "h"};
constexpr size_t NameCount = 6;

/// Times with ties among siblings and sums that round.
double someTime(std::mt19937 &Random) {
  static const double Choices[] = {0.1, 0.2, 0.3, 1.0 / 3, 2.5e-6, 0.0};
  std::uniform_int_distribution<int> Pick(0, 7);
  int Choice = Pick(Random);
  if (Choice < 6)
    return Choices[Choice];
  return std::uniform_real_distribution<double>(0, 2)(Random);
}

json metricsOf(std::mt19937 &Random, bool Cpu) {
  double Inclusive = someTime(Random);
  json M = {{"time (inc)", Inclusive},
            {"time", Inclusive / 3},
            {"visits", std::uniform_int_distribution<int>(0, 3)(Random)}};
  if (Cpu) {
    M["cpu-time (inc)"] = Inclusive / 7;
    M["cpu-time"] = Inclusive / 11;
  }
  return M;
}

/// A random subtree of up to Depth levels; names repeat (recursion).
json subtree(std::mt19937 &Random, const std::vector<unsigned> &Ids,
             size_t Name, int Depth, bool Cpu) {
  json Children = json::array();
  if (Depth > 0) {
    int Count = std::uniform_int_distribution<int>(0, 3)(Random);
    for (int C = 0; C < Count; ++C) {
      size_t Child =
          1 + std::uniform_int_distribution<size_t>(0, NameCount - 2)(Random);
      Children.push_back(subtree(Random, Ids, Child, Depth - 1, Cpu));
    }
  }
  return {{"frame", {{"name", Names[Name]}, {"type", "function"}}},
          {"metrics", metricsOf(Random, Cpu)},
          {"attributes", {{"region_id", Ids[Name]}, {"file", "a.c"}}},
          {"children", Children}};
}

json mpiFile(std::mt19937 &Random, int Rank, int Ranks) {
  json Functions = json::array();
  for (const char *Name : {"MPI_Send", "MPI_Recv", "MPI_Bcast"})
    if (std::uniform_int_distribution<int>(0, 2)(Random))
      Functions.push_back(
          {{"name", Name},
           {"calls", std::uniform_int_distribution<int>(0, 4)(Random)},
           {"bytes_sent", 8 * Rank},
           {"bytes_received", 3},
           {"root_calls", Rank == 0 ? 1 : 0}});
  json Traffic = json::array();
  for (int Partner = 0; Partner < Ranks; ++Partner)
    if (Partner != Rank && std::uniform_int_distribution<int>(0, 1)(Random))
      Traffic.push_back({{"partner", Partner},
                         {"messages_sent", 1},
                         {"bytes_sent", 8},
                         {"messages_received", 1},
                         {"bytes_received", 8}});
  json Tools = json::array();
  if (Rank % 3 == 1)
    Tools.push_back(
        {{"library", "libother.so"}, {"position", "before"}, {"functions", 2}});
  return {{"format", "sextant-mpi"},
          {"rank", Rank},
          {"ended_by", Rank == 2 ? "MPI_Abort" : "MPI_Finalize"},
          {"functions", Functions},
          {"point_to_point", Traffic},
          {"one_sided", json::array()},
          {"other_pmpi_tools", Tools}};
}

/// The files of Rank of a job of Ranks ranks: its own region ids, its own
/// tree, cpu-time on odd ranks; an unreadable profile or a missing mpi.json
/// on some ranks.
RankFiles rankFiles(unsigned Seed, int Rank, int Ranks) {
  std::mt19937 Random(Seed * 131 + static_cast<unsigned>(Rank));
  std::vector<unsigned> Ids(NameCount);
  std::iota(Ids.begin(), Ids.end(), 1u);
  std::shuffle(Ids.begin(), Ids.end(), Random);
  json Regions = json::array();
  for (size_t N = 0; N < NameCount; ++N)
    Regions.push_back(region(Ids[N], Names[N]));
  bool Cpu = Rank % 2 == 1;
  json Measured = json::array();
  if (Cpu)
    Measured.push_back(
        {{"name", "cpu-time"}, {"unit", "s"}, {"accumulation", "sum"}});
  json Experiment = {{"format", "sextant-experiment"},
                     {"format_version", 1},
                     {"program", "/bin/app"},
                     {"pid", 100 + Rank},
                     {"hostname", "node"},
                     {"threads", 1 + Rank % 2},
                     {"wall_time_seconds", someTime(Random)},
                     {"mpi_rank", Rank},
                     {"mpi_ranks", Ranks},
                     {"metrics", {{"measured", Measured}}}};
  RankFiles Files;
  Files.Rank = Rank;
  Files.Regions = regionsFile(Regions).dump();
  Files.Profile = json::array({subtree(Random, Ids, 0, 4, Cpu)}).dump();
  Files.Experiment = Experiment.dump();
  Files.Mpi = mpiFile(Random, Rank, Ranks).dump();
  if ((Seed + static_cast<unsigned>(Rank)) % 5 == 3)
    Files.Profile = "[{";
  if ((Seed + static_cast<unsigned>(Rank)) % 7 == 4)
    Files.Mpi.clear();
  return Files;
}

/// The ranks' files of a job, some ranks missing.
std::vector<RankFiles> jobFiles(unsigned Seed, int Ranks) {
  std::vector<RankFiles> Files;
  for (int Rank = 0; Rank < Ranks; ++Rank)
    if (Ranks < 3 || (Seed + static_cast<unsigned>(Rank)) % 6 != 5)
      Files.push_back(rankFiles(Seed, Rank, Ranks));
  return Files;
}

/// The partial of jobFiles(Seed, Ranks), folded rank by rank.
PartialJob foldedJob(unsigned Seed, int Ranks) {
  PartialJob Job;
  for (const RankFiles &F : jobFiles(Seed, Ranks))
    merge(Job, partialFromRank(F));
  return Job;
}

/// A copy of Partial through bytes.
PartialJob throughBytes(const PartialJob &Partial) {
  PartialJob Copy;
  std::string Error;
  bool Read = deserialize(serialize(Partial), Copy, Error);
  REQUIRE(Read);
  return Copy;
}

/// The partial of Files[Lo, Hi), split at Split(Lo, Hi) and merged.
PartialJob grouped(const std::vector<RankFiles> &Files, size_t Lo, size_t Hi,
                   const std::function<size_t(size_t, size_t)> &Split,
                   bool Bytes) {
  if (Hi - Lo == 1)
    return Bytes ? throughBytes(partialFromRank(Files[Lo]))
                 : partialFromRank(Files[Lo]);
  size_t Middle = Split(Lo, Hi);
  PartialJob Lower = grouped(Files, Lo, Middle, Split, Bytes);
  merge(Lower, grouped(Files, Middle, Hi, Split, Bytes));
  return Bytes ? throughBytes(Lower) : std::move(Lower);
}

void checkSame(const CombinedFiles &A, const CombinedFiles &B) {
  CHECK(A.Profile == B.Profile);
  CHECK(A.ProfileRanks == B.ProfileRanks);
  CHECK(A.Regions == B.Regions);
  CHECK(A.Experiment == B.Experiment);
  CHECK(A.Mpi == B.Mpi);
  CHECK(A.Summary == B.Summary);
  CHECK(A.Problems == B.Problems);
}

} // namespace

TEST_CASE("exact sums do not depend on the grouping", "[partial]") {
  ExactSum Left, Right, Part;
  Left.add(0.1);
  Left.add(0.2);
  Left.add(0.3);
  Part.add(0.2);
  Part.add(0.3);
  Right.add(0.1);
  Right.add(Part);
  CHECK(Left.value() == Right.value());
  CHECK(Left.value() == 0.6); // (0.1 + 0.2) + 0.3 is 0.6000000000000001
  ExactSum Signed;
  Signed.add(1e-300 * 0); // zero changes nothing
  Signed.add(-2.5);
  Signed.add(1.25);
  CHECK(Signed.value() == -1.25);
  ExactSum One;
  One.add(4.3242e-05);
  CHECK(One.value() == 4.3242e-05);
}

TEST_CASE("the grouping of the merges does not change the job's files",
          "[partial]") {
  auto LeftFirst = [](size_t, size_t Hi) { return Hi - 1; };
  auto RightFirst = [](size_t Lo, size_t) { return Lo + 1; };
  auto Halves = [](size_t Lo, size_t Hi) { return Lo + (Hi - Lo) / 2; };
  for (unsigned Seed = 0; Seed < 6; ++Seed) {
    for (int Ranks = 1; Ranks <= 7; ++Ranks) {
      INFO("seed " << Seed << ", " << Ranks << " rank(s)");
      std::vector<RankFiles> Files = jobFiles(Seed, Ranks);
      CombinedFiles Sequential = combineJob(Files, Ranks, "/job");
      for (bool Bytes : {false, true}) {
        INFO((Bytes ? "through bytes" : "in memory"));
        for (const auto &Split :
             std::vector<std::function<size_t(size_t, size_t)>>{
                 LeftFirst, RightFirst, Halves}) {
          PartialJob All = grouped(Files, 0, Files.size(), Split, Bytes);
          checkSame(finishJob(std::move(All), Ranks, "/job"), Sequential);
        }
      }
    }
  }
}

TEST_CASE("a missing rank counts 0 in the statistics", "[partial]") {
  // Ranks 0 and 2 of 3, main only: rank 1 holds the minimum 0.
  std::vector<RankFiles> Files;
  for (int Rank : {0, 2}) {
    RankFiles F;
    F.Rank = Rank;
    F.Regions = regionsFile(json::array({region(1, "main")})).dump();
    F.Profile = json::array({node(1, "main", 2.0 + Rank, 1.0, 1)}).dump();
    F.Experiment = json({{"program", "/bin/app"}}).dump();
    F.Mpi = json::object().dump();
    Files.push_back(F);
  }
  PartialJob Job = partialFromRank(Files[0]);
  merge(Job, partialFromRank(Files[1]));
  CombinedFiles Out = finishJob(std::move(Job), 3, "/job");
  CHECK(Out.ProfileRanks.find("\"time (inc)\":{\"min\":0.0,\"mean\":2.0,"
                              "\"max\":4.0,\"imbalance\":2.0,\"min_rank\":1,"
                              "\"max_rank\":2}") != std::string::npos);
  CHECK(Out.Problems.back() == "rank 1: no data was received");
}

TEST_CASE("a serialized partial reads back the same", "[partial]") {
  PartialJob Job = foldedJob(1, 5);
  std::string Bytes = serialize(Job);
  PartialJob Copy;
  std::string Error;
  REQUIRE(deserialize(Bytes, Copy, Error));
  CHECK(serialize(Copy) == Bytes);
  checkSame(finishJob(std::move(Copy), 5, "/job"),
            finishJob(std::move(Job), 5, "/job"));
}

TEST_CASE("truncated and garbage bytes are rejected", "[partial]") {
  std::string Bytes = serialize(foldedJob(2, 3));
  std::string Error;
  // Cut short anywhere (every length, in steps on long documents).
  size_t Step = std::max<size_t>(1, Bytes.size() / 1000);
  size_t Tried = 0, Rejected = 0;
  for (size_t Length = 0; Length < Bytes.size(); Length += Step, ++Tried) {
    PartialJob Read;
    Rejected += !deserialize(Bytes.substr(0, Length), Read, Error);
  }
  CHECK(Rejected == Tried);
  CHECK_FALSE(Error.empty());

  // Bytes changed: read back or rejected, never a crash (finishing what
  // reads back may throw where a value has the wrong type, as for a rank's
  // own files).
  for (size_t At = 0; At < Bytes.size(); At += Step) {
    std::string Changed = Bytes;
    Changed[At] = static_cast<char>(Changed[At] ^ 0x5a);
    PartialJob Read;
    if (deserialize(Changed, Read, Error)) {
      try {
        finishJob(std::move(Read), 3, "/job");
      } catch (const std::exception &) {
      }
    }
  }
  std::mt19937 Random(7);
  for (int Trial = 0; Trial < 200; ++Trial) {
    std::string Garbage(static_cast<size_t>(Trial), '\0');
    for (char &C : Garbage)
      C = static_cast<char>(Random());
    PartialJob Read;
    CHECK_FALSE(deserialize(Garbage, Read, Error));
  }
  // A region of arrays nested 100,000 deep: rejected, not a stack
  // overflow. (Header, no strings, range [0, 1), 0 declared, 1 region.)
  std::string Nested("SXPJ\x02\0\0\0\0\0\x02\0\x01", 13);
  for (int Level = 0; Level < 100000; ++Level)
    Nested += "\x07\x01";
  PartialJob Read;
  CHECK_FALSE(deserialize(Nested, Read, Error));
  CHECK(Error.find("JSON nested too deep reading a region") !=
        std::string::npos);
  // Another format, another version.
  CHECK_FALSE(deserialize(std::string("{\"format\":1}"), Read, Error));
  CHECK(Error.find("not a partial job") != std::string::npos);
  std::string Later = Bytes;
  Later[4] = 3;
  CHECK_FALSE(deserialize(Later, Read, Error));
  CHECK(Error.find("an unknown version") != std::string::npos);
  // A varint longer than 64 bits, trailing bytes.
  std::string Long("SXPJ\x02\0\0\0", 8);
  Long += std::string(10, '\xff') + '\x01';
  CHECK_FALSE(deserialize(Long, Read, Error));
  CHECK(Error.find("a varint over 64 bits reading the string table") !=
        std::string::npos);
  CHECK_FALSE(deserialize(Bytes + '\0', Read, Error));
  CHECK(Error.find("trailing bytes") != std::string::npos);
}

TEST_CASE("a partial cut or changed at every byte is an error or a partial",
          "[partial]") {
  // Every length and every byte changed three ways, on a real partial of
  // three ranks (call tree, regions, metrics, MPI functions, partners).
  // Run under ASan/UBSan in CI: no read outside the bytes, no overflow.
  std::string Bytes = serialize(foldedJob(2, 3));
  std::string Error;
  size_t Rejected = 0, Named = 0, CutShort = 0;
  for (size_t Length = 0; Length < Bytes.size(); ++Length) {
    PartialJob Read;
    Error.clear();
    Rejected += !deserialize(Bytes.substr(0, Length), Read, Error);
    // Each error names what was read where ("... reading X at byte N").
    Named += Error.find(" reading ") != std::string::npos &&
             Error.find(" at byte ") != std::string::npos;
    CutShort += Error.find("bytes cut short reading") != std::string::npos;
  }
  CHECK(Rejected == Bytes.size());
  CHECK(Named == Bytes.size());
  CHECK(CutShort > 0);
  size_t Accepted = 0;
  for (size_t At = 0; At < Bytes.size(); ++At) {
    for (unsigned char Flip : {0x01, 0x80, 0xff}) {
      std::string Changed = Bytes;
      Changed[At] = static_cast<char>(Changed[At] ^ Flip);
      PartialJob Read;
      if (!deserialize(Changed, Read, Error)) {
        CHECK_FALSE(Error.empty());
        continue;
      }
      ++Accepted; // a value changed within its range: finishing works
      try {
        finishJob(std::move(Read), 3, "/job");
      } catch (const std::exception &) {
      }
    }
  }
  // Most changes of a double or a counter still read.
  CHECK(Accepted > 0);
}

TEST_CASE("a partial of a call tree 100000 levels deep goes through bytes",
          "[partial]") {
  const size_t Depth = 100000;
  RankFiles Files;
  Files.Profile = deepProfileText(Depth);
  Files.Regions = regionsFile(json::array({region(1, "f")})).dump();
  Files.Experiment = json({{"program", "/bin/deep"}}).dump();
  Files.Mpi = "{}";
  PartialJob Job = throughBytes(partialFromRank(Files));
  Files.Rank = 1; // f alone: merged at the top of the deep tree
  Files.Profile = json::array({node(1, "f", 1, 1, 1)}).dump();
  merge(Job, throughBytes(partialFromRank(Files)));
  CombinedFiles Out = finishJob(throughBytes(Job), 2, "/job");
  CHECK(json::parse(Out.Profile)[0]["metrics"]["visits"] == 2);
}

TEST_CASE("A rank that ended by a snapshot is combined, with one warning",
          "[job][snapshot]") {
  RankFiles Files;
  Files.Rank = 1;
  Files.Profile = json::array({node(1, "f", 1, 1, 1)}).dump();
  Files.Regions = regionsFile(json::array({region(1, "f")})).dump();
  Files.Experiment =
      json{{"pid", 5}, {"mpi_ranks", 2}, {"snapshot_seconds", 3.5}}.dump();
  PartialJob Partial = partialFromRank(Files); // no mpi.json: a snapshot's
  REQUIRE(Partial.Ranks.size() == 1);
  CHECK(Partial.Ranks[0].Read);
  REQUIRE(Partial.Problems.size() == 1);
  CHECK(Partial.Problems[0] ==
        "rank 1: ended by a snapshot at 3.5 s: the process did not write its "
        "final profile (killed by SIGKILL, or by its batch system); its "
        "profile up to the snapshot is combined, without the message counts "
        "and bytes of its mpi.json");
  CHECK(Partial.Ranks[0].Entry["snapshot_seconds"] == 3.5);

  // The end's experiment.json: no snapshot, and a missing mpi.json is news.
  Files.Experiment =
      json{{"pid", 5}, {"mpi_ranks", 2}, {"snapshot_seconds", nullptr}}.dump();
  PartialJob Ended = partialFromRank(Files);
  REQUIRE(Ended.Problems.size() == 1);
  CHECK(Ended.Problems[0] == "rank 1: mpi.json is missing or unreadable");
  CHECK(Ended.Ranks[0].Entry["snapshot_seconds"].is_null());
}

TEST_CASE("A job is a snapshot's as far as its earliest such rank",
          "[job][snapshot]") {
  json Rank0 = {{"pid", 1}, {"snapshot_seconds", nullptr}};
  json Rank1 = {{"pid", 2}, {"snapshot_seconds", 7.0}};
  json Rank2 = {{"pid", 3}, {"snapshot_seconds", 4.0}};
  json Job = jobExperiment(
      Rank0, {rankEntry(Rank0, 0), rankEntry(Rank1, 1), rankEntry(Rank2, 2)}, 3,
      "/job", 1);
  CHECK(Job["snapshot_seconds"] == 4.0);
  CHECK(Job["ranks"][1]["snapshot_seconds"] == 7.0);
  json Whole = jobExperiment(Rank0, {rankEntry(Rank0, 0)}, 1, "/job", 1);
  CHECK(Whole["snapshot_seconds"].is_null());
}
