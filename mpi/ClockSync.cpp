//===- mpi/ClockSync.cpp - Clock synchronisation of a job's ranks ---------===//
//
// Part of Sextant. See ClockSync.h. Only PMPI calls on the adapter's own
// communicator: the program's messages are never touched.
//
//===----------------------------------------------------------------------===//

#include "ClockSync.h"

#include "sextant/adapter_abi.h"

#include <cstdint>

namespace sextant {
namespace mpi {

namespace {

/// The tag of the synchronisation's messages on the private communicator.
constexpr int SyncTag = 0x5e57;

uint64_t now() { return __sextant_adapter_clock_ticks(); }

} // namespace

format::ClockSyncPoint synchronizeClocks(MPI_Comm Comm, int Rank, int Size,
                                         const char *At) {
  format::ClockSyncPoint Point;
  Point.At = At;
  if (Rank == 0) {
    for (int Other = 1; Other < Size; ++Other) {
      // Best: this rank's reading, rank 0's midpoint, the round trip.
      uint64_t Best[3] = {0, 0, UINT64_MAX};
      for (unsigned Round = 0; Round < ClockSyncRoundTrips; ++Round) {
        uint64_t Remote = 0;
        uint64_t Before = now();
        PMPI_Send(nullptr, 0, MPI_BYTE, Other, SyncTag, Comm);
        PMPI_Recv(&Remote, 1, MPI_UINT64_T, Other, SyncTag, Comm,
                  MPI_STATUS_IGNORE);
        uint64_t After = now();
        uint64_t RoundTrip = After >= Before ? After - Before : 0;
        if (RoundTrip < Best[2]) {
          Best[0] = Remote;
          Best[1] = Before + RoundTrip / 2;
          Best[2] = RoundTrip;
        }
      }
      PMPI_Send(Best, 3, MPI_UINT64_T, Other, SyncTag, Comm);
    }
    Point.LocalTicks = Point.ReferenceTicks = now();
    return Point;
  }
  for (unsigned Round = 0; Round < ClockSyncRoundTrips; ++Round) {
    PMPI_Recv(nullptr, 0, MPI_BYTE, 0, SyncTag, Comm, MPI_STATUS_IGNORE);
    uint64_t Mine = now();
    PMPI_Send(&Mine, 1, MPI_UINT64_T, 0, SyncTag, Comm);
  }
  uint64_t Best[3] = {0, 0, 0};
  PMPI_Recv(Best, 3, MPI_UINT64_T, 0, SyncTag, Comm, MPI_STATUS_IGNORE);
  Point.LocalTicks = Best[0];
  Point.ReferenceTicks = Best[1];
  Point.RoundTripTicks = Best[2];
  return Point;
}

} // namespace mpi
} // namespace sextant
