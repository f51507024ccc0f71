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

/// A rank's result against rank 0's clock, as a parent sends it to a child
/// and a leader to its group's members.
struct SyncResult {
  uint64_t LocalTicks = 0;
  uint64_t ReferenceTicks = 0;
  uint64_t RoundTripTicks = 0; ///< summed along the chain, rank 0's ticks
  double ReferenceTicksPerSecond = 1e9;
  uint32_t Hops = 0;
  int32_t SharedWith = -1;
};

void sendResult(const SyncResult &Result, int To, MPI_Comm Comm) {
  PMPI_Send(&Result, sizeof(Result), MPI_BYTE, To, SyncTag, Comm);
}

SyncResult receiveResult(int From, MPI_Comm Comm) {
  SyncResult Result;
  PMPI_Recv(&Result, sizeof(Result), MPI_BYTE, From, SyncTag, Comm,
            MPI_STATUS_IGNORE);
  return Result;
}

/// The parent's side of a pair: ping-pongs with Child, then sends it its
/// result, Own translating the parent's ticks into rank 0's.
void serveChild(const SyncResult &Own, double OwnTicksPerSecond, int Child,
                MPI_Comm Comm) {
  uint64_t ChildTicks = 0, Midpoint = 0, BestRoundTrip = UINT64_MAX;
  for (unsigned Round = 0; Round < ClockSyncRoundTrips; ++Round) {
    uint64_t Remote = 0;
    uint64_t Before = now();
    PMPI_Send(nullptr, 0, MPI_BYTE, Child, SyncTag, Comm);
    PMPI_Recv(&Remote, 1, MPI_UINT64_T, Child, SyncTag, Comm,
              MPI_STATUS_IGNORE);
    uint64_t After = now();
    uint64_t RoundTrip = After >= Before ? After - Before : 0;
    if (RoundTrip < BestRoundTrip) {
      ChildTicks = Remote;
      Midpoint = Before + RoundTrip / 2;
      BestRoundTrip = RoundTrip;
    }
  }
  // The parent's ticks since its own point, in rank 0's ticks.
  double Scale = OwnTicksPerSecond > 0
                     ? Own.ReferenceTicksPerSecond / OwnTicksPerSecond
                     : 1.0;
  double Since = Midpoint >= Own.LocalTicks
                     ? static_cast<double>(Midpoint - Own.LocalTicks)
                     : -static_cast<double>(Own.LocalTicks - Midpoint);
  SyncResult Result = Own;
  Result.LocalTicks = ChildTicks;
  Result.ReferenceTicks = static_cast<uint64_t>(
      static_cast<double>(Own.ReferenceTicks) + Since * Scale);
  Result.RoundTripTicks =
      Own.RoundTripTicks +
      static_cast<uint64_t>(static_cast<double>(BestRoundTrip) * Scale);
  Result.Hops = Own.Hops + 1;
  Result.SharedWith = -1;
  sendResult(Result, Child, Comm);
}

/// The child's side of a pair: answers the parent's pings with its clock.
SyncResult answerParent(int Parent, MPI_Comm Comm) {
  for (unsigned Round = 0; Round < ClockSyncRoundTrips; ++Round) {
    PMPI_Recv(nullptr, 0, MPI_BYTE, Parent, SyncTag, Comm, MPI_STATUS_IGNORE);
    uint64_t Mine = now();
    PMPI_Send(&Mine, 1, MPI_UINT64_T, Parent, SyncTag, Comm);
  }
  return receiveResult(Parent, Comm);
}

format::ClockSyncPoint pointOf(const SyncResult &Result, const char *At) {
  format::ClockSyncPoint Point;
  Point.At = At;
  Point.LocalTicks = Result.LocalTicks;
  Point.ReferenceTicks = Result.ReferenceTicks;
  Point.RoundTripTicks = Result.RoundTripTicks;
  Point.Hops = Result.Hops;
  Point.SharedWith = Result.SharedWith;
  Point.ReferenceTicksPerSecond = Result.ReferenceTicksPerSecond;
  if (Result.ReferenceTicksPerSecond > 0)
    Point.ErrorBoundSeconds = static_cast<double>(Result.RoundTripTicks) / 2 /
                              Result.ReferenceTicksPerSecond;
  return Point;
}

} // namespace

format::ClockSyncPoint synchronizeClocks(const ClockPlan &Plan, MPI_Comm Comm,
                                         int Rank, const char *At) {
  int Leader = Plan.leaderOf(Rank);
  if (Leader != Rank) {
    if (Leader == 0) {
      // Rank 0's clock itself: the identity, no message.
      SyncResult Same;
      Same.LocalTicks = Same.ReferenceTicks = now();
      Same.ReferenceTicksPerSecond =
          __sextant_adapter_clock_ticks_per_second();
      Same.SharedWith = 0;
      return pointOf(Same, At);
    }
    SyncResult Shared = receiveResult(Leader, Comm);
    Shared.SharedWith = Leader;
    return pointOf(Shared, At);
  }
  double OwnTicksPerSecond = __sextant_adapter_clock_ticks_per_second();
  SyncResult Own;
  if (Rank == 0) {
    Own.LocalTicks = Own.ReferenceTicks = now();
    Own.ReferenceTicksPerSecond = OwnTicksPerSecond;
  } else {
    Own = answerParent(Plan.parentOf(Rank), Comm);
  }
  for (int Child : Plan.childrenOf(Rank))
    serveChild(Own, OwnTicksPerSecond, Child, Comm);
  if (Rank != 0)
    for (int Member : Plan.membersOf(Rank))
      sendResult(Own, Member, Comm);
  return pointOf(Own, At);
}

} // namespace mpi
} // namespace sextant
