//===- tools/sextant/HatchetExport.cpp - export --format=hatchet ----------===//
//
// Part of Sextant. See HatchetExport.h.
//
//===----------------------------------------------------------------------===//

#include "HatchetExport.h"

#include "common/OutputFile.h"
#include "format/job/JobDirectory.h"
#include "format/job/JobRanks.h"
#include "format/profile/HatchetJson.h"
#include "format/reader/ExperimentReader.h"

#include <algorithm>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// Adds the threads of the experiment in Directory as Rank's rows; false
/// with Error when it cannot be read.
bool addExperiment(const std::string &Directory, int Rank,
                   HatchetGraphFrame &Frame, HatchetRun &Run,
                   std::string &Error) {
  Experiment E;
  ThreadProfileList Threads;
  if (!readExperiment(Directory, E, Error) ||
      !readThreadProfiles(E, Threads, Error))
    return false;
  Frame.addRank(Rank, Threads);
  if (Run.RanksExported.empty())
    Run.Experiment = E.Metadata;
  Run.RanksExported.push_back(Rank);
  Run.Threads += E.Metadata.Threads;
  Run.MpiRanks =
      std::max<uint64_t>({Run.MpiRanks, E.Metadata.MpiRanks.value_or(1),
                          static_cast<uint64_t>(Rank) + 1});
  return true;
}

/// Adds every rank of the job in Directory (Ranks: its rank-<r>/).
void addJob(const std::string &Directory, const std::vector<int> &Ranks,
            HatchetGraphFrame &Frame, HatchetRun &Run,
            const std::function<void(const std::string &)> &Warning) {
  // The job's size, checked against the directories (JobRanks.h).
  std::vector<RankClaim> Claims;
  for (int Rank : Ranks) {
    ExperimentMetadata Metadata;
    std::string Error;
    bool Read = readExperimentMetadata(
        Directory + "/" + files::rankDirectoryName(Rank), Metadata, Error);
    Claims.push_back({Rank, Read ? Metadata.MpiRanks.value_or(0) : 0});
  }
  JobRanks Job = chooseJobRanks(Claims);
  for (const std::string &Problem : Job.Problems)
    Warning(Directory + ": " + Problem);
  for (int Rank : Job.Ranks) {
    std::string Error;
    if (!addExperiment(Directory + "/" + files::rankDirectoryName(Rank), Rank,
                       Frame, Run, Error))
      Warning("rank " + std::to_string(Rank) + " left out: " + Error);
  }
  Run.MpiRanks = std::max<uint64_t>(1, static_cast<uint64_t>(Job.RankCount));
  for (uint64_t Rank = 0; Rank < Run.MpiRanks; ++Rank)
    if (!std::binary_search(Ranks.begin(), Ranks.end(), static_cast<int>(Rank)))
      Warning("rank " + std::to_string(Rank) + " left out: " + Directory + "/" +
              files::rankDirectoryName(static_cast<int>(Rank)) + " is missing");
}

bool writeOutput(const std::string &Text, const std::string &Path, bool Force,
                 std::string &Error) {
  bool Refused = false;
  if (writeOutputFile(Path, Text,
                      Force ? ExistingOutput::Replace : ExistingOutput::Refuse,
                      Error, &Refused))
    return true;
  if (Refused)
    Error += " (use --force to replace it)";
  return false;
}

} // namespace

bool exportHatchet(const std::string &Directory, const std::string &OutputPath,
                   bool Force,
                   const std::function<void(const std::string &)> &Warning,
                   std::string &Error) {
  std::vector<int> Ranks;
  if (!findRankDirectories(Directory, Ranks, Error))
    return false;
  HatchetGraphFrame Frame;
  HatchetRun Run;
  Run.Directory = Directory;
  if (Ranks.empty()) {
    ExperimentMetadata Metadata;
    if (!readExperimentMetadata(Directory, Metadata, Error) ||
        !addExperiment(Directory, Metadata.MpiRank.value_or(0), Frame, Run,
                       Error))
      return false;
  } else {
    addJob(Directory, Ranks, Frame, Run, Warning);
    if (Run.RanksExported.empty()) {
      Error = "'" + Directory + "': no rank could be read";
      return false;
    }
  }
  if (Frame.nodeCount() == 0) {
    Error = "'" + Directory +
            "': the profile has no call path (Hatchet needs at least one)";
    return false;
  }
  return writeOutput(Frame.render(Run), OutputPath, Force, Error);
}

} // namespace tool
} // namespace sextant
