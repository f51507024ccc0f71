//===- format/job/MpiSessionCosts.cpp - Sextant's time at MPI start, end --===//
//
// Part of Sextant. The job summary's section on the adapter's own time at
// MPI_Init and MPI_Finalize (MpiSessionCosts.h).
//
//===----------------------------------------------------------------------===//

#include "format/job/MpiSessionCosts.h"

#include "format/profile/TextLayout.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

namespace sextant {
namespace format {

namespace {

/// One phase as a row, laid out as the summary's other tables: the number
/// through formatFixed, which the program's locale cannot change (the
/// adapter renders this inside the program).
std::string phaseLine(const MpiSessionCosts::Phase &Phase, const char *What) {
  return "  " + padLeft(formatFixed(Phase.Seconds, 6), 10) + "  " +
         padLeft(std::to_string(Phase.Rank), 4) + "  " + What + "\n";
}

} // namespace

std::string mpiSessionCostsText(const MpiSessionCosts &Costs) {
  std::string S = "\nSextant's own time at MPI_Init and MPI_Finalize "
                  "(seconds, the largest over the ranks)\n"
                  "     seconds  rank  phase\n";
  S += phaseLine(Costs.InitSetup,
                 "set-up at MPI_Init: job directory, every rank's host and "
                 "clock, clock synchronization (region \"Sextant at "
                 "MPI_Init\")");
  S += phaseLine(Costs.FinalizeSync,
                 "private communicator and clock synchronization at "
                 "MPI_Finalize (region \"Sextant at MPI_Finalize\"; what "
                 "follows: in no region)");
  S += phaseLine(Costs.RankWrite,
                 "writing the rank's own experiment, rank-<r>/");
  S += phaseLine(Costs.JobCombine,
                 "combining the job's view over the ranks (rank 0 "
                 "then writes it)");
  S += "The MPI library's own MPI_Init and MPI_Finalize are not in this "
       "table, nor in these regions.\n";
  return S;
}

nlohmann::json mpiSessionCostsJson(const MpiSessionCosts &Costs) {
  return {{experiment_keys::InitSetup, Costs.InitSetup.Seconds},
          {experiment_keys::FinalizeSync, Costs.FinalizeSync.Seconds},
          {experiment_keys::RankWrite, Costs.RankWrite.Seconds},
          {experiment_keys::JobCombine, Costs.JobCombine.Seconds}};
}

} // namespace format
} // namespace sextant
