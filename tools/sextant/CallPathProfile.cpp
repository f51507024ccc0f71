//===- tools/sextant/CallPathProfile.cpp - A call-path tree ---------------===//
//
// Part of Sextant. Building the call-path tree and summing it per region.
//
//===----------------------------------------------------------------------===//

#include "CallPathProfile.h"

#include <unordered_map>

namespace sextant {
namespace tool {

size_t CallPathProfile::addNode(size_t Parent, CallPathNode Node) {
  size_t Index = Nodes.size();
  Node.Parent = Parent;
  Node.Children.clear();
  if (Parent == NoParent) {
    Node.Depth = 0;
    Roots.push_back(Index);
  } else {
    Node.Depth = Nodes[Parent].Depth + 1;
    Nodes[Parent].Children.push_back(Index);
  }
  Nodes.push_back(std::move(Node));
  return Index;
}

double CallPathProfile::totalInclusiveSeconds() const {
  double Total = 0;
  for (size_t Root : Roots)
    Total += Nodes[Root].InclusiveSeconds;
  return Total;
}

double CallPathProfile::totalExclusiveSeconds() const {
  double Total = 0;
  for (const CallPathNode &Node : Nodes)
    Total += Node.ExclusiveSeconds;
  return Total;
}

std::vector<FlatRegion> CallPathProfile::flatten() const {
  std::vector<FlatRegion> Regions;
  std::unordered_map<uint32_t, size_t> EntryOfRegion;
  // Open activations of each region on the current path: a node adds its
  // inclusive time only when no ancestor is the same region.
  std::unordered_map<uint32_t, unsigned> Open;
  std::vector<std::pair<size_t, size_t>> Stack; // node, next child
  for (size_t Root : Roots) {
    Stack.emplace_back(Root, 0);
    while (!Stack.empty()) {
      auto &[Index, Next] = Stack.back();
      const CallPathNode &Node = Nodes[Index];
      if (Next == 0) {
        auto [Slot, Inserted] =
            EntryOfRegion.emplace(Node.RegionId, Regions.size());
        if (Inserted) {
          Regions.emplace_back();
          Regions.back().RegionId = Node.RegionId;
          Regions.back().Name = Node.Name;
        }
        FlatRegion &Entry = Regions[Slot->second];
        Entry.Visits += Node.Visits;
        Entry.ExclusiveSeconds += Node.ExclusiveSeconds;
        unsigned &Activations = Open[Node.RegionId];
        if (Activations == 0)
          Entry.InclusiveSeconds += Node.InclusiveSeconds;
        ++Activations;
      }
      if (Next < Node.Children.size()) {
        size_t Child = Node.Children[Next++];
        Stack.emplace_back(Child, 0);
        continue;
      }
      --Open[Node.RegionId];
      Stack.pop_back();
    }
  }
  return Regions;
}

} // namespace tool
} // namespace sextant
