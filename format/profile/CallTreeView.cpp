//===- format/profile/CallTreeView.cpp - The call tree, row by row --------===//
//
// Part of Sextant. Ordering and limiting siblings, folding what is deeper
// than the bound, and the depth-first walk without recursion.
//
//===----------------------------------------------------------------------===//

#include "format/profile/CallTreeView.h"

#include <algorithm>
#include <vector>

namespace sextant {
namespace format {

namespace {

/// Siblings still to show, and the row of those hidden, shown after them.
struct Level {
  std::vector<size_t> Shown;
  size_t Next = 0;
  CallTreeRow HiddenRow;
};

Level selectSiblings(const CallPathProfile &Profile,
                     const CallTreeLimits &Limits,
                     const std::vector<size_t> &Siblings, unsigned Depth) {
  std::vector<size_t> Sorted = Siblings;
  if (Limits.Before) {
    // Stable: ties keep the siblings' order (by position, so that the
    // result does not depend on how the library implements stable_sort).
    std::vector<size_t> Positions(Siblings.size());
    for (size_t P = 0; P < Positions.size(); ++P)
      Positions[P] = P;
    std::sort(Positions.begin(), Positions.end(), [&](size_t A, size_t B) {
      if (Limits.Before(Siblings[A], Siblings[B]))
        return true;
      if (Limits.Before(Siblings[B], Siblings[A]))
        return false;
      return A < B;
    });
    for (size_t P = 0; P < Positions.size(); ++P)
      Sorted[P] = Siblings[Positions[P]];
  }
  Level Result;
  Result.HiddenRow.Depth = Depth;
  CallTreeRow &Hidden = Result.HiddenRow;
  for (size_t Index : Sorted) {
    const CallPathNode &Node = Profile.node(Index);
    if (Node.InclusiveSeconds >= Limits.MinTime &&
        (Limits.Top == 0 || Result.Shown.size() < Limits.Top)) {
      Result.Shown.push_back(Index);
      continue;
    }
    ++Hidden.HiddenPaths;
    Hidden.HiddenVisits += Node.Visits;
    Hidden.HiddenInclusiveSeconds += Node.InclusiveSeconds;
    Hidden.HiddenExclusiveSeconds += Node.ExclusiveSeconds;
  }
  return Result;
}

/// The folded row of every call path below Index, summed without recursion.
CallTreeRow foldBelow(const CallPathProfile &Profile, size_t Index) {
  const CallPathNode &Top = Profile.node(Index);
  CallTreeRow Row;
  Row.Folded = true;
  Row.Depth = Top.Depth + 1;
  for (size_t Child : Top.Children)
    Row.HiddenInclusiveSeconds += Profile.node(Child).InclusiveSeconds;
  std::vector<size_t> Pending(Top.Children.begin(), Top.Children.end());
  while (!Pending.empty()) {
    const CallPathNode &Node = Profile.node(Pending.back());
    Pending.pop_back();
    ++Row.HiddenPaths;
    Row.HiddenVisits += Node.Visits;
    Row.HiddenExclusiveSeconds += Node.ExclusiveSeconds;
    Pending.insert(Pending.end(), Node.Children.begin(), Node.Children.end());
  }
  return Row;
}

} // namespace

void walkCallTree(const CallPathProfile &Profile, const CallTreeLimits &Limits,
                  const std::function<void(const CallTreeRow &)> &Row) {
  std::vector<Level> Stack;
  Stack.push_back(selectSiblings(Profile, Limits, Profile.roots(), 0));
  while (!Stack.empty()) {
    Level &Top = Stack.back();
    if (Top.Next == Top.Shown.size()) {
      if (Top.HiddenRow.HiddenPaths != 0)
        Row(Top.HiddenRow);
      Stack.pop_back();
      continue;
    }
    size_t Index = Top.Shown[Top.Next++];
    const CallPathNode &Node = Profile.node(Index);
    CallTreeRow Shown;
    Shown.Node = Index;
    Shown.Depth = Node.Depth;
    Row(Shown);
    if (Node.Children.empty())
      continue;
    if (Limits.MaxDepth != 0 && Node.Depth + 1 >= Limits.MaxDepth)
      Row(foldBelow(Profile, Index));
    else
      Stack.push_back(
          selectSiblings(Profile, Limits, Node.Children, Node.Depth + 1));
  }
}

std::string foldedRowText(const CallTreeRow &Row) {
  return "(" + std::to_string(Row.HiddenPaths) +
         (Row.HiddenPaths == 1 ? " call path" : " call paths") +
         " deeper than " + std::to_string(Row.Depth) +
         (Row.Depth == 1 ? " level" : " levels") + " folded into this row)";
}

} // namespace format
} // namespace sextant
