//===- format/job/WaitStates.h - Wait states of an MPI job ------*- C++ -*-===//
//
// Part of Sextant. The wait-state analysis of a traced MPI job: the time the
// ranks spent inside MPI calls waiting for another rank, with Scalasca's
// definitions (docs/sextant.md, "Wait states"):
//
//  - late sender: a receive (MPI_Recv, or the Wait/Test that completes a
//    nonblocking receive) entered before the matching send started; wait =
//    send's enter - receiving call's enter, charged to the receiving call
//    (a call that completes several receives counts the largest once);
//  - late receiver: a blocking send (MPI_Send, MPI_Ssend, MPI_Rsend)
//    entered before its receive was posted by a blocking MPI_Recv or
//    MPI_Mrecv; wait = receive's enter - send's enter, charged to the send;
//  - wait at barrier and wait at N x N (MPI_Allreduce, MPI_Alltoall(v,w),
//    MPI_Allgather(v), MPI_Reduce_scatter(_block)): latest enter of the
//    operation's members - own enter;
//  - late broadcast (1 x N: MPI_Bcast, MPI_Scatter(v)): a non-root's wait
//    = root's enter - own enter;
//  - early reduce (N x 1: MPI_Reduce, MPI_Gather(v)): the root's wait =
//    latest enter of the others - root's enter.
// Each wait counts when positive and is capped at the waiting call's
// duration.
//
// The input is what a reader took from each rank's trace: the MPI calls
// that carry message or collective records (trace::RecordType), on the
// job's common time base, with the records. Messages are paired as
// MessageMatching.h pairs them; the k-th collective record of a
// communicator on every member rank is the same operation (MPI orders
// collectives alike on all members). After a rank's first lost chunk its
// records are left out (a lost record would shift every later pairing):
// the result counts what could not be matched. Nonblocking collectives
// only keep the order; their waits are not analysed.
//
// Pure: no file is read here.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_WAITSTATES_H
#define SEXTANT_FORMAT_JOB_WAITSTATES_H

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The kinds of wait states, in the order in which views list them.
enum class WaitStateKind : uint8_t {
  LateSender,
  LateReceiver,
  WaitAtBarrier,
  WaitAtNxN,
  LateBroadcast,
  EarlyReduce
};
constexpr unsigned WaitStateKinds = 6;

/// The kind's name in the JSON and in the text view ("late_sender", ...).
const char *waitStateKindName(WaitStateKind Kind);
/// Its title ("Late sender", ...).
const char *waitStateKindTitle(WaitStateKind Kind);
/// The kind named Name; false when there is none.
bool waitStateKindFromName(const std::string &Name, WaitStateKind &Kind);

/// A call path of a rank: the names of its frames, outermost first, ending
/// in the MPI function, and that function.
struct WaitCallPath {
  std::vector<std::string> Path;
  std::string Function;
};

/// One MPI call of a rank, on the job's common time base (seconds).
struct WaitCall {
  double Enter = 0;
  double Exit = 0;
  uint32_t Path = 0; ///< index into RankWaitInput::Paths
};

/// One end of a point-to-point message (trace::RecordType MessageSent or
/// MessageReceived) recorded inside Call.
struct WaitMessage {
  uint32_t Call = 0; ///< index into RankWaitInput::Calls
  double Time = 0;   ///< of the record
  int Partner = -1;  ///< world rank; -1 unknown
  uint64_t Communicator = 0;
  uint64_t Tag = 0;
};

/// A collective call (trace::RecordType CollectiveCalled).
struct WaitCollective {
  uint32_t Call = 0;
  double Time = 0; ///< of the record
  uint64_t Communicator = 0;
  int Root = -1; ///< world rank; -1: no root
  uint32_t Size = 0;
};

/// What the analysis needs of one rank's trace (all its threads).
struct RankWaitInput {
  int Rank = 0;
  std::vector<WaitCallPath> Paths;
  std::vector<WaitCall> Calls;
  std::vector<WaitMessage> Sends;
  std::vector<WaitMessage> Receives;
  std::vector<WaitCollective> Collectives;
  /// Time of the first event after the rank's first lost chunk (infinity:
  /// no chunk lost); records made after it, or in calls entered after it,
  /// are left out.
  double FirstGap = std::numeric_limits<double>::infinity();
  /// Chunks lost, and records found outside any MPI call (the call's
  /// region was filtered).
  uint64_t LostChunks = 0;
  uint64_t RecordsOutsideCalls = 0;
};

/// Wait time of one kind at one call path of one rank.
struct WaitStateEntry {
  WaitStateKind Kind = WaitStateKind::LateSender;
  int Rank = 0;
  std::vector<std::string> Path; ///< outermost frame first
  std::string Function;
  double Seconds = 0;
  uint64_t Calls = 0; ///< calls that waited (a positive wait)
};

/// What the analysis could not match.
struct WaitStateGaps {
  uint64_t UnmatchedSends = 0;
  uint64_t UnmatchedReceives = 0;
  /// Messages whose receive is completed by a Wait/Test: when they were
  /// posted is not recorded, so a late receiver is not evaluated.
  uint64_t ReceivesWithoutPost = 0;
  /// Collective operations not every member's record was found for, or
  /// whose members called different functions.
  uint64_t IncompleteCollectives = 0;
  /// Records left out because they follow a lost chunk of their rank.
  uint64_t RecordsAfterLostChunks = 0;
  uint64_t RecordsOutsideCalls = 0;
  uint64_t LostChunks = 0;
  std::vector<int> RanksWithLostChunks;
};

/// The analysis' result.
struct WaitStates {
  std::vector<int> Ranks; ///< analysed
  /// Ordered by kind, rank, then path.
  std::vector<WaitStateEntry> Entries;
  uint64_t Messages = 0;    ///< matched messages
  uint64_t Collectives = 0; ///< complete collective operations
  WaitStateGaps Gaps;

  /// Seconds of Kind over all entries.
  double total(WaitStateKind Kind) const;
};

/// How a collective MPI function (MPI_X or MPI_X_c) is analysed: the kind
/// of its wait, or false when it is none (a nonblocking one, a scan, not a
/// collective).
bool collectiveWaitKind(const std::string &Function, WaitStateKind &Kind);

/// The analysis of the ranks' inputs (their Rank fields distinct).
WaitStates analyseWaitStates(const std::vector<RankWaitInput> &Ranks);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_WAITSTATES_H
