//===- format/job/JobMpiFile.cpp - An MPI job's mpi.json ------------------===//
//
// Part of Sextant. See JobMpiFile.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobMpiFile.h"
#include "format/job/JsonDocument.h"

#include <algorithm>

namespace sextant {
namespace format {

using json = nlohmann::json;

namespace {

/// The job's sparse matrix from the ranks' rows: the partners of the job
/// with traffic, ascending (a partner listed twice: its last entry).
SparseMatrix sparseMatrix(const std::vector<RankRecord> &Records, int RankCount,
                          SparseTraffic RankRecord::*Row) {
  SparseMatrix Rows(static_cast<size_t>(RankCount));
  for (const RankRecord &Record : Records) {
    if (!Record.MpiRead || Record.Rank >= RankCount)
      continue;
    std::map<int, Traffic> Partners;
    for (const auto &[Partner, T] : Record.*Row)
      if (Partner >= 0 && Partner < RankCount)
        Partners[Partner] = T;
    SparseTraffic &Out = Rows[static_cast<size_t>(Record.Rank)];
    for (const auto &[Partner, T] : Partners)
      if (!T.empty())
        Out.push_back({Partner, T});
  }
  return Rows;
}

} // namespace

JobMpi jobMpi(const PartialJob &Partial, int RankCount) {
  JobMpi Mpi;
  Mpi.RankCount = RankCount;
  Mpi.PointToPoint =
      sparseMatrix(Partial.Ranks, RankCount, &RankRecord::PointToPoint);
  Mpi.OneSided = sparseMatrix(Partial.Ranks, RankCount, &RankRecord::OneSided);
  std::vector<const RankRecord *> ByRank(static_cast<size_t>(RankCount));
  for (const RankRecord &Record : Partial.Ranks)
    if (Record.MpiRead && Record.Rank < RankCount)
      ByRank[static_cast<size_t>(Record.Rank)] = &Record;
  Mpi.AllRanks = std::all_of(ByRank.begin(), ByRank.end(),
                             [](const RankRecord *R) { return R != nullptr; });
  if (Mpi.AllRanks)
    Mpi.Asymmetries = matrixAsymmetries(Mpi.PointToPoint);
  for (const auto &[Name, Held] : Partial.Functions) {
    auto &Fields = Mpi.Functions[Name];
    for (size_t F = 0; F < job_keys::FunctionFieldCount; ++F) {
      Fields[F].Total = Held.total(F);
      Fields[F].Statistics = Held.statistics(F, Partial.Range, RankCount);
      Fields[F].PerRank.assign(static_cast<size_t>(RankCount), 0.0);
    }
  }
  for (const RankRecord *Record : ByRank) {
    Mpi.RankStates.push_back(Record ? Record->EndedBy : json());
    if (!Record)
      continue;
    for (const auto &[Name, Counts] : Record->Functions) {
      auto Fields = Mpi.Functions.find(Name);
      if (Fields == Mpi.Functions.end())
        continue; // not in the partial's aggregates (PartialJob.h)
      for (size_t F = 0; F < job_keys::FunctionFieldCount; ++F)
        Fields->second[F].PerRank[static_cast<size_t>(Record->Rank)] =
            Counts[F];
    }
  }
  Mpi.Tools = Partial.Tools;
  return Mpi;
}

std::string jobMpiJson(const JobMpi &Mpi) {
  json Functions = json::array();
  for (const auto &[Name, Fields] : Mpi.Functions) {
    json F = {{"name", Name}};
    for (size_t Field = 0; Field < job_keys::FunctionFieldCount; ++Field)
      F[job_keys::FunctionFields[Field]] =
          functionStatisticsJson(Fields[Field]);
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
