//===- test/unit/format/job/MessageMatchingTests.cpp - Sends and receives -===//
//
// Part of Sextant. format/job/MessageMatching.h: sends paired with receives by
// communicator, sender, receiver and tag in time order, whatever order the
// ends are given in; unknown partners and missing ends stay unpaired.
//
//===----------------------------------------------------------------------===//

#include "format/job/MessageMatching.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

MessageEnd end(int Rank, int Partner, uint64_t Communicator, uint64_t Tag,
               double Time, uint64_t Bytes = 8) {
  // Fields in MessageEnd's order.
  return MessageEnd{Rank, Partner, Communicator, Tag, Bytes, Time};
}

/// The receive index paired with each send (-1: none).
std::vector<long> receiveOf(const MessageMatches &Matches, size_t Sends) {
  std::vector<long> Result(Sends, -1);
  for (const MessagePair &Pair : Matches.Pairs)
    Result[Pair.Send] = static_cast<long>(Pair.Receive);
  return Result;
}

} // namespace

TEST_CASE("the k-th send of a stream matches its k-th receive",
          "[MessageMatching]") {
  // Rank 0 sends three messages to rank 1 with tag 5 and one with tag 6;
  // rank 1 receives the tag 6 one first (a specific receive may overtake).
  std::vector<MessageEnd> Sends = {end(0, 1, 0, 5, 10), end(0, 1, 0, 5, 20),
                                   end(0, 1, 0, 6, 25), end(0, 1, 0, 5, 30)};
  std::vector<MessageEnd> Receives = {end(1, 0, 0, 6, 40), end(1, 0, 0, 5, 50),
                                      end(1, 0, 0, 5, 60), end(1, 0, 0, 5, 70)};
  MessageMatches Matches = matchMessages(Sends, Receives);
  CHECK(receiveOf(Matches, Sends.size()) == std::vector<long>{1, 2, 0, 3});
  CHECK(Matches.UnmatchedSends == 0);
  CHECK(Matches.UnmatchedReceives == 0);
  // Pairs come in send order.
  CHECK(Matches.Pairs.front().Send == 0);
  CHECK(Matches.Pairs.back().Send == 3);
}

TEST_CASE("streams are kept apart by communicator, sender and receiver",
          "[MessageMatching]") {
  std::vector<MessageEnd> Sends = {
      end(0, 1, 7, 0, 10), // communicator 7
      end(0, 1, 0, 0, 11), // the world
      end(2, 1, 0, 0, 5),  // another sender
      end(0, 2, 0, 0, 12)}; // another receiver
  // Given in another order than their times.
  std::vector<MessageEnd> Receives = {end(2, 0, 0, 0, 30), end(1, 0, 0, 0, 20),
                                      end(1, 2, 0, 0, 15), end(1, 0, 7, 0, 40)};
  MessageMatches Matches = matchMessages(Sends, Receives);
  CHECK(receiveOf(Matches, Sends.size()) == std::vector<long>{3, 1, 2, 0});
}

TEST_CASE("ends without a partner stay unpaired", "[MessageMatching]") {
  std::vector<MessageEnd> Sends = {end(0, 1, 0, 1, 10), end(0, 1, 0, 1, 20),
                                   end(0, -1, 0, 1, 30)};
  std::vector<MessageEnd> Receives = {end(1, 0, 0, 1, 50),
                                      end(1, -1, 0, 1, 60)};
  MessageMatches Matches = matchMessages(Sends, Receives);
  // The first send matches; the second's receive is missing (a lost chunk,
  // a missing rank), the third has an unknown destination.
  CHECK(receiveOf(Matches, Sends.size()) == std::vector<long>{0, -1, -1});
  CHECK(Matches.UnmatchedSends == 2);
  CHECK(Matches.UnmatchedReceives == 1);
}

TEST_CASE("equal times keep the order given", "[MessageMatching]") {
  std::vector<MessageEnd> Sends = {end(0, 1, 0, 1, 10, 1), end(0, 1, 0, 1, 10, 2)};
  std::vector<MessageEnd> Receives = {end(1, 0, 0, 1, 10, 1),
                                      end(1, 0, 0, 1, 10, 2)};
  MessageMatches Matches = matchMessages(Sends, Receives);
  CHECK(receiveOf(Matches, Sends.size()) == std::vector<long>{0, 1});
}
