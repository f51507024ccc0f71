//===- mpi/ClockGroups.h - Which ranks share a clock, and the sync tree ---===//
//
// Part of Sextant. Ranks that run on one kernel and read the runtime's clock
// from the same source (the invariant TSC, synchronised across the cores of
// a system, or CLOCK_MONOTONIC: runtime/clock/Clock.h) read one clock: they
// need no synchronisation with each other. They form a clock group; the
// lowest rank of each group is its leader. Only the leaders synchronise,
// along a binomial tree over the leaders in rank order rooted at rank 0's
// leader (rank 0): leader index j is synchronised by leader index
// j & (j - 1), top-down, so that every parent has its own offset to the
// root before it serves a child, and a chain from the root has at most
// ceil(log2(leaders)) pairs.
//
// The kernel is told by its boot id (/proc/sys/kernel/random/boot_id), or
// the host name where that cannot be read. A test-only setting pretends
// that every rank runs on a host of its own, so that one host exercises
// the tree. Pure: the adapter computes the plan from the identities every
// rank allgathered at MPI_Init, so every rank computes the same plan.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_CLOCKGROUPS_H
#define SEXTANT_MPI_CLOCKGROUPS_H

#include <string>
#include <vector>

namespace sextant {
namespace mpi {

/// What a rank says about its clock.
struct ClockIdentity {
  std::string Kernel; ///< boot id, or host name
  int Source = 0;     ///< __sextant_adapter_clock_source()
};

/// Who synchronises with whom.
class ClockPlan {
public:
  /// The plan for Identities (by rank); with SeparateHosts every rank is a
  /// group of its own.
  ClockPlan(const std::vector<ClockIdentity> &Identities, bool SeparateHosts);

  /// The leader of Rank's group (Rank itself for a leader).
  int leaderOf(int Rank) const { return Leader[static_cast<size_t>(Rank)]; }
  bool isLeader(int Rank) const { return leaderOf(Rank) == Rank; }
  /// The leaders in rank order (the first is rank 0).
  const std::vector<int> &leaders() const { return Leaders; }
  /// The other members of Leader's group, in rank order.
  const std::vector<int> &membersOf(int Leader) const;

  /// The leader that synchronises leader Rank (-1 for rank 0).
  int parentOf(int Rank) const;
  /// The leaders that Rank synchronises, in the order it serves them.
  std::vector<int> childrenOf(int Rank) const;
  /// Pairs on the chain from rank 0 to leader Rank.
  unsigned depthOf(int Rank) const;

private:
  int leaderIndex(int Rank) const;

  std::vector<int> Leader;              ///< by rank
  std::vector<int> Leaders;             ///< in rank order
  std::vector<int> IndexOfLeader;       ///< by rank; -1 for members
  std::vector<std::vector<int>> Members; ///< by leader index
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_CLOCKGROUPS_H
