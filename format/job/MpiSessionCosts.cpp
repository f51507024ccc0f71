//===- format/job/MpiSessionCosts.cpp - Sextant's time at MPI start, end --===//
//
// Part of Sextant. The job summary's section on the adapter's own time at
// MPI_Init and MPI_Finalize (MpiSessionCosts.h).
//
//===----------------------------------------------------------------------===//

#include "format/job/MpiSessionCosts.h"

#include <cstdio>

namespace sextant {
namespace format {

namespace {

std::string phaseLine(const MpiSessionCosts::Phase &Phase, const char *What) {
  char Line[96];
  std::snprintf(Line, sizeof(Line), "  %10.6f  %4d  ", Phase.Seconds,
                Phase.Rank);
  return Line + std::string(What) + "\n";
}

} // namespace

std::string mpiSessionCostsText(const MpiSessionCosts &Costs) {
  std::string S = "\nSextant's fixed time at MPI_Init and MPI_Finalize "
                  "(seconds, the largest over the ranks)\n"
                  "     seconds  rank  phase\n";
  S += phaseLine(Costs.InitSetup,
                 "set-up in MPI_Init: private communicator, job directory, "
                 "clock synchronization (in MPI_Init's region)");
  S += phaseLine(Costs.FinalizeSync,
                 "clock synchronization in MPI_Finalize (this and "
                 "what follows: in no region)");
  S += phaseLine(Costs.RankWrite,
                 "writing the rank's own experiment, rank-<r>/");
  S += phaseLine(Costs.JobCombine,
                 "combining the job's view over the ranks (rank 0 "
                 "then writes it)");
  S += "The MPI library's own MPI_Init and MPI_Finalize are not in this "
       "table.\n";
  return S;
}

} // namespace format
} // namespace sextant
