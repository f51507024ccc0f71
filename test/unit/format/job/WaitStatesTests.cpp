//===- test/unit/format/job/WaitStatesTests.cpp - Wait-state analysis -----===//
//
// Part of Sextant. format/job/WaitStates.h on synthetic ranks with known
// answers: late sender (blocking and completed by MPI_Waitall), late
// receiver, waits at barriers and N x N collectives, late broadcast, early
// reduce, the cap at the call's duration, and what cannot be matched
// (missing ends, operations without all members, lost chunks).
//
//===----------------------------------------------------------------------===//

#include "format/job/WaitStates.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

/// Builds one rank's input call by call.
struct RankBuilder {
  RankWaitInput In;
  explicit RankBuilder(int Rank) { In.Rank = Rank; }

  uint32_t call(const std::string &Function, double Enter, double Exit) {
    uint32_t Path = static_cast<uint32_t>(In.Paths.size());
    In.Paths.push_back({{"main", Function}, Function});
    In.Calls.push_back({Enter, Exit, Path});
    return static_cast<uint32_t>(In.Calls.size() - 1);
  }
  RankBuilder &send(const std::string &Function, double Enter, double Exit,
                    int To, uint64_t Tag = 0) {
    uint32_t Call = call(Function, Enter, Exit);
    In.Sends.push_back({Call, Enter, To, 0, Tag});
    return *this;
  }
  RankBuilder &receive(const std::string &Function, double Enter, double Exit,
                       int From, uint64_t Tag = 0) {
    uint32_t Call = call(Function, Enter, Exit);
    In.Receives.push_back({Call, Exit, From, 0, Tag});
    return *this;
  }
  RankBuilder &collective(const std::string &Function, double Enter,
                          double Exit, uint32_t Size, int Root = -1,
                          uint64_t Communicator = 0) {
    uint32_t Call = call(Function, Enter, Exit);
    In.Collectives.push_back({Call, Enter, Communicator, Root, Size});
    return *this;
  }
};

/// The entry of Kind at Rank, or null.
const WaitStateEntry *entry(const WaitStates &W, WaitStateKind Kind, int Rank) {
  for (const WaitStateEntry &E : W.Entries)
    if (E.Kind == Kind && E.Rank == Rank)
      return &E;
  return nullptr;
}

} // namespace

TEST_CASE("a receive entered before its send waits for the late sender",
          "[WaitStates]") {
  RankBuilder Sender(0), Receiver(1);
  Sender.send("MPI_Send", 1.2, 1.21, 1);
  Receiver.receive("MPI_Recv", 1.0, 1.25, 0);
  WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
  REQUIRE(W.Messages == 1);
  const WaitStateEntry *E = entry(W, WaitStateKind::LateSender, 1);
  REQUIRE(E);
  CHECK(E->Seconds == Approx(0.2));
  CHECK(E->Calls == 1);
  CHECK(E->Function == "MPI_Recv");
  CHECK(E->Path == std::vector<std::string>{"main", "MPI_Recv"});
  // The eager send did not wait for its receive, which was posted first.
  CHECK_FALSE(entry(W, WaitStateKind::LateReceiver, 0));
  CHECK(W.Entries.size() == 1);
}

TEST_CASE("a late sender's wait is capped at the receiving call's duration",
          "[WaitStates]") {
  // The clocks disagree: the send seems to start after the receive ended.
  RankBuilder Sender(0), Receiver(1);
  Sender.send("MPI_Send", 2.0, 2.1, 1);
  Receiver.receive("MPI_Recv", 1.0, 1.5, 0);
  WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
  const WaitStateEntry *E = entry(W, WaitStateKind::LateSender, 1);
  REQUIRE(E);
  CHECK(E->Seconds == Approx(0.5));
}

TEST_CASE("a Waitall completing several receives counts its largest wait",
          "[WaitStates]") {
  RankBuilder A(0), B(1), C(2);
  A.send("MPI_Isend", 1.1, 1.1001, 2, 7);
  B.send("MPI_Isend", 1.3, 1.3001, 2, 7);
  // Rank 2 posts two receives, then waits for both from 1.0 to 1.31.
  uint32_t Wait = C.call("MPI_Waitall", 1.0, 1.31);
  C.In.Receives.push_back({Wait, 1.31, 0, 0, 7});
  C.In.Receives.push_back({Wait, 1.31, 1, 0, 7});
  WaitStates W = analyseWaitStates({A.In, B.In, C.In});
  REQUIRE(W.Messages == 2);
  const WaitStateEntry *E = entry(W, WaitStateKind::LateSender, 2);
  REQUIRE(E);
  CHECK(E->Seconds == Approx(0.3));
  CHECK(E->Calls == 1);
  CHECK(E->Function == "MPI_Waitall");
  // Nonblocking sends have no late receiver.
  CHECK_FALSE(entry(W, WaitStateKind::LateReceiver, 0));
  CHECK(W.Gaps.ReceivesWithoutPost == 0);
}

