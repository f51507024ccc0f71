//===- format/schema/CrossRankTraffic.h - Traffic between ranks -----------===//
//
// Part of Sextant. The traffic between two ranks (messages and bytes sent
// and received), one rank's row of it (its partners with traffic) and the
// job's sparse matrix (one such row per rank). matrixAsymmetries() lists
// the pairs whose sent and received counts disagree (a complete run has
// none), in O(pairs with traffic), not ranks x ranks.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_CROSSRANKTRAFFIC_H
#define SEXTANT_FORMAT_SCHEMA_CROSSRANKTRAFFIC_H

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

/// The members of Traffic in the order of their keys in the files
/// (job_keys::TrafficFields of ExperimentSchema.h).
constexpr uint64_t Traffic::*TrafficMembers[] = {
    &Traffic::MessagesSent, &Traffic::BytesSent, &Traffic::MessagesReceived,
    &Traffic::BytesReceived};

/// One rank's row as (partner, traffic) for the partners with an entry.
using SparseTraffic = std::vector<std::pair<int, Traffic>>;

/// The job's matrix: Rows[rank] is that rank's row, partners ascending,
/// each partner once.
using SparseMatrix = std::vector<SparseTraffic>;

/// The traffic of Row with Partner (none: empty); Row is sorted.
Traffic trafficWith(const SparseTraffic &Row, int Partner);

/// "i->j: sent N messages / B bytes, j received M / C" for every pair whose
/// sent (row i) and received (row j) counts differ, ordered by i then j.
/// Rows is indexed by rank, each row sorted by partner.
std::vector<std::string> matrixAsymmetries(const SparseMatrix &Rows);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_CROSSRANKTRAFFIC_H
