//===- format/job/MessageMatching.h - Sends paired with receives ----------===//
//
// Part of Sextant. Pairs the MPI messages that the ranks' traces record
// (trace::RecordType MessageSent and MessageReceived) as MPI matches them:
// by communicator, sender, receiver and tag, in order. MPI does not let
// messages between the same two ranks on the same communicator with the
// same tag overtake each other, so the k-th send of such a stream is the
// k-th receive of it. Sends are recorded when they start and receives when
// they complete, each in the order of its rank's clock.
//
// Limits: the communicator id is the adapter's hash of the communicator's
// world ranks (mpi/MessageTrace.h), so two communicators with the same ranks
// (MPI_Comm_dup) count as one; receives that complete in another order
// than they were posted (MPI_Waitany on two receives with the same source
// and tag) may be paired crosswise. Messages whose partner is unknown are
// never paired.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_MESSAGEMATCHING_H
#define SEXTANT_FORMAT_JOB_MESSAGEMATCHING_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sextant {
namespace format {

/// One end of a message as a rank recorded it.
struct MessageEnd {
  int Rank = 0;     ///< the rank that recorded it (world rank)
  int Partner = -1; ///< destination of a send, source of a receive; -1: unknown
  uint64_t Communicator = 0;
  uint64_t Tag = 0;
  uint64_t Bytes = 0;
  double Time = 0; ///< on the common time base, for the order within a rank
};

/// A matched message: indexes into the sends and the receives.
struct MessagePair {
  size_t Send = 0;
  size_t Receive = 0;
};

/// The pairs, ordered by send index, plus how many ends stayed unpaired.
struct MessageMatches {
  std::vector<MessagePair> Pairs;
  size_t UnmatchedSends = 0;
  size_t UnmatchedReceives = 0;
};

/// Pairs Sends with Receives: within each (communicator, sender, receiver,
/// tag) stream, in the order of their times (ties: the order given).
MessageMatches matchMessages(const std::vector<MessageEnd> &Sends,
                             const std::vector<MessageEnd> &Receives);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_MESSAGEMATCHING_H
