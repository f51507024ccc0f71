//===- format/schema/CrossRankTraffic.cpp ---------------------------------===//
//
// Messages and bytes between ranks.
//
// Part of Sextant. See CrossRankTraffic.h.
//
//===----------------------------------------------------------------------===//

#include "format/schema/CrossRankTraffic.h"

#include <algorithm>

namespace sextant {
namespace format {

Traffic trafficWith(const SparseTraffic &Row, int Partner) {
  auto Entry = std::lower_bound(
      Row.begin(), Row.end(), Partner,
      [](const std::pair<int, Traffic> &E, int P) { return E.first < P; });
  return Entry != Row.end() && Entry->first == Partner ? Entry->second
                                                       : Traffic();
}

std::vector<std::string> matrixAsymmetries(const SparseMatrix &Rows) {
  // Every pair (from, to) with an entry on either side: row from's entry
  // for to (what was sent) or row to's entry for from (what was received).
  std::vector<std::pair<int, int>> Pairs;
  int Ranks = static_cast<int>(Rows.size());
  for (int Rank = 0; Rank < Ranks; ++Rank)
    for (const auto &Entry : Rows[static_cast<size_t>(Rank)]) {
      Pairs.push_back({Rank, Entry.first});
      Pairs.push_back({Entry.first, Rank});
    }
  std::sort(Pairs.begin(), Pairs.end());
  Pairs.erase(std::unique(Pairs.begin(), Pairs.end()), Pairs.end());
  auto RowOf = [&](int Rank) -> const SparseTraffic & {
    static const SparseTraffic None;
    return Rank >= 0 && Rank < Ranks ? Rows[static_cast<size_t>(Rank)] : None;
  };
  std::vector<std::string> Found;
  for (const auto &[From, To] : Pairs) {
    Traffic Sent = trafficWith(RowOf(From), To);
    Traffic Received = trafficWith(RowOf(To), From);
    if (Sent.MessagesSent == Received.MessagesReceived &&
        Sent.BytesSent == Received.BytesReceived)
      continue;
    Found.push_back(std::to_string(From) + "->" + std::to_string(To) +
                    ": sent " + std::to_string(Sent.MessagesSent) +
                    " messages / " + std::to_string(Sent.BytesSent) +
                    " bytes, received " +
                    std::to_string(Received.MessagesReceived) + " messages / " +
                    std::to_string(Received.BytesReceived) + " bytes");
  }
  return Found;
}

} // namespace format
} // namespace sextant
