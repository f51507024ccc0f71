//===- format/job/CrossRankMpi.cpp - An MPI job's mpi.json ----------------===//
//
// Part of Sextant. See CrossRankMpi.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankMpi.h"
#include "format/job/JsonDocument.h"

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

/// One entry of a rank's "point_to_point" or "one_sided" list.
json trafficEntryJson(int Partner, const Traffic &T) {
  json Entry = {{job_keys::Partner, Partner}};
  for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F)
    Entry[job_keys::TrafficFields[F]] = T.*TrafficMembers[F];
  return Entry;
}

} // namespace

json matrixJson(const SparseMatrix &Rows) {
  json Result = json::array();
  for (const SparseTraffic &Row : Rows) {
    json List = json::array();
    for (const auto &[Partner, T] : Row)
      List.push_back(trafficEntryJson(Partner, T));
    Result.push_back(std::move(List));
  }
  return Result;
}

json functionStatisticsJson(const FunctionStatistics &F) {
  const RankStatistics &S = F.Statistics;
  return {{"total", F.Total},      {"min", S.Min},
          {"mean", S.Mean},        {"max", S.Max},
          {"min_rank", S.MinRank}, {"max_rank", S.MaxRank},
          {"per_rank", F.PerRank}};
}

json rankTrafficJson(const std::vector<Traffic> &Row) {
  json List = json::array();
  for (size_t Partner = 0; Partner < Row.size(); ++Partner)
    if (!Row[Partner].empty())
      List.push_back(trafficEntryJson(static_cast<int>(Partner), Row[Partner]));
  return List;
}

SparseTraffic readRankTraffic(const json &List) {
  SparseTraffic Row;
  if (!List.is_array())
    return Row;
  for (const json &Entry : List) {
    int Partner = Entry.value(job_keys::Partner, -1);
    if (Partner < 0)
      continue;
    Traffic T;
    for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F)
      T.*TrafficMembers[F] =
          Entry.value(job_keys::TrafficFields[F], uint64_t(0));
    Row.push_back({Partner, T});
  }
  return Row;
}

json rankFunctionJson(
    const std::string &Name,
    const std::array<uint64_t, job_keys::FunctionFieldCount> &Counts) {
  json Entry = {{"name", Name}};
  for (size_t F = 0; F < job_keys::FunctionFieldCount; ++F)
    Entry[job_keys::FunctionFields[F]] = Counts[F];
  return Entry;
}

} // namespace format
} // namespace sextant
