//===- format/CrossRankMpi.cpp - An MPI job's mpi.json --------------------===//
//
// Part of Sextant. See CrossRankMpi.h.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankMpi.h"
#include "format/JsonDocument.h"

#include "format/CrossRankStatistics.h"

#include <algorithm>
#include <set>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

/// The members of Traffic in job_keys::TrafficFields order.
constexpr uint64_t Traffic::*TrafficMembers[job_keys::TrafficFieldCount] = {
    &Traffic::MessagesSent, &Traffic::BytesSent, &Traffic::MessagesReceived,
    &Traffic::BytesReceived};

/// The matrix of Section ("point_to_point" or "one_sided"): row r from rank
/// r's list, empty for a rank not read.
TrafficMatrix readMatrix(const std::vector<json> &MpiFiles,
                         const char *Section) {
  size_t Ranks = MpiFiles.size();
  TrafficMatrix Rows(Ranks, std::vector<Traffic>(Ranks));
  for (size_t Rank = 0; Rank < Ranks; ++Rank) {
    if (!MpiFiles[Rank].is_object())
      continue;
    for (const json &Entry : MpiFiles[Rank].value(Section, json::array())) {
      int Partner = Entry.value(job_keys::Partner, -1);
      if (Partner < 0 || static_cast<size_t>(Partner) >= Ranks)
        continue;
      for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F)
        Rows[Rank][Partner].*TrafficMembers[F] =
            Entry.value(job_keys::TrafficFields[F], uint64_t(0));
    }
  }
  return Rows;
}

/// One table (ranks x ranks) per traffic field.
json matrixJson(const TrafficMatrix &Rows) {
  json Result;
  for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F) {
    json Table = json::array();
    for (const auto &Row : Rows) {
      json Line = json::array();
      for (const Traffic &T : Row)
        Line.push_back(T.*TrafficMembers[F]);
      Table.push_back(Line);
    }
    Result[job_keys::TrafficFields[F]] = Table;
  }
  return Result;
}

void addFunctions(JobMpi &Mpi, const json &MpiFile, size_t Rank) {
  for (const json &F : MpiFile.value("functions", json::array())) {
    auto &Fields = Mpi.Functions[F.value("name", "?")];
    if (Fields.empty())
      Fields.assign(job_keys::FunctionFieldCount,
                    std::vector<double>(static_cast<size_t>(Mpi.RankCount)));
    for (size_t Field = 0; Field < job_keys::FunctionFieldCount; ++Field)
      Fields[Field][Rank] = F.value(job_keys::FunctionFields[Field], 0.0);
  }
}

void addStateAndTools(JobMpi &Mpi, const json &MpiFile,
                      std::set<std::string> &ToolKeys) {
  if (!MpiFile.is_object()) {
    Mpi.RankStates.push_back(nullptr);
    return;
  }
  Mpi.RankStates.push_back(MpiFile.value("ended_by", json()));
  for (const json &T : MpiFile.value("other_pmpi_tools", json::array()))
    if (ToolKeys.insert(T.dump()).second)
      Mpi.Tools.push_back(T);
}

json statisticsJson(const std::vector<double> &PerRank) {
  RankStatistics S = rankStatistics(PerRank);
  return {{"total", rankTotal(PerRank)},
          {"min", S.Min},
          {"mean", S.Mean},
          {"max", S.Max},
          {"min_rank", S.MinRank},
          {"max_rank", S.MaxRank},
          {"per_rank", PerRank}};
}

} // namespace

json rankTrafficJson(const std::vector<Traffic> &Row) {
  json List = json::array();
  for (size_t Partner = 0; Partner < Row.size(); ++Partner) {
    if (Row[Partner].empty())
      continue;
    json Entry = {{job_keys::Partner, Partner}};
    for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F)
      Entry[job_keys::TrafficFields[F]] = Row[Partner].*TrafficMembers[F];
    List.push_back(Entry);
  }
  return List;
}

json rankFunctionJson(
    const std::string &Name,
    const std::array<uint64_t, job_keys::FunctionFieldCount> &Counts) {
  json Entry = {{"name", Name}};
  for (size_t F = 0; F < job_keys::FunctionFieldCount; ++F)
    Entry[job_keys::FunctionFields[F]] = Counts[F];
  return Entry;
}

JobMpi combineRankMpi(const std::vector<json> &MpiFiles) {
  JobMpi Mpi;
  Mpi.RankCount = static_cast<int>(MpiFiles.size());
  Mpi.PointToPoint = readMatrix(MpiFiles, "point_to_point");
  Mpi.OneSided = readMatrix(MpiFiles, "one_sided");
  Mpi.AllRanks = std::all_of(MpiFiles.begin(), MpiFiles.end(),
                             [](const json &F) { return F.is_object(); });
  if (Mpi.AllRanks)
    Mpi.Asymmetries = matrixAsymmetries(Mpi.PointToPoint);
  std::set<std::string> ToolKeys;
  for (size_t Rank = 0; Rank < MpiFiles.size(); ++Rank) {
    if (MpiFiles[Rank].is_object())
      addFunctions(Mpi, MpiFiles[Rank], Rank);
    addStateAndTools(Mpi, MpiFiles[Rank], ToolKeys);
  }
  return Mpi;
}

std::string jobMpiJson(const JobMpi &Mpi) {
  json Functions = json::array();
  for (const auto &[Name, Fields] : Mpi.Functions) {
    json F = {{"name", Name}};
    for (size_t Field = 0; Field < job_keys::FunctionFieldCount; ++Field)
      F[job_keys::FunctionFields[Field]] = statisticsJson(Fields[Field]);
    Functions.push_back(F);
  }
  json Out = {{keys::Format, JobMpiFormat.Name},
              {keys::FormatVersion, JobMpiFormat.Version},
              {"ranks", Mpi.RankCount},
              {"ranks_ended_by", Mpi.RankStates},
              {"point_to_point", matrixJson(Mpi.PointToPoint)},
              {"one_sided", matrixJson(Mpi.OneSided)},
              {"point_to_point_symmetric",
               Mpi.AllRanks ? json(Mpi.Asymmetries.empty()) : json()},
              {"point_to_point_asymmetries", Mpi.Asymmetries},
              {"functions", Functions},
              {"other_pmpi_tools", Mpi.Tools}};
  return renderJsonDocument(Out, 2);
}

} // namespace format
} // namespace sextant
