//===- format/job/JobCombiner.cpp - The combined view of an MPI job -------===//
//
// Part of Sextant. See JobCombiner.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobCombiner.h"
#include "format/job/JsonDocument.h"

#include "format/job/CrossRankExperiment.h"
#include "format/job/JobConsistency.h"
#include "format/job/JobMpiFile.h"
#include "format/job/JobProfileFiles.h"
#include "format/job/PartialJob.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

std::vector<const RankFiles *> ranksInOrder(const std::vector<RankFiles> &Ranks,
                                            int RankCount) {
  std::vector<const RankFiles *> Sorted;
  for (const RankFiles &R : Ranks)
    if (R.Rank >= 0 && R.Rank < RankCount)
      Sorted.push_back(&R);
  // By rank, a repeated rank in input order (the first one counts).
  std::sort(Sorted.begin(), Sorted.end(),
            [](const RankFiles *A, const RankFiles *B) {
              return A->Rank != B->Rank ? A->Rank < B->Rank : A < B;
            });
  return Sorted;
}

} // namespace

CombinedFiles finishJob(PartialJob &&Partial, int RankCount,
                        const std::string &BaseDirectory,
                        const std::string &MissingRank,
                        const CrossRankTableOptions &Tables) {
  CombinedFiles Out;
  Out.Problems = std::move(Partial.Problems);
  std::vector<bool> Seen(static_cast<size_t>(std::max(RankCount, 0)));
  std::vector<int> RanksRead;
  std::vector<json> Entries;
  for (const RankRecord &Record : Partial.Ranks) {
    if (Record.Rank < 0 || Record.Rank >= RankCount)
      continue;
    Seen[static_cast<size_t>(Record.Rank)] = true;
    if (Record.Read) {
      RanksRead.push_back(Record.Rank);
      Entries.push_back(Record.Entry);
    }
  }
  for (int Rank = 0; Rank < RankCount; ++Rank)
    if (!Seen[static_cast<size_t>(Rank)])
      Out.Problems.push_back("rank " + std::to_string(Rank) + ": " +
                             MissingRank);
  for (std::string &Problem : jobConsistencyProblems(Entries))
    Out.Problems.push_back(std::move(Problem));

  Out.Regions =
      jobRegionsJson(Partial.Regions,
                     Partial.RegionsVersion.is_null()
                         ? json()
                         : json{{keys::FormatVersion, Partial.RegionsVersion}});
  JobProfileFiles Profiles = jobProfileFiles(
      Partial.Root, RanksRead, Partial.Range, RankCount, Partial.Metrics);
  Out.Profile = std::move(Profiles.Profile);
  Out.ProfileRanks = std::move(Profiles.ProfileRanks);

  json Experiment =
      jobExperiment(Partial.FirstExperiment, Entries, RankCount, BaseDirectory,
                    Partial.Regions.regions().size());
  Out.Experiment = renderJsonDocument(Experiment, 2);

  JobMpi Mpi = jobMpi(Partial, RankCount);
  for (const std::string &A : Mpi.Asymmetries)
    Out.Problems.push_back("point-to-point traffic is asymmetric: " + A);
  Out.Mpi = jobMpiJson(Mpi);

  JobSummaryInput Summary{Experiment.value("program", ""),
                          BaseDirectory,
                          rankWallTimes(Entries, RankCount),
                          Out.Problems,
                          RankCount,
                          Partial.Range,
                          Partial.Regions,
                          Partial.Times,
                          Mpi};
  Summary.Tables = Tables;
  Out.CrossRankView = crossRankTables(Summary);
  // summary.txt's tables are complete: the view's when Tables asks for
  // nothing else (the MPI adapter, sextant combine), made once.
  Out.Summary = jobSummaryHeader(Summary) + "\n";
  if (Tables.complete()) {
    Out.Summary += Out.CrossRankView;
  } else {
    Summary.Tables = {};
    Out.Summary += crossRankTables(Summary);
  }
  return Out;
}

CombinedFiles combineJob(const std::vector<RankFiles> &Ranks, int RankCount,
                         const std::string &BaseDirectory,
                         const std::string &MissingRank) {
  // The sequential fold of the merge the MPI adapter does over a tree.
  PartialJob All;
  std::set<int> Seen;
  for (const RankFiles *R : ranksInOrder(Ranks, RankCount))
    if (Seen.insert(R->Rank).second)
      merge(All, partialFromRank(*R));
  return finishJob(std::move(All), RankCount, BaseDirectory, MissingRank);
}

int jobRankCount(const std::vector<RankFiles> &Ranks) {
  int Count = 0;
  for (const RankFiles &R : Ranks) {
    Count = std::max(Count, R.Rank + 1);
    if (!R.Experiment.empty())
      Count =
          std::max(Count, declaredRankCount(parseJsonDocument(R.Experiment)));
  }
  return Count;
}

} // namespace format
} // namespace sextant
