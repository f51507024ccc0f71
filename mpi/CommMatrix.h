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
// Also the cross-rank statistics of the experiment's combined view:
// rankStatistics() gives min, mean and max of one value over the ranks and
// which ranks hold the extremes; matrixAsymmetries() lists the pairs whose
// sent and received counts disagree (a complete run has none).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_COMMMATRIX_H
#define SEXTANT_MPI_COMMMATRIX_H

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace sextant {
namespace mpi {

struct Traffic {
  uint64_t MessagesSent = 0;
  uint64_t BytesSent = 0;
  uint64_t MessagesReceived = 0;
  uint64_t BytesReceived = 0;

  bool empty() const { return MessagesSent == 0 && MessagesReceived == 0; }
};

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

struct RankStatistics {
  double Min = 0;
  double Mean = 0;
  double Max = 0;
  int MinRank = -1; ///< the lowest rank holding Min
  int MaxRank = -1; ///< the lowest rank holding Max
};

/// Statistics of Values (one per rank, in rank order); all zero and ranks
/// -1 for an empty vector.
RankStatistics rankStatistics(const std::vector<double> &Values);

/// "i->j: sent N messages / B bytes, j received M / C" for every pair whose
/// sent (row i) and received (row j) counts differ. Rows is indexed by rank.
std::vector<std::string>
matrixAsymmetries(const std::vector<std::vector<Traffic>> &Rows);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_COMMMATRIX_H
