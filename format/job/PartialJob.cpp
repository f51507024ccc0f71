//===- format/job/PartialJob.cpp - What a range of ranks contributes ------===//
//
// Part of Sextant. See PartialJob.h. A rank's files are parsed here; the
// tree and its merge are CrossRankProfile.h's.
//
//===----------------------------------------------------------------------===//

#include "format/job/PartialJob.h"

#include "format/job/CrossRankExperiment.h"
#include "format/job/CrossRankMpi.h"
#include "format/job/JobConsistency.h"
#include "format/job/JsonDocument.h"
#include "format/job/RankFileCheck.h"

#include "format/job/JobRanks.h"
#include "format/schema/JsonWriter.h"

#include <algorithm>
#include <climits>
#include <set>
#include <stdexcept>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

json parseOrNull(const std::string &Text, size_t MaxNesting = MaxJsonNesting) {
  if (Text.empty())
    return json();
  return parseJsonDocument(Text, MaxNesting);
}

std::string rankName(int Rank) { return "rank " + std::to_string(Rank); }

/// "rank <r>: rank-<r>/<File>: <Problem>; <Consequence>".
std::string fieldProblem(int Rank, const char *File, const std::string &Problem,
                         const char *Consequence) {
  return rankName(Rank) + ": " + files::rankDirectoryName(Rank) + "/" + File +
         ": " + Problem + "; " + Consequence;
}

/// "rank <r>: ended by a snapshot at <T> s ..." when the rank's
/// experiment.json is a snapshot's (SEXTANT_SNAPSHOT), else empty.
std::string snapshotProblem(const json &Experiment, int Rank) {
  if (!Experiment.is_object())
    return std::string();
  auto Found = Experiment.find(experiment_keys::SnapshotSeconds);
  if (Found == Experiment.end() || !Found->is_number())
    return std::string();
  return rankName(Rank) + ": ended by a snapshot at " +
         formatFixed(Found->get<double>(), 1) +
         " s: the process did not write its final profile (killed by "
         "SIGKILL, or by its batch system); its profile up to the snapshot is "
         "combined, without the message counts and bytes of its mpi.json";
}

/// The MPI side of Files into Partial (its only record). Snapshot: the
/// rank's experiment.json is a snapshot's, which has no mpi.json (its
/// warning says so).
void readRankMpi(const json &Mpi, PartialJob &Partial, bool Snapshot,
                 bool Expected) {
  RankRecord &Record = Partial.Ranks.back();
  if (!Mpi.is_object()) {
    // A job of another adapter (OpenSHMEM) has no mpi.json to miss.
    if (Expected && (!Snapshot || !Mpi.is_null()))
      Partial.Problems.push_back(rankName(Record.Rank) +
                                 ": mpi.json is missing or unreadable");
    return;
  }
  std::string Problem = checkRankMpi(Mpi);
  if (!Problem.empty()) {
    Partial.Problems.push_back(
        fieldProblem(Record.Rank, files::Mpi, Problem,
                     "the rank's MPI data is left out of the job's mpi.json"));
    return;
  }
  Record.MpiRead = true;
  Record.EndedBy = Mpi.value("ended_by", json());
  Record.PointToPoint =
      readRankTraffic(Mpi.value("point_to_point", json::array()));
  Record.OneSided = readRankTraffic(Mpi.value("one_sided", json::array()));
  for (const json &F : Mpi.value("functions", json::array())) {
    auto &Counts = Record.Functions[F.value("name", "?")];
    for (size_t Field = 0; Field < job_keys::FunctionFieldCount; ++Field)
      Counts[Field] = F.value(job_keys::FunctionFields[Field], 0.0);
  }
  for (const auto &[Name, Counts] : Record.Functions)
    Partial.Functions[Name] = HeldAggregates::of(
        std::vector<double>(Counts.begin(), Counts.end()), Record.Rank);
  std::set<std::string> Seen;
  for (const json &T : Mpi.value("other_pmpi_tools", json::array()))
    if (Seen.insert(T.dump()).second)
      Partial.Tools.push_back(T);
}

