//===- test/unit/runtime/profile/CallPathTreeTests.cpp - CallPathTree -----===//
//
// Part of Sextant. Child lookup and growth of call-path trees, and merging:
// the same paths add up, different paths stay apart, recursion and several
// roots.
//
//===----------------------------------------------------------------------===//

#include "runtime/profile/CallPathTree.h"

#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

using namespace sextant::runtime;
using NodeIndex = CallPathTree::NodeIndex;

namespace {

/// Adds one visit with the given times to the node at Path (region ids from
/// the root), creating the path.
NodeIndex addPath(CallPathTree &Tree, const std::vector<uint32_t> &Path,
                  uint64_t Inclusive, uint64_t Exclusive) {
  NodeIndex Node = CallPathTree::RootNode;
  for (uint32_t Region : Path)
    Node = Tree.child(Node, Region);
  CallPathTree::Node &Data = Tree.node(Node);
  ++Data.Visits;
  Data.InclusiveTicks += Inclusive;
  Data.ExclusiveTicks += Exclusive;
  return Node;
}

/// Every node as "r1;r2;... visits/inclusive/exclusive", keyed by path.
std::map<std::string, std::string> describe(const CallPathTree &Tree) {
  std::map<std::string, std::string> Paths;
  for (NodeIndex Index = 1; Index < Tree.size(); ++Index) {
    std::string Path;
    for (NodeIndex Node = Index; Node != CallPathTree::RootNode;
         Node = Tree.node(Node).Parent)
      Path = std::to_string(Tree.node(Node).Region) +
             (Path.empty() ? "" : ";" + Path);
    const CallPathTree::Node &Data = Tree.node(Index);
    Paths[Path] = std::to_string(Data.Visits) + "/" +
                  std::to_string(Data.InclusiveTicks) + "/" +
                  std::to_string(Data.ExclusiveTicks);
  }
  return Paths;
}

} // namespace

TEST_CASE("a new tree holds only the root", "[CallPathTree]") {
  CallPathTree Tree;
  CHECK(Tree.empty());
  CHECK(Tree.size() == 1);
  CHECK(Tree.findChild(CallPathTree::RootNode, 7) == CallPathTree::NoNode);
}

TEST_CASE("child() creates a node once and finds it afterwards",
          "[CallPathTree]") {
  CallPathTree Tree;
  NodeIndex A = Tree.child(CallPathTree::RootNode, 1);
  NodeIndex B = Tree.child(A, 2);
  CHECK(A != B);
  CHECK(Tree.child(CallPathTree::RootNode, 1) == A);
  CHECK(Tree.child(A, 2) == B);
  CHECK(Tree.findChild(A, 2) == B);
  CHECK(Tree.findChild(B, 2) == CallPathTree::NoNode);
  CHECK(Tree.node(B).Parent == A);
  CHECK(Tree.node(B).Region == 2u);
  CHECK(Tree.size() == 3);
}

TEST_CASE("the lookup table grows without losing nodes", "[CallPathTree]") {
  CallPathTree Tree;
  // Many children of the root and a deep chain: several rehashes.
  std::vector<NodeIndex> Children;
  for (uint32_t Region = 1; Region <= 5000; ++Region)
    Children.push_back(Tree.child(CallPathTree::RootNode, Region));
  NodeIndex Chain = CallPathTree::RootNode;
  std::vector<NodeIndex> ChainNodes;
  for (int Depth = 0; Depth < 3000; ++Depth) {
    Chain = Tree.child(Chain, 42);
    ChainNodes.push_back(Chain);
  }
  CHECK(Tree.size() == 1 + 5000 + 2999); // the chain's first node is 42
  for (uint32_t Region = 1; Region <= 5000; ++Region)
    CHECK(Tree.findChild(CallPathTree::RootNode, Region) ==
          Children[Region - 1]);
  NodeIndex Walk = CallPathTree::RootNode;
  for (NodeIndex Expected : ChainNodes) {
    Walk = Tree.findChild(Walk, 42);
    REQUIRE(Walk == Expected);
  }
  // Children always follow their parents.
  for (NodeIndex Index = 1; Index < Tree.size(); ++Index)
    CHECK(Tree.node(Index).Parent < Index);
}

