//===- mpi/MpiAccounting.h - Bytes and partners of MPI calls ----*- C++ -*-===//
//
// Part of Sextant. The adapter's process-wide accounting state and the
// helpers the accounting hooks (HookSupport.h) use:
//
//   - bytes of (count, datatype) pairs;
//   - the world rank of a communicator's rank, through a cache of each
//     communicator's rank translation (dropped at MPI_Comm_free), and of a
//     window's rank;
//   - the point-to-point and one-sided communication matrices, the request
//     table, the per-function byte counters and the matched-probe messages.
//
// Accounting is active between MPI_Init(_thread) and MPI_Finalize; outside
// that window (or when SEXTANT_ENABLE=0) the hooks do nothing. Every helper
// is thread-safe and calls MPI without holding a lock.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MPIACCOUNTING_H
#define SEXTANT_MPI_MPIACCOUNTING_H

#include "CallRegion.h"
#include "CommMatrix.h"
#include "HandleKey.h"
#include "RequestTable.h"

#include <mpi.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace mpi {

using RankMap = std::shared_ptr<const std::vector<int>>;

struct FunctionBytes {
  std::atomic<uint64_t> Sent{0};
  std::atomic<uint64_t> Received{0};
  std::atomic<uint64_t> RootCalls{0};
};

struct Accounting {
  std::atomic<bool> Active{false};
  /// Whether messages go into the trace (MessageTrace.h).
  std::atomic<bool> Tracing{false};
  int WorldRank = -1;
  int WorldSize = 0;
  CommMatrix PointToPoint;
  CommMatrix OneSided;
  RequestTable Requests;
  FunctionBytes Bytes[FunctionCount];
  std::atomic<uint64_t> CancelledOperations{0};
  std::atomic<uint64_t> FreedActiveReceives{0};

  std::mutex MapMutex;
  std::unordered_map<uint64_t, RankMap> CommunicatorRanks;
  std::unordered_map<uint64_t, RankMap> WindowRanks;
  std::unordered_map<uint64_t, RankMap> MessageRanks; // matched probes
};

Accounting &accounting();

/// The MPI function whose wrapper runs on this thread (set by CallRegion).
FunctionId currentFunction();

inline bool accountingActive() {
  return accounting().Active.load(std::memory_order_relaxed);
}

/// Count elements of Type in bytes (0 for a null or invalid datatype).
uint64_t dataBytes(MPI_Datatype Type, MPI_Count Count);

/// The world ranks of Comm's ranks (its remote group's for an
/// intercommunicator); null when they are the world ranks.
RankMap communicatorRanks(MPI_Comm Comm);
RankMap windowRanks(MPI_Win Window);
/// Forgets the cached translations (MPI_Comm_free, MPI_Win_free).
void forgetCommunicator(MPI_Comm Comm);
void forgetWindow(MPI_Win Window);

/// Rank of Map's communicator as a world rank; -1 for MPI_PROC_NULL,
/// MPI_ANY_SOURCE and ranks out of range.
int worldRankOf(const RankMap &Map, int Rank);

/// Number of ranks taking part with this rank in a collective on Comm (the
/// remote group's size for an intercommunicator), this rank's rank in it
/// and whether Comm is an intercommunicator.
struct CollectiveShape {
  int Size = 0;
  int Rank = -1;
  bool Inter = false;
};
CollectiveShape collectiveShape(MPI_Comm Comm);

void recordSend(FunctionId Function, MPI_Comm Comm, int Destination,
                uint64_t Bytes);
/// A completed receive described by Status on a communicator whose ranks
/// translate through Ranks.
void recordReceive(FunctionId Function, const RankMap &Ranks,
                   const MPI_Status &Status);
void recordCollective(FunctionId Function, uint64_t Sent, uint64_t Received,
                      bool Root);
void recordOneSided(FunctionId Function, MPI_Win Window, int Target,
                    uint64_t Sent, uint64_t Received);

/// A request that Wait/Test reported complete with Status.
void completeRequest(MPI_Request Request, const MPI_Status &Status);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_MPIACCOUNTING_H
