//===- format/profile/CallPathProfile.cpp - A call-path profile in memory -===//
//
// Part of Sextant. Building the call-path tree and its metric table.
//
//===----------------------------------------------------------------------===//

#include "format/profile/CallPathProfile.h"

namespace sextant {
namespace format {

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

void CallPathProfile::walk(const std::function<void(size_t)> &Enter,
                           const std::function<void(size_t)> &Leave) const {
  std::vector<std::pair<size_t, size_t>> Stack; // node, next child
  for (size_t Root : Roots) {
    Enter(Root);
    Stack.emplace_back(Root, 0);
    while (!Stack.empty()) {
      auto &[Index, Next] = Stack.back();
      const CallPathNode &Node = Nodes[Index];
      if (Next < Node.Children.size()) {
        size_t Child = Node.Children[Next++];
        Enter(Child);
        Stack.emplace_back(Child, 0);
        continue;
      }
      size_t Done = Index;
      Stack.pop_back();
      if (Leave)
        Leave(Done);
    }
  }
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

double CallPathNode::metric(size_t Index) const {
  return Index < Metrics.size() ? Metrics[Index] : std::nan("");
}

size_t CallPathProfile::metricIndex(const std::string &Name,
                                    MetricNotation Notation) {
  size_t Found = findMetric(Name);
  if (Found != NoMetric)
    return Found;
  MetricNames.push_back(Name);
  MetricNotations.push_back(Notation);
  return MetricNames.size() - 1;
}

size_t CallPathProfile::findMetric(const std::string &Name) const {
  for (size_t I = 0; I < MetricNames.size(); ++I)
    if (MetricNames[I] == Name)
      return I;
  return NoMetric;
}

} // namespace format
} // namespace sextant
