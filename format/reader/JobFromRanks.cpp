//===- format/reader/JobFromRanks.cpp - An MPI job read from its ranks ----===//
//
// Part of Sextant. See JobFromRanks.h.
//
//===----------------------------------------------------------------------===//

#include "format/reader/JobFromRanks.h"

#include "format/job/JobCombiner.h"
#include "format/job/JobDirectory.h"
#include "format/job/JobRanks.h"
#include "format/job/JsonDocument.h"
#include "format/job/PartialJob.h"
#include "format/reader/JobLibrary.h"
#include "format/schema/ExperimentSchema.h"

#include "common/FileContents.h"

namespace sextant {
namespace format {

namespace {

/// Each rank of Found with the job size its experiment.json claims (0 when
/// the file cannot be read: readRankFiles() then names the problem).
std::vector<RankClaim> rankClaims(const std::string &JobDirectory,
                                  const std::vector<int> &Found) {
  std::vector<RankClaim> Claims;
  for (int Rank : Found) {
    std::string Path = JobDirectory + "/" + files::rankDirectoryName(Rank) +
                       "/" + files::Experiment;
    std::string Text, Error;
    uint64_t Claim = 0;
    if (readRegularFile(Path, JsonFileLimit, Text, Error))
      Claim = claimedRankCount(parseJsonDocument(Text));
    Claims.push_back({Rank, Claim});
  }
  return Claims;
}

/// The ranks of [0, RankCount) missing from Found (ascending).
std::vector<int> missingRanks(const std::vector<int> &Found, int RankCount) {
  std::vector<int> Missing;
  size_t Next = 0;
  for (int Rank = 0; Rank < RankCount; ++Rank) {
    if (Next < Found.size() && Found[Next] == Rank)
      ++Next;
    else
      Missing.push_back(Rank);
  }
  return Missing;
}

} // namespace

JobFromRanks readJobFromRanks(const std::string &JobDirectory,
                              const std::vector<int> &Found,
                              const CrossRankTableOptions &Tables,
                              const std::string &BaseDirectory) {
  JobFromRanks Out;
  // Which ranks make up the job, before any is merged (JobRanks.h).
  JobRanks Job = chooseJobRanks(rankClaims(JobDirectory, Found));
  Out.RankCount = Job.RankCount;
  Out.RankProblems = std::move(Job.Problems);
  Out.Missing = missingRanks(Job.Ranks, Job.RankCount);
  // One rank at a time: read, make its partial, merge it after the lower
  // ranks', drop its files (PartialJob.h). The wrapped libraries' files are
  // small (functions and partners).
  PartialJob Partial;
  RankLibraries Libraries;
  std::vector<std::string> LibraryProblems;
  for (int Rank : Job.Ranks) {
    RankFiles Files = readRankFiles(JobDirectory, Rank);
    Out.AnyFile |= !Files.Profile.empty() || !Files.Regions.empty() ||
                   !Files.Experiment.empty() || !Files.Mpi.empty();
    merge(Partial, partialFromRank(Files));
    readRankLibraries(JobDirectory, Rank, Libraries, LibraryProblems);
  }
  for (const RankRecord &Record : Partial.Ranks)
    (Record.Read ? Out.Read : Out.LeftOut).push_back(Record.Rank);
  Out.View = finishJob(std::move(Partial), Job.RankCount,
                       BaseDirectory.empty() ? JobDirectory : BaseDirectory,
                       "its directory is missing", Tables);
  for (const std::string &Problem : LibraryProblems)
    Out.View.Problems.push_back(Problem);
  addJobLibraries(Libraries, Job.RankCount, Out.View);
  return Out;
}

} // namespace format
} // namespace sextant