TEST_CASE("merging adds up identical call paths", "[CallPathTree]") {
  CallPathTree Thread1, Thread2, Merged;
  addPath(Thread1, {1}, 100, 40);
  addPath(Thread1, {1, 2}, 60, 60);
  addPath(Thread2, {1}, 50, 20);
  addPath(Thread2, {1, 2}, 30, 30);
  addPath(Thread2, {1, 2}, 0, 0); // a second visit with no time

  Merged.mergeFrom(Thread1);
  Merged.mergeFrom(Thread2);
  std::map<std::string, std::string> Expected = {{"1", "2/150/60"},
                                                 {"1;2", "3/90/90"}};
  CHECK(describe(Merged) == Expected);
  CHECK(Merged.size() == 3);
}

TEST_CASE("merging keeps different call paths apart", "[CallPathTree]") {
  CallPathTree A, B, Merged;
  addPath(A, {1, 2, 3}, 10, 10);
  addPath(B, {1, 3}, 20, 20); // region 3 on a different path
  addPath(B, {2, 3}, 30, 30); // and on a path with a different root
  Merged.mergeFrom(A);
  Merged.mergeFrom(B);
  std::map<std::string, std::string> Expected = {
      {"1", "0/0/0"},     {"1;2", "0/0/0"}, {"1;2;3", "1/10/10"},
      {"1;3", "1/20/20"}, {"2", "0/0/0"},   {"2;3", "1/30/30"}};
  CHECK(describe(Merged) == Expected);
}

TEST_CASE("merging handles recursion and several roots", "[CallPathTree]") {
  CallPathTree A, B, Merged;
  // Recursion: region 5 calling itself three levels deep, in both trees,
  // with a fourth level only in B.
  addPath(A, {5}, 100, 10);
  addPath(A, {5, 5}, 90, 20);
  addPath(A, {5, 5, 5}, 70, 70);
  addPath(B, {5}, 10, 1);
  addPath(B, {5, 5}, 9, 2);
  addPath(B, {5, 5, 5}, 7, 3);
  addPath(B, {5, 5, 5, 5}, 4, 4);
  // Several roots: thread functions of different threads.
  addPath(A, {8}, 5, 5);
  addPath(B, {9}, 6, 6);

  Merged.mergeFrom(A);
  Merged.mergeFrom(B);
  std::map<std::string, std::string> Expected = {
      {"5", "2/110/11"},    {"5;5", "2/99/22"}, {"5;5;5", "2/77/73"},
      {"5;5;5;5", "1/4/4"}, {"8", "1/5/5"},     {"9", "1/6/6"}};
  CHECK(describe(Merged) == Expected);

  // Merging is additive: merging A again doubles A's share only.
  Merged.mergeFrom(A);
  CHECK(describe(Merged)["5"] == "3/210/21");
  CHECK(describe(Merged)["5;5;5;5"] == "1/4/4");
}

TEST_CASE("merging an empty tree changes nothing", "[CallPathTree]") {
  CallPathTree Empty, Tree;
  addPath(Tree, {1, 2}, 3, 3);
  std::map<std::string, std::string> Before = describe(Tree);
  Tree.mergeFrom(Empty);
  CHECK(describe(Tree) == Before);
  Empty.mergeFrom(CallPathTree());
  CHECK(Empty.empty());
}

TEST_CASE("childLists lists children in creation order", "[CallPathTree]") {
  CallPathTree Tree;
  NodeIndex A = Tree.child(CallPathTree::RootNode, 3);
  NodeIndex B = Tree.child(CallPathTree::RootNode, 1);
  NodeIndex C = Tree.child(A, 2);
  std::vector<std::vector<NodeIndex>> Lists = Tree.childLists();
  REQUIRE(Lists.size() == Tree.size());
  CHECK(Lists[CallPathTree::RootNode] == std::vector<NodeIndex>{A, B});
  CHECK(Lists[A] == std::vector<NodeIndex>{C});
  CHECK(Lists[B].empty());
  CHECK(Lists[C].empty());
}