/// Appends Upper's tools that Lower lacks.
void mergeTools(json &Lower, const json &Upper) {
  std::set<std::string> Seen;
  for (const json &T : Lower)
    Seen.insert(T.dump());
  for (const json &T : Upper)
    if (Seen.insert(T.dump()).second)
      Lower.push_back(T);
}

/// Merges the entries of Upper (over UpperRange) into Lower's (over
/// LowerRange); an entry one side lacks is held by none of its ranks.
template <typename Key>
void mergeEntries(std::map<Key, HeldAggregates> &Lower,
                  std::map<Key, HeldAggregates> &&Upper, size_t Count,
                  RankRange LowerRange, RankRange UpperRange) {
  for (auto &[Name, Entry] : Lower)
    if (!Upper.count(Name))
      Entry.merge(HeldAggregates::absent(Count, UpperRange), LowerRange,
                  UpperRange);
  for (auto &[Name, Entry] : Upper) {
    auto Found = Lower.find(Name);
    if (Found != Lower.end()) {
      Found->second.merge(Entry, LowerRange, UpperRange);
      continue;
    }
    HeldAggregates Merged = HeldAggregates::absent(Count, LowerRange);
    Merged.merge(Entry, LowerRange, UpperRange);
    Lower.emplace(Name, std::move(Merged));
  }
}

} // namespace

int declaredRankCount(const json &Experiment) {
  return static_cast<int>(std::min<uint64_t>(claimedRankCount(Experiment),
                                             static_cast<uint64_t>(INT_MAX)));
}

PartialJob partialWithProblem(int Rank, const std::string &Problem) {
  PartialJob Partial;
  Partial.Range = {Rank, Rank + 1};
  Partial.Ranks.emplace_back();
  Partial.Ranks.back().Rank = Rank;
  if (!Problem.empty())
    Partial.Problems.push_back(Problem);
  return Partial;
}

namespace {

/// partialFromRank() for files whose fields have the types it reads them
/// as (RankFileCheck.h).
PartialJob partialFromCheckedRank(const RankFiles &Files) {
  PartialJob Partial = partialWithProblem(Files.Rank, "");
  json Profile = parseOrNull(Files.Profile, CallTreeNesting);
  json Regions = parseOrNull(Files.Regions);
  json Experiment = parseOrNull(Files.Experiment);
  std::string Snapshot = snapshotProblem(Experiment, Files.Rank);
  json Mpi = parseOrNull(Files.Mpi);
  readRankMpi(Mpi, Partial, !Snapshot.empty(), measuredByMpiAdapter(Experiment));
  Partial.DeclaredRanks = declaredRankCount(Experiment);
  if (!Profile.is_array() || !Regions.is_object() || !Experiment.is_object()) {
    Partial.Problems.push_back(
        rankName(Files.Rank) +
        ": profile.json, regions.json or experiment.json is missing or "
        "unreadable; the rank is left out of the combined profile");
    return Partial;
  }
  const char *LeftOut = "the rank is left out of the combined profile";
  std::pair<const char *, std::string> Checks[] = {
      {files::Experiment, checkRankExperiment(Experiment)},
      {files::Regions, checkRankRegions(Regions)},
      {files::Profile, checkRankProfile(Profile)}};
  for (const auto &[File, Problem] : Checks)
    if (!Problem.empty()) {
      Partial.Problems.push_back(
          fieldProblem(Files.Rank, File, Problem, LeftOut));
      return Partial;
    }
  RankRecord &Record = Partial.Ranks.back();
  Record.Read = true;
  Record.Entry = rankEntry(Experiment, Files.Rank);
  Record.Entry["clock"] = rankClockEntry(
      Mpi, Experiment.value(experiment_keys::ClockTicksPerSecond, 0.0));
  if (!Snapshot.empty())
    Partial.Problems.push_back(std::move(Snapshot));
  Partial.RegionsVersion =
      Regions.value(keys::FormatVersion, json(RegionsFormat.Version));
  Partial.Metrics = JobMetrics::fromExperiments({Experiment});
  readRankProfile(Profile, Files.Rank, Partial.Regions.addRankRegions(Regions),
                  Partial.Regions, Partial.Root, Partial.Metrics,
                  Partial.Times);
  Partial.FirstExperiment = std::move(Experiment);
  return Partial;
}

} // namespace

