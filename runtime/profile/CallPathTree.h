//===- runtime/profile/CallPathTree.h - Call-path profile of regions ------===//
//
// Part of Sextant. A CallPathTree holds one node per distinct call path (the
// sequence of region ids from a root to the node) with the number of visits
// and the inclusive and exclusive time spent on that path.
//
// Nodes live in one growable array (an arena addressed by 32-bit indices);
// node 0 is an artificial root whose children are the outermost regions. The
// child of a node for a region is found through one open-addressing hash
// table keyed by (parent index, region id), so looking up an existing child
// never allocates. A child always has a larger index than its parent, which
// makes merging and rendering simple forward or backward passes.
//
// The tree knows nothing about threads or process-global state: per-thread
// trees are merged into the process-wide tree with mergeFrom().
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_PROFILE_CALLPATHTREE_H
#define SEXTANT_RUNTIME_PROFILE_CALLPATHTREE_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sextant {
namespace runtime {

class CallPathTree {
public:
  /// Index of a node; RootNode is the artificial root.
  using NodeIndex = uint32_t;
  static constexpr NodeIndex RootNode = 0;
  /// Returned by findChild when there is no such child.
  static constexpr NodeIndex NoNode = UINT32_MAX;

  struct Node {
    NodeIndex Parent = RootNode; ///< RootNode for outermost regions
    uint32_t Region = 0;         ///< region id; 0 for the root
    uint64_t Visits = 0;         ///< completed or still open entries
    uint64_t InclusiveTicks = 0; ///< time from enter to exit
    /// Inclusive minus the children's, summed modulo 2^64 (see exclusive()).
    uint64_t ExclusiveTicks = 0;

    /// ExclusiveTicks, or 0 when the sum is negative as a signed value: the
    /// children's time of a visit is not clamped to the visit's own
    /// (CallPathRecorder::closeTopTimes), so a clock that went back between
    /// a child's end and its parent's could leave the sum below zero.
    uint64_t exclusive() const {
      return static_cast<int64_t>(ExclusiveTicks) < 0 ? 0 : ExclusiveTicks;
    }
  };

  CallPathTree();

  /// The child of Parent for Region, created (with zero metrics) when it
  /// does not exist yet. Throws std::bad_alloc when growing fails, leaving
  /// the tree unchanged.
  NodeIndex child(NodeIndex Parent, uint32_t Region) {
    NodeIndex Found = findChild(Parent, Region);
    return Found != NoNode ? Found : insertChild(Parent, Region);
  }

  /// The child of Parent for Region, or NoNode. Never allocates.
  NodeIndex findChild(NodeIndex Parent, uint32_t Region) const {
    size_t Mask = Slots.size() - 1;
    for (size_t Slot = hashKey(Parent, Region) & Mask;;
         Slot = (Slot + 1) & Mask) {
      NodeIndex Index = Slots[Slot];
      if (Index == RootNode)
        return NoNode;
      const Node &Candidate = Nodes[Index];
      if (Candidate.Parent == Parent && Candidate.Region == Region)
        return Index;
    }
  }

  Node &node(NodeIndex Index) { return Nodes[Index]; }
  const Node &node(NodeIndex Index) const { return Nodes[Index]; }

  /// Number of nodes including the root.
  size_t size() const { return Nodes.size(); }
  /// True when the tree has no node besides the root.
  bool empty() const { return Nodes.size() == 1; }

  /// Adds every call path of Other to this tree: nodes on the same path
  /// (same sequence of region ids from the root) add up their visits and
  /// times, other paths are created. Throws std::bad_alloc on exhaustion;
  /// the paths merged before the failure stay merged.
  void mergeFrom(const CallPathTree &Other);

  /// Makes this tree a copy of the Count nodes at Copied, a tree's node
  /// array (root first, every parent before its children), with the same
  /// indices: what a copy of a recorder keeps (RecorderCopy.h). Throws
  /// std::bad_alloc, leaving the tree unchanged.
  void assignNodes(const Node *Copied, size_t Count);

  /// For every node, the indices of its children in creation order.
  std::vector<std::vector<NodeIndex>> childLists() const;

private:
  static size_t hashKey(NodeIndex Parent, uint32_t Region) {
    // Fibonacci hashing, one multiplication (the lookup is on the path of
    // every enter whose stack slot did not keep its node). The slot is taken
    // from the upper half of the product: every bit of the region reaches
    // it, and the parent adds Parent * odd constant, distinct for distinct
    // parents below the table's size (all of them: it is at most half
    // full).
    uint64_t Key = (static_cast<uint64_t>(Parent) << 32) | Region;
    return static_cast<size_t>((Key * 0x9e3779b97f4a7c15ull) >> 32);
  }
  NodeIndex insertChild(NodeIndex Parent, uint32_t Region);
  static void placeInSlots(std::vector<NodeIndex> &Table,
                           const std::vector<Node> &Nodes, NodeIndex Index);

  std::vector<Node> Nodes;
  /// Open-addressing table of node indices (RootNode marks an empty slot:
  /// the root is never a child); its size is a power of two, at most half
  /// full.
  std::vector<NodeIndex> Slots;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_PROFILE_CALLPATHTREE_H
