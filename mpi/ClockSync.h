//===- mpi/ClockSync.h - Clock synchronisation of a job's ranks -*- C++ -*-===//
//
// Part of Sextant. At MPI_Init and at MPI_Finalize the adapter measures the
// offset of every rank's clock (the runtime's, whose ticks the traces hold)
// against rank 0's, over its private communicator, as Score-P does: rank 0
// plays ClockSyncRoundTrips ping-pongs with each other rank in turn; in each,
// the other rank reads its clock between the ping and the pong, and rank 0
// takes the midpoint of its readings before the ping and after the pong as the
// simultaneous reading of its own clock. The ping-pong with the smallest round
// trip is kept (its error is at most half the round trip) and sent back to the
// rank. Cost: ClockSyncRoundTrips round trips per rank, one after the other at
// rank 0, i.e. 10 x (ranks - 1) round trips of an empty message per
// synchronisation (one to a few microseconds each: about 2 ms at 100 ranks, 0.1
// to 0.5 s at 10,000), twice per job. The result (format/job/ClockAlignment.h)
// goes into the rank's mpi.json.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_CLOCKSYNC_H
#define SEXTANT_MPI_CLOCKSYNC_H

#include "format/job/ClockAlignment.h"

#include <mpi.h>

namespace sextant {
namespace mpi {

/// Ping-pongs per rank and synchronisation.
constexpr unsigned ClockSyncRoundTrips = 10;

/// Synchronises this rank's clock with rank 0's over Comm (collective over
/// Comm, whose rank Rank of Size this is); At names the moment ("MPI_Init").
/// Rank 0's point has equal readings and no round trip.
format::ClockSyncPoint synchronizeClocks(MPI_Comm Comm, int Rank, int Size,
                                         const char *At);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_CLOCKSYNC_H
