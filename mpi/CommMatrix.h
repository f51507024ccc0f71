//===- mpi/CommMatrix.h - Messages and bytes per partner rank ---*- C++ -*-===//
//
// Part of Sextant. One rank's row of the communication matrix: for every
// partner (world rank) the messages and bytes this rank sent to it and
// received from it, through point-to-point operations (blocking,
// nonblocking, persistent) and one-sided operations (a put or accumulate is
// sent to the target, a get received from it). Thread-safe; row() and
// outOfRange() give up waiting for the lock after about a second (they may
// run in a fatal-signal handler).
//
// Traffic and the job's matrix made of the ranks' rows are defined in
// format/schema/CrossRankTraffic.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_COMMMATRIX_H
#define SEXTANT_MPI_COMMMATRIX_H

#include "format/schema/CrossRankTraffic.h"

#include <cstdint>
#include <mutex>
#include <vector>

namespace sextant {
namespace mpi {

using format::Traffic;

class CommMatrix {
public:
  /// Sets the number of partners (the world size); earlier counts stay.
  void resize(int Ranks);
  /// Counts one message of Bytes; a partner outside [0, size) is counted in
  /// outOfRange() instead.
  void recordSend(int Partner, uint64_t Bytes);
  void recordReceive(int Partner, uint64_t Bytes);
  std::vector<Traffic> row() const;
  uint64_t outOfRange() const;

private:
  mutable std::mutex Mutex;
  std::vector<Traffic> Row;
  uint64_t OutOfRange = 0;
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_COMMMATRIX_H
