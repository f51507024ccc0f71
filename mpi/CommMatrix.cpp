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

} // namespace mpi
} // namespace sextant
