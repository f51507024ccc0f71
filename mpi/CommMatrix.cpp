//===- mpi/CommMatrix.cpp - Messages and bytes per partner rank -----------===//
//
// Part of Sextant. See CommMatrix.h.
//
//===----------------------------------------------------------------------===//

#include "CommMatrix.h"

#include <chrono>
#include <thread>

namespace sextant {
namespace mpi {

void CommMatrix::resize(int Ranks) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Ranks > 0 && static_cast<size_t>(Ranks) > Row.size())
    Row.resize(static_cast<size_t>(Ranks));
}

void CommMatrix::recordSend(int Partner, uint64_t Bytes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Partner < 0 || static_cast<size_t>(Partner) >= Row.size()) {
    ++OutOfRange;
    return;
  }
  ++Row[Partner].MessagesSent;
  Row[Partner].BytesSent += Bytes;
}

void CommMatrix::recordReceive(int Partner, uint64_t Bytes) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Partner < 0 || static_cast<size_t>(Partner) >= Row.size()) {
    ++OutOfRange;
    return;
  }
  ++Row[Partner].MessagesReceived;
  Row[Partner].BytesReceived += Bytes;
}

namespace {
/// Takes Mutex, giving up after about a second: row() may run in a
/// fatal-signal handler that interrupted this very thread while it held the
/// lock, where waiting would never end. Without the lock the copy may miss
/// the update in progress.
std::unique_lock<std::mutex> lockPatiently(std::mutex &Mutex) {
  std::unique_lock<std::mutex> Lock(Mutex, std::try_to_lock);
  for (int Attempt = 0; !Lock.owns_lock() && Attempt < 1000; ++Attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    Lock.try_lock();
  }
  return Lock;
}
} // namespace

std::vector<Traffic> CommMatrix::row() const {
  std::unique_lock<std::mutex> Lock = lockPatiently(Mutex);
  return Row;
}

uint64_t CommMatrix::outOfRange() const {
  std::unique_lock<std::mutex> Lock = lockPatiently(Mutex);
  return OutOfRange;
}

RankStatistics rankStatistics(const std::vector<double> &Values) {
  RankStatistics Result;
  if (Values.empty())
    return Result;
  Result.Min = Result.Max = Values[0];
  Result.MinRank = Result.MaxRank = 0;
  double Sum = 0;
  for (size_t Rank = 0; Rank < Values.size(); ++Rank) {
    double Value = Values[Rank];
    Sum += Value;
    if (Value < Result.Min) {
      Result.Min = Value;
      Result.MinRank = static_cast<int>(Rank);
    }
    if (Value > Result.Max) {
      Result.Max = Value;
      Result.MaxRank = static_cast<int>(Rank);
    }
  }
  Result.Mean = Sum / static_cast<double>(Values.size());
  return Result;
}

std::vector<std::string>
matrixAsymmetries(const std::vector<std::vector<Traffic>> &Rows) {
  std::vector<std::string> Found;
  for (size_t From = 0; From < Rows.size(); ++From) {
    for (size_t To = 0; To < Rows.size(); ++To) {
      Traffic Sent = From < Rows.size() && To < Rows[From].size()
                         ? Rows[From][To]
                         : Traffic();
      Traffic Received = From < Rows[To].size() ? Rows[To][From] : Traffic();
      if (Sent.MessagesSent == Received.MessagesReceived &&
          Sent.BytesSent == Received.BytesReceived)
        continue;
      Found.push_back(
          std::to_string(From) + "->" + std::to_string(To) + ": sent " +
          std::to_string(Sent.MessagesSent) + " messages / " +
          std::to_string(Sent.BytesSent) + " bytes, received " +
          std::to_string(Received.MessagesReceived) + " messages / " +
          std::to_string(Received.BytesReceived) + " bytes");
    }
  }
  return Found;
}

} // namespace mpi
} // namespace sextant
