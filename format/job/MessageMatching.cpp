//===- format/job/MessageMatching.cpp - Sends paired with receives --------===//
//
// Part of Sextant. See MessageMatching.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/MessageMatching.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace sextant {
namespace format {

namespace {

/// A stream of messages: communicator, sender, receiver, tag.
using StreamKey = std::tuple<uint64_t, int, int, uint64_t>;

/// The indexes of Ends with a known partner, per stream, in time order.
std::map<StreamKey, std::vector<size_t>>
streams(const std::vector<MessageEnd> &Ends, bool AreSends) {
  std::map<StreamKey, std::vector<size_t>> Streams;
  for (size_t I = 0; I < Ends.size(); ++I) {
    const MessageEnd &End = Ends[I];
    if (End.Partner < 0)
      continue;
    int Sender = AreSends ? End.Rank : End.Partner;
    int Receiver = AreSends ? End.Partner : End.Rank;
    Streams[StreamKey(End.Communicator, Sender, Receiver, End.Tag)].push_back(
        I);
  }
  for (auto &Stream : Streams)
    std::sort(Stream.second.begin(), Stream.second.end(),
              [&](size_t A, size_t B) {
                return Ends[A].Time < Ends[B].Time ||
                       (Ends[A].Time == Ends[B].Time && A < B);
              });
  return Streams;
}

} // namespace

MessageMatches matchMessages(const std::vector<MessageEnd> &Sends,
                             const std::vector<MessageEnd> &Receives) {
  MessageMatches Result;
  std::map<StreamKey, std::vector<size_t>> SendStreams = streams(Sends, true);
  std::map<StreamKey, std::vector<size_t>> ReceiveStreams =
      streams(Receives, false);
  size_t PairedSends = 0, PairedReceives = 0;
  for (const auto &Stream : SendStreams) {
    auto Found = ReceiveStreams.find(Stream.first);
    if (Found == ReceiveStreams.end())
      continue;
    size_t Count = std::min(Stream.second.size(), Found->second.size());
    for (size_t K = 0; K < Count; ++K)
      Result.Pairs.push_back({Stream.second[K], Found->second[K]});
    PairedSends += Count;
    PairedReceives += Count;
  }
  std::sort(Result.Pairs.begin(), Result.Pairs.end(),
            [](const MessagePair &A, const MessagePair &B) {
              return A.Send < B.Send;
            });
  Result.UnmatchedSends = Sends.size() - PairedSends;
  Result.UnmatchedReceives = Receives.size() - PairedReceives;
  return Result;
}

} // namespace format
} // namespace sextant
