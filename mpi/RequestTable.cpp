//===- mpi/RequestTable.cpp - Pending nonblocking operations --------------===//
//
// Part of Sextant. See RequestTable.h.
//
//===----------------------------------------------------------------------===//

#include "RequestTable.h"

namespace sextant {
namespace mpi {

void RequestTable::Queue::popFront() {
  First = std::move(Later.front());
  Later.erase(Later.begin());
}

void RequestTable::insert(uint64_t Request, const RequestRecord &Record) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [Found, New] = Records.try_emplace(Request, Queue{Record, {}});
  if (New) {
    ++Count;
    return;
  }
  Queue &Q = Found->second;
  // A persistent request's handle is its own: what was recorded under it is
  // stale (a freed request's leftovers).
  if (Record.Persistent || Q.First.Persistent) {
    Count -= Q.size();
    Q = Queue{Record, {}};
    ++Count;
    return;
  }
  Q.Later.push_back(Record);
  ++Count;
}

bool RequestTable::start(uint64_t Request) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = Records.find(Request);
  if (Found == Records.end() || !Found->second.First.Persistent)
    return false;
  Found->second.First.Active = true;
  Found->second.First.CancelRequested = false;
  return true;
}

std::optional<RequestRecord> RequestTable::persistent(uint64_t Request) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = Records.find(Request);
  if (Found == Records.end() || !Found->second.First.Persistent)
    return std::nullopt;
  return Found->second.First;
}

std::optional<RequestRecord> RequestTable::complete(uint64_t Request) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = Records.find(Request);
  if (Found == Records.end() || !Found->second.First.Active)
    return std::nullopt;
  Queue &Q = Found->second;
  if (Q.First.Persistent) {
    Q.First.Active = false;
    return Q.First;
  }
  std::optional<RequestRecord> Record(std::move(Q.First));
  --Count;
  if (Q.Later.empty())
    Records.erase(Found);
  else
    Q.popFront();
  return Record;
}

void RequestTable::cancel(uint64_t Request) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = Records.find(Request);
  if (Found != Records.end())
    Found->second.First.CancelRequested = true;
}

std::optional<RequestRecord> RequestTable::release(uint64_t Request) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = Records.find(Request);
  if (Found == Records.end())
    return std::nullopt;
  Queue &Q = Found->second;
  std::optional<RequestRecord> Record(std::move(Q.First));
  --Count;
  if (Q.Later.empty())
    Records.erase(Found);
  else
    Q.popFront();
  return Record;
}

size_t RequestTable::size() const {
  // May run in a fatal-signal handler that interrupted a holder of the
  // lock on this thread: a racy read rather than a deadlock.
  std::unique_lock<std::mutex> Lock(Mutex, std::try_to_lock);
  return Count;
}

} // namespace mpi
} // namespace sextant