TEST_CASE("a synchronous send waits for its late receiver", "[WaitStates]") {
  RankBuilder Sender(0), Receiver(1);
  Sender.send("MPI_Ssend", 1.0, 1.201, 1);
  Receiver.receive("MPI_Recv", 1.2, 1.201, 0);
  WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
  const WaitStateEntry *E = entry(W, WaitStateKind::LateReceiver, 0);
  REQUIRE(E);
  CHECK(E->Seconds == Approx(0.2));
  CHECK(E->Function == "MPI_Ssend");
  CHECK_FALSE(entry(W, WaitStateKind::LateSender, 1));
}

TEST_CASE("a blocking send whose receive completes in a Wait is not judged",
          "[WaitStates]") {
  RankBuilder Sender(0), Receiver(1);
  Sender.send("MPI_Ssend", 1.0, 1.3, 1);
  Receiver.receive("MPI_Wait", 1.25, 1.3, 0);
  WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
  CHECK_FALSE(entry(W, WaitStateKind::LateReceiver, 0));
  CHECK(W.Gaps.ReceivesWithoutPost == 1);
}

TEST_CASE("ranks reaching a barrier apart wait for the last", "[WaitStates]") {
  RankBuilder R0(0), R1(1), R2(2);
  R0.collective("MPI_Barrier", 1.0, 1.101, 3);
  R1.collective("MPI_Barrier", 1.05, 1.101, 3);
  R2.collective("MPI_Barrier", 1.1, 1.101, 3);
  WaitStates W = analyseWaitStates({R0.In, R1.In, R2.In});
  CHECK(W.Collectives == 1);
  REQUIRE(entry(W, WaitStateKind::WaitAtBarrier, 0));
  CHECK(entry(W, WaitStateKind::WaitAtBarrier, 0)->Seconds == Approx(0.1));
  CHECK(entry(W, WaitStateKind::WaitAtBarrier, 1)->Seconds == Approx(0.05));
  CHECK_FALSE(entry(W, WaitStateKind::WaitAtBarrier, 2));
  CHECK(W.total(WaitStateKind::WaitAtBarrier) == Approx(0.15));
}

TEST_CASE("collectives match by their order on each communicator",
          "[WaitStates]") {
  // Two communicators; rank 1 calls them in another order than rank 0
  // across communicators, which MPI allows, but the same order within each.
  RankBuilder R0(0), R1(1);
  R0.collective("MPI_Allreduce", 1.0, 1.5, 2, -1, 11);
  R0.collective("MPI_Alltoall", 2.0, 2.1, 2, -1, 22);
  R1.collective("MPI_Alltoall", 1.8, 2.1, 2, -1, 22);
  R1.collective("MPI_Allreduce", 1.4, 1.5, 2, -1, 11);
  WaitStates W = analyseWaitStates({R0.In, R1.In});
  CHECK(W.Collectives == 2);
  CHECK(W.Gaps.IncompleteCollectives == 0);
  const WaitStateEntry *E0 = entry(W, WaitStateKind::WaitAtNxN, 0);
  const WaitStateEntry *E1 = entry(W, WaitStateKind::WaitAtNxN, 1);
  REQUIRE(E0);
  REQUIRE(E1);
  CHECK(E0->Seconds == Approx(0.4));
  CHECK(E0->Function == "MPI_Allreduce");
  CHECK(E1->Seconds == Approx(0.2));
  CHECK(E1->Function == "MPI_Alltoall");
}

TEST_CASE("a late root makes the others wait at a broadcast", "[WaitStates]") {
  RankBuilder R0(0), R1(1), R2(2);
  R0.collective("MPI_Bcast", 3.0, 3.01, 3, 2);
  R1.collective("MPI_Bcast", 2.5, 3.01, 3, 2);
  R2.collective("MPI_Bcast", 2.9, 2.91, 3, 2);
  WaitStates W = analyseWaitStates({R0.In, R1.In, R2.In});
  REQUIRE(entry(W, WaitStateKind::LateBroadcast, 1));
  CHECK(entry(W, WaitStateKind::LateBroadcast, 1)->Seconds == Approx(0.4));
  // Rank 0 came after the root: no wait; the root never waits.
  CHECK_FALSE(entry(W, WaitStateKind::LateBroadcast, 0));
  CHECK_FALSE(entry(W, WaitStateKind::LateBroadcast, 2));
}

TEST_CASE("an early root waits for the last member of a reduce",
          "[WaitStates]") {
  RankBuilder R0(0), R1(1), R2(2);
  R0.collective("MPI_Reduce_c", 1.0, 1.31, 3, 0);
  R1.collective("MPI_Reduce_c", 1.3, 1.301, 3, 0);
  R2.collective("MPI_Reduce_c", 1.2, 1.201, 3, 0);
  WaitStates W = analyseWaitStates({R0.In, R1.In, R2.In});
  REQUIRE(entry(W, WaitStateKind::EarlyReduce, 0));
  CHECK(entry(W, WaitStateKind::EarlyReduce, 0)->Seconds == Approx(0.3));
  CHECK_FALSE(entry(W, WaitStateKind::EarlyReduce, 1));
  CHECK(W.Entries.size() == 1);
}

