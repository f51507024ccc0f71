//===- mpi/ClockGroups.cpp - Which ranks share a clock, and the sync tree -===//
//
// Part of Sextant. See ClockGroups.h.
//
//===----------------------------------------------------------------------===//

#include "ClockGroups.h"

#include <map>
#include <utility>

namespace sextant {
namespace mpi {

ClockPlan::ClockPlan(const std::vector<ClockIdentity> &Identities,
                     bool SeparateHosts) {
  size_t Size = Identities.size();
  Leader.resize(Size);
  IndexOfLeader.assign(Size, -1);
  std::map<std::pair<std::string, int>, int> LeaderOfIdentity;
  for (size_t Rank = 0; Rank < Size; ++Rank) {
    int Self = static_cast<int>(Rank);
    const ClockIdentity &Identity = Identities[Rank];
    auto Found = SeparateHosts ? LeaderOfIdentity.end()
                               : LeaderOfIdentity.find(
                                     {Identity.Kernel, Identity.Source});
    if (Found != LeaderOfIdentity.end()) {
      Leader[Rank] = Found->second;
      Members[static_cast<size_t>(IndexOfLeader[Found->second])].push_back(
          Self);
      continue;
    }
    Leader[Rank] = Self;
    IndexOfLeader[Rank] = static_cast<int>(Leaders.size());
    Leaders.push_back(Self);
    Members.emplace_back();
    if (!SeparateHosts)
      LeaderOfIdentity.emplace(std::make_pair(Identity.Kernel, Identity.Source),
                               Self);
  }
}

const std::vector<int> &ClockPlan::membersOf(int LeaderRank) const {
  return Members[static_cast<size_t>(leaderIndex(LeaderRank))];
}

int ClockPlan::leaderIndex(int Rank) const {
  return IndexOfLeader[static_cast<size_t>(Rank)];
}

int ClockPlan::parentOf(int Rank) const {
  int Index = leaderIndex(Rank);
  if (Index <= 0)
    return -1;
  return Leaders[static_cast<size_t>(Index & (Index - 1))];
}

std::vector<int> ClockPlan::childrenOf(int Rank) const {
  std::vector<int> Children;
  int Index = leaderIndex(Rank);
  if (Index < 0)
    return Children;
  int Count = static_cast<int>(Leaders.size());
  // Index is served at the distance of its lowest set bit; it serves the
  // smaller distances, the largest first (rank 0: every distance).
  int Limit = Index == 0 ? Count : (Index & -Index);
  int Distance = 1;
  while (Distance * 2 < Limit && Distance * 2 < Count)
    Distance *= 2;
  for (; Distance >= 1; Distance /= 2)
    if (Distance < Limit && Index + Distance < Count)
      Children.push_back(Leaders[static_cast<size_t>(Index + Distance)]);
  return Children;
}

unsigned ClockPlan::depthOf(int Rank) const {
  int Index = leaderIndex(Rank);
  unsigned Depth = 0;
  for (; Index > 0; Index &= Index - 1)
    ++Depth;
  return Depth;
}

} // namespace mpi
} // namespace sextant