PartialJob partialFromRank(const RankFiles &Files) {
  try {
    return partialFromCheckedRank(Files);
  } catch (const json::exception &) {
    // A type the checks do not foresee: the rank is left out, without
    // nlohmann-json's text (which names neither the file nor the place).
    return partialWithProblem(
        Files.Rank, rankName(Files.Rank) + ": a value in the files of " +
                        files::rankDirectoryName(Files.Rank) +
                        "/ has a type the merge does not read; the rank is "
                        "left out of the job's view");
  }
}

void merge(PartialJob &Lower, PartialJob &&Upper) {
  if (Upper.empty())
    return;
  if (Lower.empty()) {
    Lower = std::move(Upper);
    return;
  }
  if (Upper.Range.Lo < Lower.Range.Hi)
    throw std::invalid_argument(
        "merging partials of ranks [" + std::to_string(Upper.Range.Lo) + ", " +
        std::to_string(Upper.Range.Hi) + ") that do not follow [" +
        std::to_string(Lower.Range.Lo) + ", " + std::to_string(Lower.Range.Hi) +
        ")");
  RankRange L = Lower.Range, U = Upper.Range;
  // The upper ranks' regions and metrics in the lower ones' numbering.
  RegionRenumbering Ids;
  for (const json &Region : Upper.Regions.regions())
    Ids[Region.value("id", 0u)] = Lower.Regions.add(Region);
  renumberRegions(Upper.Root, Ids);
  RegionTimes Times;
  for (auto &[Region, Entry] : Upper.Times)
    Times.emplace(Ids.at(Region), std::move(Entry));
  size_t LowerMetrics = Lower.Metrics.Names.size();
  std::vector<int> UpperIndex = Lower.Metrics.add(Upper.Metrics);
  if (Lower.Metrics.Names.size() != LowerMetrics) {
    std::vector<int> Extended(Lower.Metrics.Names.size(), -1);
    for (size_t M = 0; M < LowerMetrics; ++M)
      Extended[M] = static_cast<int>(M);
    remapMetrics(Lower.Root, Extended);
  }
  std::vector<int> From(Lower.Metrics.Names.size(), -1);
  for (size_t M = 0; M < UpperIndex.size(); ++M)
    From[static_cast<size_t>(UpperIndex[M])] = static_cast<int>(M);
  remapMetrics(Upper.Root, From);

  mergeTrees(Lower.Root, std::move(Upper.Root), L, U);
  mergeEntries(Lower.Times, std::move(Times), RegionTimeCount, L, U);
  mergeEntries(Lower.Functions, std::move(Upper.Functions),
               job_keys::FunctionFieldCount, L, U);
  if (Lower.RegionsVersion.is_null())
    Lower.RegionsVersion = std::move(Upper.RegionsVersion);
  if (Lower.FirstExperiment.is_null())
    Lower.FirstExperiment = std::move(Upper.FirstExperiment);
  Lower.DeclaredRanks = std::max(Lower.DeclaredRanks, Upper.DeclaredRanks);
  for (RankRecord &Record : Upper.Ranks)
    Lower.Ranks.push_back(std::move(Record));
  mergeTools(Lower.Tools, Upper.Tools);
  for (std::string &Problem : Upper.Problems)
    Lower.Problems.push_back(std::move(Problem));
  Lower.Range.Hi = U.Hi;
}

} // namespace format
} // namespace sextant
