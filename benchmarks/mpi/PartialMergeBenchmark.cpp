//===- benchmarks/mpi/PartialMergeBenchmark.cpp - One reduction step ------===//
//
// Part of Sextant. The cost of one step of the reduction tree of the job's
// view (mpi/JobReduction.h) on real rank files: for JOBDIR/rank-0 and
// rank-1 (an MPI job's directory), the time to read and parse one rank's
// files into its partial (format/job/PartialJob.h), then, for the partial of
// ranks 0-1 (U call paths), serialize, deserialize and merge (two partials
// of U call paths each), the bytes sent, and finishJob() of the merged
// partial. Each figure is the median of REPETITIONS runs, in milliseconds.
//
//   sextant_partial_merge_benchmark JOBDIR [REPETITIONS]
//
// run_aggregation.py runs it on the jobs it measures; docs/performance.md
// derives its model of 1,000 to 100,000 ranks from these figures.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobCombiner.h"
#include "format/job/JobDirectory.h"
#include "format/job/PartialJobCodec.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

using namespace sextant::format;

namespace {

double medianMilliseconds(int Repetitions, const std::function<void()> &Run) {
  std::vector<double> Times;
  for (int R = 0; R < Repetitions; ++R) {
    auto Start = std::chrono::steady_clock::now();
    Run();
    Times.push_back(std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - Start)
                        .count());
  }
  std::sort(Times.begin(), Times.end());
  return Times[Times.size() / 2];
}

size_t nodeCount(const MergedNode &Root) {
  size_t Count = 0;
  std::vector<const MergedNode *> Pending{&Root};
  while (!Pending.empty()) {
    const MergedNode *Node = Pending.back();
    Pending.pop_back();
    Count += Node->Children.size();
    for (const auto &Child : Node->Children)
      Pending.push_back(Child.get());
  }
  return Count;
}

PartialJob copyOf(const std::string &Bytes) {
  PartialJob Copy;
  std::string Error;
  if (!deserialize(Bytes, Copy, Error)) {
    std::fprintf(stderr, "cannot read a partial back: %s\n", Error.c_str());
    std::exit(1);
  }
  return Copy;
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "usage: sextant_partial_merge_benchmark JOBDIR "
                         "[REPETITIONS]\n");
    return 2;
  }
  std::string Job = Argv[1];
  int Repetitions = Argc > 2 ? std::max(1, std::atoi(Argv[2])) : 5;
  RankFiles Rank0 = readRankFiles(Job, 0), Rank1 = readRankFiles(Job, 1);
  double Parse = medianMilliseconds(
      Repetitions, [&] { PartialJob P = partialFromRank(Rank0); });
  PartialJob Pair = partialFromRank(Rank0);
  merge(Pair, partialFromRank(Rank1));
  std::string Bytes = serialize(Pair);
  double Serialize =
      medianMilliseconds(Repetitions, [&] { (void)serialize(Pair); });
  double Deserialize =
      medianMilliseconds(Repetitions, [&] { PartialJob P = copyOf(Bytes); });
  // Two partials of U call paths: ranks 0-1 and the same moved to ranks
  // 2-3 (a copy through bytes with its ranks renumbered is not needed: a
  // partial of the same call paths from the ranks that follow).
  RankFiles Rank2 = Rank0, Rank3 = Rank1;
  Rank2.Rank = 2;
  Rank3.Rank = 3;
  PartialJob Upper = partialFromRank(Rank2);
  merge(Upper, partialFromRank(Rank3));
  std::string UpperBytes = serialize(Upper);
  std::vector<double> Merges;
  for (int R = 0; R < Repetitions; ++R) {
    PartialJob Lower = copyOf(Bytes), Next = copyOf(UpperBytes);
    Merges.push_back(
        medianMilliseconds(1, [&] { merge(Lower, std::move(Next)); }));
  }
  std::sort(Merges.begin(), Merges.end());
  double Finish = medianMilliseconds(Repetitions, [&] {
    CombinedFiles Files = finishJob(copyOf(Bytes), 2, Job);
  });
  std::printf("call_paths %zu\nregions %zu\npartial_bytes %zu\n"
              "parse_rank_ms %.3f\nserialize_ms %.3f\ndeserialize_ms %.3f\n"
              "merge_ms %.3f\nfinish_ms %.3f\n",
              nodeCount(Pair.Root), Pair.Regions.regions().size(), Bytes.size(),
              Parse, Serialize, Deserialize, Merges[Merges.size() / 2], Finish);
  return 0;
}
