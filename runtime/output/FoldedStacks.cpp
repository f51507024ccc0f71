//===- runtime/output/FoldedStacks.cpp - profile.folded for flame graphs --===//
//
// Part of Sextant. Depth-first walk of the tree emitting one line per path.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/FoldedStacks.h"

#include "runtime/output/HatchetProfile.h"

#include <cmath>

namespace sextant {
namespace runtime {

std::string renderFoldedStacks(const CallPathTree &Tree,
                               const std::vector<RegionInfo> &Regions,
                               double SecondsPerTick) {
  std::vector<std::vector<CallPathTree::NodeIndex>> Children =
      sortedChildLists(Tree);
  std::string Out;
  // The path of the current node, and for each level the length of the
  // path before its frame was appended.
  std::string Path;
  std::vector<size_t> PathLengths;
  std::vector<std::pair<CallPathTree::NodeIndex, size_t>> Stack;
  Stack.emplace_back(CallPathTree::RootNode, 0);
  while (!Stack.empty()) {
    auto &[Index, Next] = Stack.back();
    if (Next < Children[Index].size()) {
      CallPathTree::NodeIndex Child = Children[Index][Next++];
      const CallPathTree::Node &Node = Tree.node(Child);
      PathLengths.push_back(Path.size());
      if (!Path.empty())
        Path += ';';
      Path += format::foldedFrameName(regionDisplayName(Regions, Node.Region));
      double Microseconds =
          static_cast<double>(Node.ExclusiveTicks) * SecondsPerTick * 1e6;
      long long Rounded = std::llround(Microseconds);
      if (Rounded > 0) {
        Out += Path;
        Out += ' ';
        Out += std::to_string(Rounded);
        Out += '\n';
      }
      Stack.emplace_back(Child, 0);
      continue;
    }
    Stack.pop_back();
    if (!PathLengths.empty() && !Stack.empty()) {
      Path.resize(PathLengths.back());
      PathLengths.pop_back();
    }
  }
  return Out;
}

} // namespace runtime
} // namespace sextant
