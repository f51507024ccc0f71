//===- format/JobCombiner.cpp - The combined view of an MPI job -----------===//
//
// Part of Sextant. See JobCombiner.h.
//
//===----------------------------------------------------------------------===//

#include "format/JobCombiner.h"
#include "format/JsonDocument.h"

#include "format/CrossRankExperiment.h"
#include "format/CrossRankMpi.h"
#include "format/CrossRankProfile.h"
#include "format/CrossRankRegions.h"
#include "format/JobSummary.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

json parseOrNull(const std::string &Text) {
  if (Text.empty())
    return json();
  return json::parse(Text, nullptr, /*allow_exceptions=*/false);
}

/// The ranks' files parsed. Ranks with an unreadable profile, regions or
/// experiment file are left out of the merged profile (Ranks.RankOf lists
/// the others); their mpi.json may still count.
struct ParsedRanks {
  RankPositions Ranks;
  std::vector<json> Profiles;
  std::vector<json> RegionFiles;
  std::vector<json> Experiments;
  /// Indexed by rank; null when not read.
  std::vector<json> MpiFiles;
};

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

void parseRank(const RankFiles &R, ParsedRanks &Parsed,
               std::vector<std::string> &Problems) {
  std::string Rank = "rank " + std::to_string(R.Rank);
  json Mpi = parseOrNull(R.Mpi);
  if (Mpi.is_object())
    Parsed.MpiFiles[R.Rank] = std::move(Mpi);
  else
    Problems.push_back(Rank + ": mpi.json is missing or unreadable");
  json Profile = parseOrNull(R.Profile);
  json Regions = parseOrNull(R.Regions);
  json Experiment = parseOrNull(R.Experiment);
  if (!Profile.is_array() || !Regions.is_object() || !Experiment.is_object()) {
    Problems.push_back(
        Rank + ": profile.json, regions.json or experiment.json is missing or "
               "unreadable; the rank is left out of the combined profile");
    return;
  }
  Parsed.Ranks.RankOf.push_back(R.Rank);
  Parsed.Profiles.push_back(std::move(Profile));
  Parsed.RegionFiles.push_back(std::move(Regions));
  Parsed.Experiments.push_back(std::move(Experiment));
}

ParsedRanks parseRanks(const std::vector<RankFiles> &Ranks, int RankCount,
                       const std::string &MissingRank,
                       std::vector<std::string> &Problems) {
  ParsedRanks Parsed;
  Parsed.Ranks.RankCount = RankCount;
  Parsed.MpiFiles.resize(static_cast<size_t>(RankCount));
  std::set<int> Seen;
  for (const RankFiles *R : ranksInOrder(Ranks, RankCount))
    if (Seen.insert(R->Rank).second)
      parseRank(*R, Parsed, Problems);
  for (int Rank = 0; Rank < RankCount; ++Rank)
    if (!Seen.count(Rank))
      Problems.push_back("rank " + std::to_string(Rank) + ": " + MissingRank);
  return Parsed;
}

} // namespace

CombinedFiles combineJob(const std::vector<RankFiles> &Ranks, int RankCount,
                         const std::string &BaseDirectory,
                         const std::string &MissingRank) {
  CombinedFiles Out;
  ParsedRanks Parsed = parseRanks(Ranks, RankCount, MissingRank, Out.Problems);
  size_t Positions = Parsed.Ranks.RankOf.size();

  RegionUnion Union;
  JobMetrics Metrics = JobMetrics::fromExperiments(Parsed.Experiments);
  MergedNode Root(Positions, Metrics.Names.size());
  for (size_t P = 0; P < Positions; ++P)
    mergeRankProfile(Parsed.Profiles[P], P,
                     Union.addRankRegions(Parsed.RegionFiles[P]), Union, Root,
                     Metrics);
  Out.Regions = jobRegionsJson(
      Union, Parsed.RegionFiles.empty() ? json() : Parsed.RegionFiles[0]);
  JobProfileFiles Profiles = jobProfileFiles(Root, Parsed.Ranks, Metrics);
  Out.Profile = std::move(Profiles.Profile);
  Out.ProfileRanks = std::move(Profiles.ProfileRanks);

  json Experiment = jobExperiment(Parsed.Experiments, Parsed.Ranks,
                                  BaseDirectory, Union.regions().size());
  Out.Experiment = renderJsonDocument(Experiment, 2);

  JobMpi Mpi = combineRankMpi(Parsed.MpiFiles);
  for (const std::string &A : Mpi.Asymmetries)
    Out.Problems.push_back("point-to-point traffic is asymmetric: " + A);
  Out.Mpi = jobMpiJson(Mpi);

  std::map<uint32_t, RegionTimes> Times = regionTimes(Root, Positions);
  Out.Summary = jobSummary({Experiment.value("program", ""), BaseDirectory,
                            rankWallTimes(Parsed.Experiments, Parsed.Ranks),
                            Out.Problems, Parsed.Ranks, Union, Times, Mpi});
  return Out;
}

int jobRankCount(const std::vector<RankFiles> &Ranks) {
  int Count = 0;
  for (const RankFiles &R : Ranks) {
    Count = std::max(Count, R.Rank + 1);
    json Experiment = parseOrNull(R.Experiment);
    if (Experiment.is_object() && Experiment.contains("mpi_ranks") &&
        Experiment["mpi_ranks"].is_number_integer())
      Count = std::max(Count, Experiment["mpi_ranks"].get<int>());
  }
  return Count;
}

} // namespace format
} // namespace sextant
