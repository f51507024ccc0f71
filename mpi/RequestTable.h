//===- mpi/RequestTable.h - Pending nonblocking operations ------*- C++ -*-===//
//
// Part of Sextant. The bytes and partner of a nonblocking or persistent
// point-to-point operation are known (send) or knowable (receive: from the
// status) only when its request completes in one of the Wait/Test calls.
// The RequestTable keeps, per request handle, what completion needs:
//
//   - insert() at MPI_Isend/Irecv/..., MPI_Send_init/Recv_init/...;
//   - start() at MPI_Start/Startall (persistent requests become active);
//   - complete() when Wait/Test reports the request complete: a
//     non-persistent record is removed, a persistent one becomes inactive;
//     an unknown or inactive request gives nothing;
//   - cancel() at MPI_Cancel (the completion's status then says whether
//     the cancel succeeded) and release() at MPI_Request_free.
//
// Handles are opaque 64-bit keys (MpiAccounting.h converts MPI's handles).
// One handle may stand for several pending operations at once: MPICH returns
// the same predefined handle for every send that completed at once (an eager
// MPI_Isend), so the records of a handle form a queue, completed oldest
// first. The table is thread-safe (MPI_THREAD_MULTIPLE): one mutex, never
// held while MPI is called.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_REQUESTTABLE_H
#define SEXTANT_MPI_REQUESTTABLE_H

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace mpi {

enum class RequestKind : uint8_t {
  Send,       ///< bytes and partner known at the call
  Receive,    ///< bytes and partner from the completion's status
  SendReceive ///< MPI_Isendrecv(_replace): both
};

/// RequestRecord::SendPartner of an operation that sends nothing (a
/// receive, or a send to MPI_PROC_NULL).
constexpr int NoSendPartner = -2;

struct RequestRecord {
  RequestKind Kind = RequestKind::Send;
  bool Persistent = false;
  /// A persistent request between MPI_Start and its completion (always
  /// true for the others).
  bool Active = true;
  bool CancelRequested = false;
  /// The adapter's number of the function that started the operation.
  unsigned Function = 0;
  /// The send's partner (world rank; -1: not translatable) and bytes.
  int SendPartner = NoSendPartner;
  uint64_t SendBytes = 0;
  /// A persistent send's tag and communicator id (MessageTrace.h), for the
  /// trace at MPI_Start.
  int Tag = 0;
  uint64_t Communicator = 0;
  /// For a receive: the world ranks of the communicator's ranks (of its
  /// remote group for an intercommunicator), taken when the receive was
  /// posted, which turn the status's source into a world rank; null when
  /// the communicator's ranks are world ranks.
  std::shared_ptr<const std::vector<int>> ReceiveRanks;
};

class RequestTable {
public:
  /// Records a new request, behind the pending ones of the same handle.
  void insert(uint64_t Request, const RequestRecord &Record);
  /// MPI_Start: makes a persistent request active. False if unknown.
  /// (Persistent requests have handles of their own.)
  bool start(uint64_t Request);
  /// The record of a persistent request, if there is one.
  std::optional<RequestRecord> persistent(uint64_t Request) const;
  /// The request completed: its record if it was an active operation.
  std::optional<RequestRecord> complete(uint64_t Request);
  /// MPI_Cancel was called for the request.
  void cancel(uint64_t Request);
  /// MPI_Request_free: removes the request and returns its record.
  std::optional<RequestRecord> release(uint64_t Request);
  size_t size() const;

private:
  mutable std::mutex Mutex;
  /// The records of one handle, oldest first: the first inline (the usual
  /// case, no allocation besides the map's node), the rest in Later.
  struct Queue {
    RequestRecord First;
    std::vector<RequestRecord> Later;
    void popFront();
    size_t size() const { return 1 + Later.size(); }
  };
  std::unordered_map<uint64_t, Queue> Records;
  size_t Count = 0;
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_REQUESTTABLE_H
