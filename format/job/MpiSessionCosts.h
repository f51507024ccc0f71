//===- format/job/MpiSessionCosts.h - Sextant's time at MPI start and end -===//
//
// Part of Sextant. A short MPI job pays a fixed time for being measured,
// most of it at MPI_Init and MPI_Finalize, where the PMPI adapter
// (mpi/MpiSession.cpp) sets up the job and then writes and combines it.
// The adapter measures each phase on every rank, and rank 0 ends the job's
// summary.txt with them (the largest time over the ranks and its rank):
//
//   Sextant's own time at MPI_Init and MPI_Finalize (seconds, the
//   largest over the ranks)
//       seconds  rank  phase
//      0.017200     1  set-up in MPI_Init (...)
//      ...
//
// The job's experiment.json has them too ("mpi_measurement_seconds"), and
// the HTML report's run panel shows them. Only the adapter at MPI_Finalize
// knows these times: `sextant combine` writes a view without them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_MPISESSIONCOSTS_H
#define SEXTANT_FORMAT_JOB_MPISESSIONCOSTS_H

#include <nlohmann/json.hpp>

#include <string>

namespace sextant {
namespace format {

struct MpiSessionCosts {
  /// One phase: the largest time any rank spent in it, and that rank.
  struct Phase {
    double Seconds = 0;
    int Rank = 0;
  };
  /// After the MPI library's own MPI_Init: the job directory and every
  /// rank's host, pid and clock in one allgather, the first clock
  /// synchronization (in the region "Sextant at MPI_Init", not
  /// MPI_Init's).
  Phase InitSetup;
  /// At MPI_Finalize, before the library's MPI_Finalize: the adapter's
  /// private communicator and the second clock synchronization (in the
  /// region "Sextant at MPI_Finalize").
  Phase FinalizeSync;
  /// Writing the rank's own experiment (rank-<r>/).
  Phase RankWrite;
  /// Combining the job's view over the ranks, up to rank 0's rendering of
  /// it (rank 0; writing the job's files follows).
  Phase JobCombine;
};

/// The section of the job's summary.txt that lists Costs, starting with a
/// blank line.
std::string mpiSessionCostsText(const MpiSessionCosts &Costs);

/// Costs as the job's experiment.json has them, "mpi_measurement_seconds"
/// (format/schema/ExperimentDescription.h: MpiMeasurementTime).
nlohmann::json mpiSessionCostsJson(const MpiSessionCosts &Costs);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_MPISESSIONCOSTS_H
