//===- mpi/MessageTrace.h - MPI messages in the trace -----------*- C++ -*-===//
//
// Part of Sextant. With SEXTANT_TRACE=1 the adapter records every
// point-to-point message in the calling thread's trace as a record
// (format/schema/TraceFormat.h, trace::RecordType): a send when it starts (the
// call of a blocking or nonblocking send, MPI_Start of a persistent one),
// a receive when it completes (MPI_Recv, or the Wait/Test that completes
// it), with the communicator's id, the partner's world rank, the tag and
// the bytes. `sextant export` pairs them (format/job/MessageMatching.h).
// Every collective call on an intracommunicator is recorded too, with the
// communicator's id, its root and its size: the wait-state analysis
// (format/job/WaitStates.h) matches the calls of one operation by their
// order on the communicator.
//
// A communicator's id is 0 for MPI_COMM_WORLD, else a 64-bit FNV-1a hash of
// its ranks' world ranks (never 0), which every member computes alike
// without communicating; communicators with the same ranks share it. It
// is computed per message (linear in the communicator's size) only while
// tracing.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MESSAGETRACE_H
#define SEXTANT_MPI_MESSAGETRACE_H

#include "MpiAccounting.h"

#include <cstdint>

namespace sextant {
namespace mpi {

/// Whether messages go into the trace now.
inline bool messagesTraced() {
  return accounting().Tracing.load(std::memory_order_relaxed) &&
         accountingActive();
}

/// The id of the communicator whose world ranks Ranks holds (null: the
/// world's).
uint64_t communicatorId(const RankMap &Ranks);

/// A send of Bytes to Destination (a rank of Comm) with Tag starts now.
void traceSend(MPI_Comm Comm, int Destination, int Tag, uint64_t Bytes);
/// The same for a persistent send started by MPI_Start (Record from
/// MPI_Send_init).
void traceStartedSend(const RequestRecord &Record);
/// A collective operation on Comm with root Root (a rank of Comm; any
/// value for an operation without a root: HasRoot false) is called now.
/// Nothing is recorded for an intercommunicator.
void traceCollective(MPI_Comm Comm, bool HasRoot, int Root);
/// A receive completed now with Status on a communicator whose world ranks
/// Ranks holds.
void traceReceive(const RankMap &Ranks, const MPI_Status &Status,
                  uint64_t Bytes);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_MESSAGETRACE_H
