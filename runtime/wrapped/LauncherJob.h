//===- runtime/wrapped/LauncherJob.h - The job a launcher started ---------===//
//-*-===//
//
// Part of Sextant. The identity of the parallel job a process belongs to,
// as its launcher sets it in the environment, for the processes that have
// no MPI adapter to agree on a directory (OpenSHMEM's PEs placed by a
// wrapped library). The first variable set and not empty is used:
//
//   PMIX_NAMESPACE          PMIx launchers: Open MPI 4 and 5 (mpirun,
//                           oshrun), PRRTE, Slurm with --mpi=pmix
//   OMPI_MCA_ess_base_jobid Open MPI's ORTE (mpirun, oshrun)
//   SLURM_JOB_ID[.SLURM_STEP_ID]  srun
//
// MPICH's Hydra sets no job identity: its processes keep a directory each
// unless SEXTANT_OUTPUT_DIR names one (docs/openshmem.md).
//
// The identity is shown as a directory-name component: every character
// other than letters, digits, '.', '_', '+' and '-' becomes '_'.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_WRAPPED_LAUNCHERJOB_H
#define SEXTANT_RUNTIME_WRAPPED_LAUNCHERJOB_H

#include <string>

namespace sextant {
namespace runtime {

struct LauncherJob {
  /// The job's identity; empty: the launcher set none.
  std::string Id;
  /// The variable it came from, e.g. "PMIX_NAMESPACE".
  std::string Source;
};

/// The job from the environment, looked up through GetVariable (getenv in
/// the runtime; a table in tests).
LauncherJob launcherJob(const char *(*GetVariable)(const char *Name));

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_WRAPPED_LAUNCHERJOB_H
