//===- mpi/ClockSync.h - Clock synchronisation of a job's ranks -*- C++ -*-===//
//
// Part of Sextant. Aligns the clocks of a traced job's ranks (the runtime's,
// whose ticks the traces hold) to rank 0's, at MPI_Init and at MPI_Finalize,
// over the adapter's private communicator.
//
// Ranks that share a clock (ClockGroups.h: one kernel, one clock source)
// need no message: rank 0's group takes the identity, every other group
// takes its leader's result, sent by the leader (one message per member).
// The leaders synchronise along ClockPlan's binomial tree, top-down: a
// parent plays ClockSyncRoundTrips ping-pongs with a child; in each, the
// child reads its clock between the ping and the pong and the parent takes
// the midpoint of its readings before the ping and after the pong as the
// simultaneous reading of its own clock. The ping-pong with the smallest
// round trip is kept (its error is at most half the round trip). The parent
// translates its midpoint into rank 0's ticks with its own result (the
// difference scaled by the ratio of the two clocks' frequencies, known to
// about 1e-5 at MPI_Init and better later), so every point is against rank
// 0's clock; the round trips along the chain are added up, in rank 0's
// ticks: half their sum bounds the error.
//
// Cost: no message at all on one host; across H hosts, ClockSyncRoundTrips
// round trips per tree edge, at most ceil(log2(H)) edges in sequence on any
// chain (rank 0 serves its children one after the other), plus one message
// per rank that is not a leader.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_CLOCKSYNC_H
#define SEXTANT_MPI_CLOCKSYNC_H

#include "ClockGroups.h"

#include "format/job/ClockAlignment.h"

#include <mpi.h>

namespace sextant {
namespace mpi {

/// Ping-pongs per pair of leaders and synchronisation.
constexpr unsigned ClockSyncRoundTrips = 10;

/// Synchronises this rank's clock with rank 0's over Comm (collective over
/// Comm, all of whose ranks pass the same Plan); At names the moment
/// ("MPI_Init"). Rank 0's point has equal readings and no round trip.
format::ClockSyncPoint synchronizeClocks(const ClockPlan &Plan, MPI_Comm Comm,
                                         int Rank, const char *At);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_CLOCKSYNC_H
