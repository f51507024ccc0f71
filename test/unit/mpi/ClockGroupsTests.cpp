//===- test/unit/mpi/ClockGroupsTests.cpp - Shared clocks, the sync tree --===//
//
// Part of Sextant. Which ranks share a clock (one kernel, one clock
// source), their leaders, and the binomial tree over the leaders: every
// leader but rank 0 has one parent, served before it serves its own
// children, and no chain is longer than ceil(log2(leaders)).
//
//===----------------------------------------------------------------------===//

#include "ClockGroups.h"

#include <catch2/catch.hpp>

#include <set>
#include <vector>

using namespace sextant::mpi;

namespace {
std::vector<ClockIdentity> identities(const std::vector<const char *> &Kernels,
                                      int Source = 1) {
  std::vector<ClockIdentity> Result;
  for (const char *Kernel : Kernels)
    Result.push_back({Kernel, Source});
  return Result;
}

unsigned ceilLog2(size_t N) {
  unsigned Bits = 0;
  while ((size_t(1) << Bits) < N)
    ++Bits;
  return Bits;
}
} // namespace

TEST_CASE("one host: one group, no pair to synchronise", "[clock]") {
  ClockPlan Plan(identities({"a", "a", "a", "a"}), false);
  CHECK(Plan.leaders() == std::vector<int>{0});
  for (int Rank = 0; Rank < 4; ++Rank)
    CHECK(Plan.leaderOf(Rank) == 0);
  CHECK(Plan.membersOf(0) == std::vector<int>{1, 2, 3});
  CHECK(Plan.childrenOf(0).empty());
  CHECK(Plan.parentOf(0) == -1);
}

TEST_CASE("hosts interleaved: the lowest rank of each leads", "[clock]") {
  ClockPlan Plan(identities({"a", "b", "a", "c", "b"}), false);
  CHECK(Plan.leaders() == std::vector<int>{0, 1, 3});
  CHECK(Plan.leaderOf(2) == 0);
  CHECK(Plan.leaderOf(4) == 1);
  CHECK(Plan.membersOf(1) == std::vector<int>{4});
  CHECK(Plan.membersOf(3).empty());
  CHECK(Plan.parentOf(1) == 0);
  CHECK(Plan.parentOf(3) == 0);
  CHECK(Plan.childrenOf(0) == std::vector<int>{3, 1});
}

TEST_CASE("another clock source on the same kernel is another group",
          "[clock]") {
  std::vector<ClockIdentity> Ids = identities({"a", "a", "a"});
  Ids[2].Source = 0;
  ClockPlan Plan(Ids, false);
  CHECK(Plan.leaders() == std::vector<int>{0, 2});
  CHECK(Plan.leaderOf(1) == 0);
}

TEST_CASE("separate hosts: every rank leads, tree over all", "[clock]") {
  ClockPlan Plan(identities({"a", "a", "a", "a", "a", "a", "a", "a"}), true);
  CHECK(Plan.leaders().size() == 8);
  CHECK(Plan.childrenOf(0) == std::vector<int>{4, 2, 1});
  CHECK(Plan.childrenOf(4) == std::vector<int>{6, 5});
  CHECK(Plan.childrenOf(6) == std::vector<int>{7});
  CHECK(Plan.childrenOf(1).empty());
  CHECK(Plan.parentOf(7) == 6);
  CHECK(Plan.depthOf(7) == 3);
  CHECK(Plan.depthOf(0) == 0);
}

TEST_CASE("the tree spans every leader once, depth at most ceil(log2 L)",
          "[clock]") {
  for (size_t Count : {1u, 2u, 3u, 5u, 7u, 12u, 33u, 100u, 1000u}) {
    std::vector<ClockIdentity> Ids(Count);
    for (size_t Rank = 0; Rank < Count; ++Rank)
      Ids[Rank] = {"host" + std::to_string(Rank), 1};
    ClockPlan Plan(Ids, false);
    std::multiset<int> Served;
    for (int Leader : Plan.leaders())
      for (int Child : Plan.childrenOf(Leader)) {
        Served.insert(Child);
        CHECK(Plan.parentOf(Child) == Leader);
        // A parent is served before it serves: it is closer to the root.
        CHECK(Plan.depthOf(Child) == Plan.depthOf(Leader) + 1);
      }
    CHECK(Served.size() == Count - 1);
    CHECK(Served.count(0) == 0);
    for (size_t Rank = 1; Rank < Count; ++Rank) {
      CHECK(Served.count(static_cast<int>(Rank)) == 1);
      CHECK(Plan.depthOf(static_cast<int>(Rank)) <= ceilLog2(Count));
    }
  }
}
