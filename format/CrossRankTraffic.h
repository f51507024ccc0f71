//===- format/CrossRankTraffic.h - Traffic between ranks --------*- C++ -*-===//
//
// Part of Sextant. The traffic between two ranks (messages and bytes sent
// and received), one rank's row of it (indexed by partner rank) and the
// job's matrix (indexed by rank, then partner). matrixAsymmetries() lists
// the pairs whose sent and received counts disagree (a complete run has
// none).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CROSSRANKTRAFFIC_H
#define SEXTANT_FORMAT_CROSSRANKTRAFFIC_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace format {

struct Traffic {
  uint64_t MessagesSent = 0;
  uint64_t BytesSent = 0;
  uint64_t MessagesReceived = 0;
  uint64_t BytesReceived = 0;

  bool empty() const { return MessagesSent == 0 && MessagesReceived == 0; }
};

/// Rows[rank][partner].
using TrafficMatrix = std::vector<std::vector<Traffic>>;

/// One rank's row as (partner, traffic) for the partners with an entry.
using SparseTraffic = std::vector<std::pair<int, Traffic>>;

/// "i->j: sent N messages / B bytes, j received M / C" for every pair whose
/// sent (row i) and received (row j) counts differ. Rows is indexed by rank.
std::vector<std::string> matrixAsymmetries(const TrafficMatrix &Rows);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CROSSRANKTRAFFIC_H
