//===- mpi/MpiSession.h - An MPI job's start, end and faults ----*- C++ -*-===//
//
// Part of Sextant. The life cycle of the measurement in an MPI process:
//
//   - load time (the adapter's constructor): the rank and size from the
//     launcher's variables, so that output is per rank from the start;
//   - MPI_Init/MPI_Init_thread: the rank and size from MPI, rank 0's
//     experiment directory and the table of every rank's host, pid and
//     clock (for faults and the clock groups) in one allgather on
//     MPI_COMM_WORLD (inside MPI_Init, before any collective of the
//     program's), the check for other PMPI tools, the first clock
//     synchronisation with rank 0 when a rank traces (ClockSync.h) and the
//     start of the accounting (and, when tracing, of the message records,
//     MessageTrace.h);
//   - MPI_Finalize: a private duplicate of MPI_COMM_WORLD, the second clock
//     synchronisation, then every rank
//     writes its own rank-<r>/ directory (clock_sync in mpi.json), the
//     ranks reduce the job's combined view over a tree of the private
//     communicator (JobReduction.h) and rank 0 writes it into the
//     experiment directory;
//   - MPI_Abort and fatal signals: the failing rank writes its data and asks
//     the other ranks on its host to write theirs (a flush signal handled
//     by a helper thread), waiting for them at most FaultWaitSeconds before
//     the launcher kills the job;
//   - no MPI_Finalize: every rank writes rank-<r>/ at exit as usual.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MPISESSION_H
#define SEXTANT_MPI_MPISESSION_H

namespace sextant {
namespace mpi {

/// Longest wait of a failing rank for the other ranks' data.
constexpr int FaultWaitSeconds = 10;

void sessionAfterInit(int Result, int ProvidedThreadLevel);
void sessionBeforeFinalize();
void sessionAfterFinalize();
void sessionBeforeAbort(int ErrorCode);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_MPISESSION_H
