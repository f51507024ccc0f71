//===- format/profile/CallPathSpread.cpp ----------------------------------===//
//
// One value over ranks or threads.
//
// Part of Sextant. The threads' spread: each thread's call tree is matched
// to the merged one node by node from the roots (a child by its name and
// source), and each merged node collects the inclusive times of the
// threads that ran it.
//
//===----------------------------------------------------------------------===//

#include "format/profile/CallPathSpread.h"

#include <string>
#include <unordered_map>

namespace sextant {
namespace format {

namespace {

/// What makes a call path's frame the same in two profiles.
std::string frameKey(size_t MergedParent, const CallPathNode &Node) {
  std::string Key = std::to_string(MergedParent);
  for (const std::string *Part : {&Node.Name, &Node.File, &Node.Module}) {
    Key += '\0';
    Key += *Part;
  }
  Key += '\0';
  Key += std::to_string(Node.Line);
  return Key;
}

} // namespace

CallPathSpread threadSpread(const CallPathProfile &Merged,
                            const ThreadProfileList &ThreadProfiles) {
  CallPathSpread Out;
  Out.Metric = "time (inc)";
  Out.Nodes.resize(Merged.size());
  // Merged node by (merged parent, frame).
  std::unordered_map<std::string, size_t> MergedChild;
  Merged.walk([&](size_t Index) {
    const CallPathNode &Node = Merged.node(Index);
    MergedChild.emplace(frameKey(Node.Parent, Node), Index);
  });
  std::vector<double> Sum(Merged.size(), 0);
  for (const ThreadProfile &Thread : ThreadProfiles.Threads) {
    if (Thread.MergedThreads > 1)
      continue;
    ++Out.Members;
    const CallPathProfile &Profile = Thread.Profile;
    // The merged node of each of the thread's nodes (NoParent: none).
    std::vector<size_t> Match(Profile.size(), CallPathProfile::NoParent);
    Profile.walk([&](size_t Index) {
      const CallPathNode &Node = Profile.node(Index);
      size_t Parent = CallPathProfile::NoParent;
      if (Node.Parent != CallPathProfile::NoParent) {
        Parent = Match[Node.Parent];
        if (Parent == CallPathProfile::NoParent)
          return;
      }
      auto Found = MergedChild.find(frameKey(Parent, Node));
      if (Found == MergedChild.end())
        return;
      size_t Target = Found->second;
      Match[Index] = Target;
      std::optional<Spread> &S = Out.Nodes[Target];
      double Value = Node.InclusiveSeconds;
      int64_t At = static_cast<int64_t>(Thread.Index);
      if (!S) {
        S = Spread{Value, 0, Value, std::nullopt, At, At, 0};
      } else {
        if (Value < S->Min) {
          S->Min = Value;
          S->MinAt = At;
        }
        if (Value > S->Max) {
          S->Max = Value;
          S->MaxAt = At;
        }
      }
      ++S->Count;
      Sum[Target] += Value;
    });
  }
  for (size_t I = 0; I < Out.Nodes.size(); ++I) {
    std::optional<Spread> &S = Out.Nodes[I];
    if (!S)
      continue;
    S->Mean = Sum[I] / static_cast<double>(S->Count);
    if (S->Mean > 0)
      S->Imbalance = S->Max / S->Mean;
  }
  return Out;
}

} // namespace format
} // namespace sextant
