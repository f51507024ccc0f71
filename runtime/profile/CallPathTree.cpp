//===- runtime/profile/CallPathTree.cpp - Call-path profile of regions ----===//
//
// Part of Sextant. Insertion, growth and merging of call-path trees.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathTree.h"

#include <new>

namespace sextant {
namespace runtime {

namespace {
constexpr size_t InitialSlots = 64;
constexpr size_t InitialNodes = 32;
} // namespace

CallPathTree::CallPathTree() : Slots(InitialSlots, RootNode) {
  Nodes.reserve(InitialNodes);
  Nodes.emplace_back();
}

void CallPathTree::placeInSlots(std::vector<NodeIndex> &Table,
                                const std::vector<Node> &Nodes,
                                NodeIndex Index) {
  size_t Mask = Table.size() - 1;
  size_t Slot = hashKey(Nodes[Index].Parent, Nodes[Index].Region) & Mask;
  while (Table[Slot] != RootNode)
    Slot = (Slot + 1) & Mask;
  Table[Slot] = Index;
}

CallPathTree::NodeIndex CallPathTree::insertChild(NodeIndex Parent,
                                                  uint32_t Region) {
  if (Nodes.size() >= NoNode)
    throw std::bad_alloc();
  // Allocate everything first so that a failure leaves the tree unchanged.
  if (Nodes.size() == Nodes.capacity())
    Nodes.reserve(Nodes.capacity() * 2);
  size_t NewChildren = Nodes.size(); // children after the insertion
  if (NewChildren * 2 > Slots.size()) {
    std::vector<NodeIndex> Grown(Slots.size() * 2, RootNode);
    for (NodeIndex Index = 1; Index < Nodes.size(); ++Index)
      placeInSlots(Grown, Nodes, Index);
    Slots.swap(Grown);
  }
  NodeIndex Index = static_cast<NodeIndex>(Nodes.size());
  Node Fresh;
  Fresh.Parent = Parent;
  Fresh.Region = Region;
  Nodes.push_back(Fresh); // cannot throw: capacity was reserved
  placeInSlots(Slots, Nodes, Index);
  return Index;
}

void CallPathTree::mergeFrom(const CallPathTree &Other) {
  // Other's parents precede their children, so one forward pass can map
  // every node of Other to its counterpart here.
  std::vector<NodeIndex> Counterpart(Other.Nodes.size(), RootNode);
  for (NodeIndex Index = 1; Index < Other.Nodes.size(); ++Index) {
    const Node &From = Other.Nodes[Index];
    NodeIndex Mine = child(Counterpart[From.Parent], From.Region);
    Counterpart[Index] = Mine;
    Node &To = Nodes[Mine];
    To.Visits += From.Visits;
    To.InclusiveTicks += From.InclusiveTicks;
    To.ExclusiveTicks += From.ExclusiveTicks;
  }
}

void CallPathTree::assignNodes(const Node *Copied, size_t Count) {
  if (Count == 0 || Count >= NoNode)
    throw std::bad_alloc(); // no root, or more nodes than indices
  std::vector<Node> CopiedNodes(Copied, Copied + Count);
  // At most half full, as insertChild() keeps it.
  size_t SlotCount = InitialSlots;
  while (SlotCount < 2 * Count)
    SlotCount *= 2;
  std::vector<NodeIndex> CopiedSlots(SlotCount, RootNode);
  for (NodeIndex Index = 1; Index < Count; ++Index)
    placeInSlots(CopiedSlots, CopiedNodes, Index);
  Nodes.swap(CopiedNodes);
  Slots.swap(CopiedSlots);
}

std::vector<std::vector<CallPathTree::NodeIndex>>
CallPathTree::childLists() const {
  std::vector<std::vector<NodeIndex>> Lists(Nodes.size());
  for (NodeIndex Index = 1; Index < Nodes.size(); ++Index)
    Lists[Nodes[Index].Parent].push_back(Index);
  return Lists;
}

} // namespace runtime
} // namespace sextant
