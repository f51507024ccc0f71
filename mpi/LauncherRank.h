//===- mpi/LauncherRank.h - Rank and size from the launcher -----*- C++ -*-===//
//
// Part of Sextant. Before MPI is initialized, the rank of a process and the
// size of its job are known only from the variables the launcher sets. The
// first complete pair in this order is used:
//
//   PMI_RANK / PMI_SIZE                          MPICH's Hydra (PMI)
//   OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_SIZE  Open MPI's mpirun
//   PMIX_RANK / (OMPI_COMM_WORLD_SIZE)           PMIx launchers
//   SLURM_PROCID / SLURM_NTASKS                  srun
//
//   MPI_LOCALRANKID / MPI_LOCALNRANKS            Hydra's rank on the node
//
// The last is a node-local rank: on several nodes, ranks may share a name
// until MPI_Init replaces it by the world rank. Values must be decimal
// integers with 0 <= rank < size.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_LAUNCHERRANK_H
#define SEXTANT_MPI_LAUNCHERRANK_H

#include <string>

namespace sextant {
namespace mpi {

struct LauncherRank {
  int Rank = -1;
  int Size = 0;
  /// The variable the rank came from, e.g. "PMI_RANK"; empty: none.
  std::string Source;
};

/// The rank from the environment, looked up through GetVariable (getenv in
/// the adapter; a table in the unit tests).
LauncherRank launcherRank(const char *(*GetVariable)(const char *Name));

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_LAUNCHERRANK_H
