//===- format/job/CrossRankExperiment.cpp - An MPI job's experiment.json --===//
//
// Part of Sextant. See CrossRankExperiment.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankExperiment.h"

#include "format/schema/ExperimentSchema.h"

#include <algorithm>

namespace sextant {
namespace format {

using nlohmann::json;

json rankEntry(const json &Experiment, int Rank) {
  return {{"rank", Rank},
          {"directory", files::rankDirectoryName(Rank)},
          {"pid", Experiment.value("pid", 0)},
          {"hostname", Experiment.value("hostname", "")},
          {"threads", Experiment.value("threads", 0u)},
          {"wall_time_seconds", Experiment.value("wall_time_seconds", 0.0)},
          {"ended_by_signal", Experiment.value("ended_by_signal", json())},
          {"snapshot_seconds", Experiment.value("snapshot_seconds", json())},
          {"sextant_version", Experiment.value("sextant_version", json())}};
}

bool measuredByMpiAdapter(const json &Experiment) {
  if (!Experiment.is_object())
    return true;
  auto Files = Experiment.find(experiment_keys::AdapterFiles);
  if (Files == Experiment.end() || !Files->is_array())
    return true;
  for (const json &Name : *Files)
    if (Name.is_string() && Name.get<std::string>() == files::Mpi)
      return true;
  return false;
}

namespace {

/// The job's profile.json holds the metrics that add up over ranks
/// (CrossRankProfile.h): the others leave "metrics" of experiment.json.
void keepSummedMetrics(json &Experiment) {
  auto Metrics = Experiment.find(experiment_keys::Metrics);
  if (Metrics == Experiment.end() || !Metrics->is_object())
    return;
  json Summed = json::array();
  for (const json &Metric :
       Metrics->value(experiment_keys::Measured, json::array()))
    if (Metric.is_object() &&
        Metric.value(experiment_keys::Accumulation, "") == AccumulationSum)
      Summed.push_back(Metric);
  (*Metrics)[experiment_keys::Measured] = Summed;
  (*Metrics)[experiment_keys::Derived] = json::array();
}

} // namespace

json jobExperiment(const json &First, const std::vector<json> &Entries,
                   int RankCount, const std::string &BaseDirectory,
                   size_t RegionCount) {
  json Experiment = First.is_object() ? First : json::object();
  Experiment[keys::Format] = ExperimentFormat.Name;
  if (!Experiment.contains("format_version"))
    Experiment[keys::FormatVersion] = ExperimentFormat.Version;
  Experiment["output_directory"] = BaseDirectory;
  Experiment["mpi_rank"] = nullptr;
  Experiment["mpi_ranks"] = RankCount;
  keepSummedMetrics(Experiment);
  uint64_t Threads = 0;
  // The job is a snapshot's as far as its earliest rank that ended by one.
  json Snapshot = nullptr;
  for (const json &Entry : Entries) {
    Threads += Entry.value("threads", 0u);
    auto Seconds = Entry.find(experiment_keys::SnapshotSeconds);
    if (Seconds != Entry.end() && Seconds->is_number() &&
        (Snapshot.is_null() || Seconds->get<double>() < Snapshot.get<double>()))
      Snapshot = *Seconds;
  }
  Experiment[experiment_keys::SnapshotSeconds] = Snapshot;
  Experiment["threads"] = Threads;
  Experiment["regions_registered"] = RegionCount;
  Experiment["ranks"] = Entries;
  Experiment["combined"] = true;
  return Experiment;
}

std::vector<double> rankWallTimes(const std::vector<json> &Entries,
                                  int RankCount) {
  std::vector<double> Wall(static_cast<size_t>(std::max(RankCount, 0)), 0.0);
  for (const json &Entry : Entries) {
    int Rank = Entry.value("rank", -1);
    if (Rank >= 0 && Rank < RankCount)
      Wall[static_cast<size_t>(Rank)] = Entry.value("wall_time_seconds", 0.0);
  }
  return Wall;
}

} // namespace format
} // namespace sextant
