//===- format/CrossRankTraffic.cpp - Messages and bytes between ranks -----===//
//
// Part of Sextant. See CrossRankTraffic.h.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankTraffic.h"

namespace sextant {
namespace format {

std::vector<std::string> matrixAsymmetries(const TrafficMatrix &Rows) {
  std::vector<std::string> Found;
  for (size_t From = 0; From < Rows.size(); ++From) {
    for (size_t To = 0; To < Rows.size(); ++To) {
      Traffic Sent = To < Rows[From].size() ? Rows[From][To] : Traffic();
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

} // namespace format
} // namespace sextant
