//===- format/job/WaitStates.cpp - Wait states of an MPI job --------------===//
//
// Part of Sextant. See WaitStates.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/WaitStates.h"

#include "format/job/MessageMatching.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace sextant {
namespace format {

namespace {

struct KindNames {
  WaitStateKind Kind;
  const char *Name;
  const char *Title;
};
constexpr KindNames Names[WaitStateKinds] = {
    {WaitStateKind::LateSender, "late_sender", "Late sender"},
    {WaitStateKind::LateReceiver, "late_receiver", "Late receiver"},
    {WaitStateKind::WaitAtBarrier, "wait_at_barrier", "Wait at barrier"},
    {WaitStateKind::WaitAtNxN, "wait_at_nxn", "Wait at N x N"},
    {WaitStateKind::LateBroadcast, "late_broadcast", "Late broadcast"},
    {WaitStateKind::EarlyReduce, "early_reduce", "Early reduce"}};

/// Function without the large-count suffix "_c".
std::string baseFunction(const std::string &Function) {
  if (Function.size() > 2 &&
      Function.compare(Function.size() - 2, 2, "_c") == 0)
    return Function.substr(0, Function.size() - 2);
  return Function;
}

bool isBlockingSend(const std::string &Function) {
  std::string Base = baseFunction(Function);
  return Base == "MPI_Send" || Base == "MPI_Ssend" || Base == "MPI_Rsend";
}

/// Whether a receive completed in Function was posted at its enter.
bool postsAtEnter(const std::string &Function) {
  return baseFunction(Function) == "MPI_Recv";
}

/// The wait of a call from Enter to Exit for an event at Until: positive
/// and at most the call's duration.
double cappedWait(const WaitCall &Call, double Until) {
  double Wait = std::min(Until, Call.Exit) - Call.Enter;
  return Wait > 0 ? Wait : 0;
}

/// The largest wait of each kind per call of one rank.
struct RankWaits {
  std::vector<double> Wait[WaitStateKinds];
  void note(WaitStateKind Kind, uint32_t Call, double Seconds) {
    std::vector<double> &Of = Wait[static_cast<unsigned>(Kind)];
    if (Of.size() <= Call)
      Of.resize(Call + 1, 0.0);
    Of[Call] = std::max(Of[Call], Seconds);
  }
};

/// Whether a record made at Time in Call of In is before its rank's first
/// lost chunk.
bool beforeGap(const RankWaitInput &In, uint32_t Call, double Time) {
  return Call < In.Calls.size() && In.Calls[Call].Enter < In.FirstGap &&
         Time < In.FirstGap;
}

/// A message end and where it comes from.
struct EndSource {
  size_t Rank;
  size_t Index;
};

void analyseMessages(const std::vector<RankWaitInput> &Ranks,
                     std::vector<RankWaits> &Waits, WaitStates &Result) {
  std::vector<MessageEnd> Sends, Receives;
  std::vector<EndSource> SendSources, ReceiveSources;
  auto Collect = [&](size_t R, const std::vector<WaitMessage> &Ends,
                     std::vector<MessageEnd> &Out,
                     std::vector<EndSource> &Sources) {
    const RankWaitInput &In = Ranks[R];
    for (size_t I = 0; I < Ends.size(); ++I) {
      const WaitMessage &M = Ends[I];
      if (!beforeGap(In, M.Call, M.Time)) {
        ++Result.Gaps.RecordsAfterLostChunks;
        continue;
      }
      MessageEnd End;
      End.Rank = In.Rank;
      End.Partner = M.Partner;
      End.Communicator = M.Communicator;
      End.Tag = M.Tag;
      End.Time = M.Time;
      Out.push_back(End);
      Sources.push_back({R, I});
    }
  };
  for (size_t R = 0; R < Ranks.size(); ++R) {
    Collect(R, Ranks[R].Sends, Sends, SendSources);
    Collect(R, Ranks[R].Receives, Receives, ReceiveSources);
  }
  MessageMatches Matches = matchMessages(Sends, Receives);
  Result.Messages = Matches.Pairs.size();
  Result.Gaps.UnmatchedSends = Matches.UnmatchedSends;
  Result.Gaps.UnmatchedReceives = Matches.UnmatchedReceives;
  for (const MessagePair &Pair : Matches.Pairs) {
    const EndSource &S = SendSources[Pair.Send];
    const EndSource &R = ReceiveSources[Pair.Receive];
    const RankWaitInput &Sender = Ranks[S.Rank];
    const RankWaitInput &Receiver = Ranks[R.Rank];
    uint32_t SendCallIndex = Sender.Sends[S.Index].Call;
    uint32_t ReceiveCallIndex = Receiver.Receives[R.Index].Call;
    const WaitCall &SendCall = Sender.Calls[SendCallIndex];
    const WaitCall &ReceiveCall = Receiver.Calls[ReceiveCallIndex];
    Waits[R.Rank].note(WaitStateKind::LateSender, ReceiveCallIndex,
                       cappedWait(ReceiveCall, SendCall.Enter));
    if (!isBlockingSend(Sender.Paths[SendCall.Path].Function))
      continue;
    if (!postsAtEnter(Receiver.Paths[ReceiveCall.Path].Function)) {
      ++Result.Gaps.ReceivesWithoutPost;
      continue;
    }
    Waits[S.Rank].note(WaitStateKind::LateReceiver, SendCallIndex,
                       cappedWait(SendCall, ReceiveCall.Enter));
  }
}

/// One member's call of a collective operation.
struct Member {
  size_t Rank;
  uint32_t Call;
  int Root;
  uint32_t Size;
};

void analyseOperation(const std::vector<RankWaitInput> &Ranks,
                      const std::vector<Member> &Members,
                      std::vector<RankWaits> &Waits, WaitStates &Result) {
  const Member &First = Members.front();
  auto FunctionOf = [&Ranks](const Member &M) -> const std::string & {
    const RankWaitInput &In = Ranks[M.Rank];
    return In.Paths[In.Calls[M.Call].Path].Function;
  };
  std::string Function = baseFunction(FunctionOf(First));
  bool Complete = Members.size() == First.Size;
  for (const Member &M : Members)
    if (M.Size != First.Size || M.Root != First.Root ||
        baseFunction(FunctionOf(M)) != Function)
      Complete = false;
  if (!Complete) {
    ++Result.Gaps.IncompleteCollectives;
    return;
  }
  ++Result.Collectives;
  WaitStateKind Kind;
  if (!collectiveWaitKind(Function, Kind))
    return;
  auto CallOf = [&Ranks](const Member &M) -> const WaitCall & {
    return Ranks[M.Rank].Calls[M.Call];
  };
  const Member *Root = nullptr;
  for (const Member &M : Members)
    if (Ranks[M.Rank].Rank == First.Root)
      Root = &M;
  if (Kind == WaitStateKind::WaitAtBarrier ||
      Kind == WaitStateKind::WaitAtNxN) {
    double Latest = CallOf(First).Enter;
    for (const Member &M : Members)
      Latest = std::max(Latest, CallOf(M).Enter);
    for (const Member &M : Members)
      Waits[M.Rank].note(Kind, M.Call, cappedWait(CallOf(M), Latest));
    return;
  }
  if (!Root) {
    ++Result.Gaps.IncompleteCollectives;
    --Result.Collectives;
    return;
  }
  if (Kind == WaitStateKind::LateBroadcast) {
    for (const Member &M : Members)
      if (&M != Root)
        Waits[M.Rank].note(Kind, M.Call,
                           cappedWait(CallOf(M), CallOf(*Root).Enter));
    return;
  }
  // Early reduce: the root waits for the latest of the others.
  bool Others = false;
  double Latest = 0;
  for (const Member &M : Members)
    if (&M != Root) {
      Latest = Others ? std::max(Latest, CallOf(M).Enter) : CallOf(M).Enter;
      Others = true;
    }
  if (Others)
    Waits[Root->Rank].note(Kind, Root->Call, cappedWait(CallOf(*Root), Latest));
}

void analyseCollectives(const std::vector<RankWaitInput> &Ranks,
                        std::vector<RankWaits> &Waits, WaitStates &Result) {
  // Per communicator, the k-th operation's members.
  std::map<uint64_t, std::vector<std::vector<Member>>> Operations;
  for (size_t R = 0; R < Ranks.size(); ++R) {
    const RankWaitInput &In = Ranks[R];
    // The rank's records in the order of their calls (threads may add
    // them out of order).
    std::vector<const WaitCollective *> Ordered;
    for (const WaitCollective &C : In.Collectives) {
      if (!beforeGap(In, C.Call, C.Time)) {
        ++Result.Gaps.RecordsAfterLostChunks;
        continue;
      }
      Ordered.push_back(&C);
    }
    // Ties keep the records' order (they point into one vector).
    std::sort(Ordered.begin(), Ordered.end(),
              [&In](const WaitCollective *A, const WaitCollective *B) {
                double EnterA = In.Calls[A->Call].Enter;
                double EnterB = In.Calls[B->Call].Enter;
                return EnterA < EnterB || (EnterA == EnterB && A < B);
              });
    std::map<uint64_t, size_t> Next;
    for (const WaitCollective *C : Ordered) {
      std::vector<std::vector<Member>> &Of = Operations[C->Communicator];
      size_t K = Next[C->Communicator]++;
      if (Of.size() <= K)
        Of.resize(K + 1);
      Of[K].push_back({R, C->Call, C->Root, C->Size});
    }
  }
  for (const auto &Communicator : Operations)
    for (const std::vector<Member> &Members : Communicator.second)
      analyseOperation(Ranks, Members, Waits, Result);
}

} // namespace

const char *waitStateKindName(WaitStateKind Kind) {
  return Names[static_cast<unsigned>(Kind)].Name;
}

const char *waitStateKindTitle(WaitStateKind Kind) {
  return Names[static_cast<unsigned>(Kind)].Title;
}

bool waitStateKindFromName(const std::string &Name, WaitStateKind &Kind) {
  for (const KindNames &Entry : Names)
    if (Name == Entry.Name) {
      Kind = Entry.Kind;
      return true;
    }
  return false;
}

bool collectiveWaitKind(const std::string &Function, WaitStateKind &Kind) {
  static const std::map<std::string, WaitStateKind> Kinds = {
      {"MPI_Barrier", WaitStateKind::WaitAtBarrier},
      {"MPI_Allreduce", WaitStateKind::WaitAtNxN},
      {"MPI_Allgather", WaitStateKind::WaitAtNxN},
      {"MPI_Allgatherv", WaitStateKind::WaitAtNxN},
      {"MPI_Alltoall", WaitStateKind::WaitAtNxN},
      {"MPI_Alltoallv", WaitStateKind::WaitAtNxN},
      {"MPI_Alltoallw", WaitStateKind::WaitAtNxN},
      {"MPI_Reduce_scatter", WaitStateKind::WaitAtNxN},
      {"MPI_Reduce_scatter_block", WaitStateKind::WaitAtNxN},
      {"MPI_Bcast", WaitStateKind::LateBroadcast},
      {"MPI_Scatter", WaitStateKind::LateBroadcast},
      {"MPI_Scatterv", WaitStateKind::LateBroadcast},
      {"MPI_Reduce", WaitStateKind::EarlyReduce},
      {"MPI_Gather", WaitStateKind::EarlyReduce},
      {"MPI_Gatherv", WaitStateKind::EarlyReduce}};
  auto Found = Kinds.find(baseFunction(Function));
  if (Found == Kinds.end())
    return false;
  Kind = Found->second;
  return true;
}

double WaitStates::total(WaitStateKind Kind) const {
  double Sum = 0;
  for (const WaitStateEntry &Entry : Entries)
    if (Entry.Kind == Kind)
      Sum += Entry.Seconds;
  return Sum;
}

WaitStates analyseWaitStates(const std::vector<RankWaitInput> &Ranks) {
  WaitStates Result;
  std::vector<RankWaits> Waits(Ranks.size());
  for (const RankWaitInput &In : Ranks) {
    Result.Ranks.push_back(In.Rank);
    Result.Gaps.RecordsOutsideCalls += In.RecordsOutsideCalls;
    Result.Gaps.LostChunks += In.LostChunks;
    if (In.LostChunks != 0)
      Result.Gaps.RanksWithLostChunks.push_back(In.Rank);
  }
  analyseMessages(Ranks, Waits, Result);
  analyseCollectives(Ranks, Waits, Result);

  // Sum the calls' waits per kind, rank and path.
  std::map<std::tuple<unsigned, int, std::vector<std::string>, std::string>,
           std::pair<double, uint64_t>>
      Sums;
  for (size_t R = 0; R < Ranks.size(); ++R)
    for (unsigned K = 0; K < WaitStateKinds; ++K) {
      const std::vector<double> &Of = Waits[R].Wait[K];
      for (size_t Call = 0; Call < Of.size(); ++Call) {
        if (Of[Call] <= 0)
          continue;
        const WaitCallPath &Path = Ranks[R].Paths[Ranks[R].Calls[Call].Path];
        auto &Sum =
            Sums[std::make_tuple(K, Ranks[R].Rank, Path.Path, Path.Function)];
        Sum.first += Of[Call];
        ++Sum.second;
      }
    }
  for (const auto &Sum : Sums) {
    WaitStateEntry Entry;
    Entry.Kind = static_cast<WaitStateKind>(std::get<0>(Sum.first));
    Entry.Rank = std::get<1>(Sum.first);
    Entry.Path = std::get<2>(Sum.first);
    Entry.Function = std::get<3>(Sum.first);
    Entry.Seconds = Sum.second.first;
    Entry.Calls = Sum.second.second;
    Result.Entries.push_back(std::move(Entry));
  }
  return Result;
}

} // namespace format
} // namespace sextant