TEST_CASE("what cannot be matched is counted, not guessed", "[WaitStates]") {
  SECTION("a send without its receive") {
    RankBuilder Sender(0), Receiver(1);
    Sender.send("MPI_Send", 1.0, 1.1, 1);
    WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
    CHECK(W.Messages == 0);
    CHECK(W.Gaps.UnmatchedSends == 1);
    CHECK(W.Entries.empty());
  }
  SECTION("a collective missing a member") {
    RankBuilder R0(0), R1(1);
    R0.collective("MPI_Barrier", 1.0, 2.0, 3);
    R1.collective("MPI_Barrier", 1.5, 2.0, 3);
    WaitStates W = analyseWaitStates({R0.In, R1.In});
    CHECK(W.Collectives == 0);
    CHECK(W.Gaps.IncompleteCollectives == 1);
    CHECK(W.Entries.empty());
  }
  SECTION("members calling different functions") {
    RankBuilder R0(0), R1(1);
    R0.collective("MPI_Barrier", 1.0, 2.0, 2);
    R1.collective("MPI_Allreduce", 1.5, 2.0, 2);
    WaitStates W = analyseWaitStates({R0.In, R1.In});
    CHECK(W.Gaps.IncompleteCollectives == 1);
    CHECK(W.Entries.empty());
  }
  SECTION("records after a lost chunk") {
    // Rank 1 lost a chunk at 1.5 holding its first barrier's record: its
    // later records would pair with the wrong operations, so they are left
    // out; the barrier before the loss still counts.
    RankBuilder R0(0), R1(1);
    R0.collective("MPI_Barrier", 1.0, 1.2, 2);
    R1.collective("MPI_Barrier", 1.1, 1.2, 2);
    R0.collective("MPI_Barrier", 2.0, 2.6, 2);
    // (rank 1's record of this barrier was in the lost chunk)
    R0.collective("MPI_Barrier", 3.0, 3.5, 2);
    R1.collective("MPI_Barrier", 3.4, 3.5, 2);
    R1.In.FirstGap = 1.5;
    R1.In.LostChunks = 1;
    R0.send("MPI_Send", 4.0, 4.1, 1);
    R1.receive("MPI_Recv", 3.6, 4.1, 0);
    WaitStates W = analyseWaitStates({R0.In, R1.In});
    CHECK(W.Collectives == 1);
    CHECK(W.Gaps.IncompleteCollectives == 2);
    CHECK(W.Gaps.RecordsAfterLostChunks == 2);
    CHECK(W.Gaps.UnmatchedSends == 1);
    CHECK(W.Gaps.LostChunks == 1);
    CHECK(W.Gaps.RanksWithLostChunks == std::vector<int>{1});
    REQUIRE(entry(W, WaitStateKind::WaitAtBarrier, 0));
    CHECK(entry(W, WaitStateKind::WaitAtBarrier, 0)->Seconds == Approx(0.1));
    CHECK(entry(W, WaitStateKind::WaitAtBarrier, 0)->Calls == 1);
    CHECK_FALSE(entry(W, WaitStateKind::LateSender, 1));
  }
}

TEST_CASE("waits of one call path add up over its calls", "[WaitStates]") {
  RankBuilder Sender(0), Receiver(1);
  Receiver.In.Paths.push_back({{"main", "loop", "MPI_Recv"}, "MPI_Recv"});
  for (int I = 0; I < 3; ++I) {
    double T = I;
    Sender.send("MPI_Send", T + 0.1, T + 0.11, 1);
    Receiver.In.Calls.push_back({T, T + 0.2, 0});
    Receiver.In.Receives.push_back(
        {static_cast<uint32_t>(Receiver.In.Calls.size() - 1), T + 0.2, 0, 0,
         0});
  }
  WaitStates W = analyseWaitStates({Sender.In, Receiver.In});
  const WaitStateEntry *E = entry(W, WaitStateKind::LateSender, 1);
  REQUIRE(E);
  CHECK(E->Seconds == Approx(0.3));
  CHECK(E->Calls == 3);
  CHECK(E->Path == std::vector<std::string>{"main", "loop", "MPI_Recv"});
}

TEST_CASE("kinds have names that read back", "[WaitStates]") {
  for (unsigned K = 0; K < WaitStateKinds; ++K) {
    WaitStateKind Kind = static_cast<WaitStateKind>(K), Back;
    REQUIRE(waitStateKindFromName(waitStateKindName(Kind), Back));
    CHECK(Back == Kind);
  }
  WaitStateKind Unused;
  CHECK_FALSE(waitStateKindFromName("late", Unused));
  CHECK_FALSE(collectiveWaitKind("MPI_Ibarrier", Unused));
  CHECK(collectiveWaitKind("MPI_Alltoallv_c", Unused));
  CHECK(Unused == WaitStateKind::WaitAtNxN);
}
