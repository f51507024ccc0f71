//===- format/job/CrossRankProfile.cpp - The call tree of an MPI job ------===//
//
// Part of Sextant. See CrossRankProfile.h. Reading, merging and summing
// walk the tree with explicit stacks: a call tree can be a million levels
// deep.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankProfile.h"
#include "format/job/JsonDocument.h"

#include "format/job/CrossRankStatistics.h"

#include <algorithm>
#include <array>
#include <set>
#include <unordered_set>

namespace sextant {
namespace format {

using nlohmann::json;

JobMetrics::JobMetrics()
    : Names(std::begin(ProfileMetricNames), std::end(ProfileMetricNames)),
      Integer{false, false, true} {}

JobMetrics JobMetrics::fromExperiments(const std::vector<json> &Experiments) {
  JobMetrics Metrics;
  std::set<std::string> Seen;
  for (const json &Experiment : Experiments) {
    const json &Recorded =
        Experiment.value(experiment_keys::Metrics, json::object());
    if (!Recorded.is_object())
      continue;
    const json &Measured =
        Recorded.value(experiment_keys::Measured, json::array());
    for (const json &Metric : Measured) {
      // Only sums add up over ranks, threads and call paths; maxima (such
      // as peak-rss) and derived ratios do not.
      if (!Metric.is_object() ||
          Metric.value(experiment_keys::Accumulation, "") != AccumulationSum)
        continue;
      std::string Name = Metric.value(keys::Name, "");
      if (Name.empty() || !Seen.insert(Name).second)
        continue;
      bool Whole = Metric.value(experiment_keys::Unit, "") != "s";
      Metrics.Names.push_back(Name + keys::InclusiveSuffix);
      Metrics.Integer.push_back(Whole);
      Metrics.Names.push_back(Name);
      Metrics.Integer.push_back(Whole);
    }
  }
  return Metrics;
}

std::vector<int> JobMetrics::add(const JobMetrics &Other) {
  std::vector<int> Index;
  for (size_t M = 0; M < Other.Names.size(); ++M) {
    auto Found = std::find(Names.begin(), Names.end(), Other.Names[M]);
    Index.push_back(static_cast<int>(Found - Names.begin()));
    if (Found == Names.end()) {
      Names.push_back(Other.Names[M]);
      Integer.push_back(Other.Integer[M]);
    }
  }
  return Index;
}

MergedNode::~MergedNode() {
  // The subtree is released node by node from a list, not by the
  // recursion of the children's destructors: a call tree can be a million
  // levels deep.
  std::vector<std::unique_ptr<MergedNode>> Pending = std::move(Children);
  while (!Pending.empty()) {
    std::unique_ptr<MergedNode> Last = std::move(Pending.back());
    Pending.pop_back();
    if (!Last)
      continue;
    for (std::unique_ptr<MergedNode> &Child : Last->Children)
      Pending.push_back(std::move(Child));
    Last->Children.clear();
  }
}

namespace {

/// Calls Visit on every node under Root (not Root), parents first.
template <typename Function>
void forEachDescendant(MergedNode &Root, Function Visit) {
  std::vector<MergedNode *> Pending{&Root};
  while (!Pending.empty()) {
    MergedNode *Node = Pending.back();
    Pending.pop_back();
    if (Node != &Root)
      Visit(*Node);
    for (auto &Child : Node->Children)
      if (Child)
        Pending.push_back(Child.get());
  }
}

/// The child of region Id under Parent, created from Node (a profile.json
/// node) when there is none yet.
MergedNode &childFor(MergedNode &Parent, uint32_t Id, const json &Node) {
  auto Existing = Parent.ChildByRegion.find(Id);
  if (Existing != Parent.ChildByRegion.end())
    return *Existing->second;
  Parent.Children.push_back(std::make_unique<MergedNode>());
  MergedNode &Child = *Parent.Children.back();
  const json &Frame = Node.value("frame", json::object());
  Child.Region = Id;
  Child.Name = Frame.value("name", "?");
  Child.Type = Frame.value("type", "function");
  Child.Attributes = Node.value("attributes", json::object());
  Child.Attributes["region_id"] = Id;
  Parent.ChildByRegion.emplace(Id, &Child);
  return Child;
}

/// The rank's region times from its own tree: a region's inclusive time
/// counts once where it recurses.
void rankRegionTimes(
    const MergedNode &Root, int Rank,
    const std::unordered_map<const MergedNode *, std::vector<double>> &Values,
    RegionTimes &Times) {
  std::map<uint32_t, std::array<ExactSum, RegionTimeCount>> Sums;
  std::multiset<uint32_t> Open;
  struct Pending {
    const MergedNode *Node;
    size_t Next;
    std::multiset<uint32_t>::iterator Opened;
  };
  std::vector<Pending> Stack;
  Stack.push_back({&Root, 0, Open.end()});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Node->Children.size()) {
      if (Top.Opened != Open.end())
        Open.erase(Top.Opened);
      Stack.pop_back();
      continue;
    }
    const MergedNode &Node = *Top.Node->Children[Top.Next++];
    const std::vector<double> &V = Values.at(&Node);
    auto &T = Sums[Node.Region];
    if (Open.find(Node.Region) == Open.end())
      T[RegionInclusive].add(V[InclusiveTime]);
    T[RegionExclusive].add(V[ExclusiveTime]);
    T[RegionVisits].add(V[Visits]);
    Stack.push_back({&Node, 0, Open.insert(Node.Region)});
  }
  for (const auto &[Region, T] : Sums)
    Times[Region] = HeldAggregates::of({T[RegionInclusive].value(),
                                        T[RegionExclusive].value(),
                                        T[RegionVisits].value()},
                                       Rank);
}

} // namespace

void readRankProfile(const json &Profile, int Rank,
                     const RegionRenumbering &Ids, RegionUnion &Union,
                     MergedNode &Root, const JobMetrics &Metrics,
                     RegionTimes &Times) {
  // The rank's values per node while its tree is read (profile nodes of
  // the same call path add up), made aggregates once it is complete.
  std::unordered_map<const MergedNode *, std::vector<double>> Values;
  // Each array of nodes still to read, the next one, and the merged node
  // they go under: no recursion, however deep the call tree.
  struct Pending {
    const json *Nodes;
    size_t Next;
    MergedNode *Parent;
  };
  std::vector<Pending> Stack;
  if (Profile.is_array())
    Stack.push_back({&Profile, 0, &Root});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Nodes->size()) {
      Stack.pop_back();
      continue;
    }
    const json &Node = (*Top.Nodes)[Top.Next++];
    const json &Attributes = Node.value("attributes", json::object());
    auto Found = Ids.find(Attributes.value("region_id", 0u));
    uint32_t Id =
        Found != Ids.end()
            ? Found->second
            : Union.addStandIn(
                  Node.value("frame", json::object()).value("name", "?"));
    MergedNode &Child = childFor(*Top.Parent, Id, Node);
    std::vector<double> &Sums = Values[&Child];
    Sums.resize(Metrics.Names.size());
    const json &Measured = Node.value(keys::Metrics, json::object());
    for (size_t M = 0; M < Metrics.Names.size(); ++M) {
      auto Value = Measured.find(Metrics.Names[M]);
      if (Value != Measured.end() && Value->is_number())
        Sums[M] += Value->get<double>();
    }
    auto Children = Node.find("children");
    if (Children != Node.end() && Children->is_array())
      Stack.push_back({&*Children, 0, &Child});
  }
  forEachDescendant(Root, [&](MergedNode &Node) {
    const std::vector<double> &V = Values.at(&Node);
    Node.Values = HeldAggregates::of(V, Rank);
    Node.Present = V[Visits] > 0 || V[InclusiveTime] > 0;
  });
  rankRegionTimes(Root, Rank, Values, Times);
}

void renumberRegions(MergedNode &Root, const RegionRenumbering &Ids) {
  auto Renumber = [&](MergedNode &Node) {
    Node.ChildByRegion.clear();
    for (auto &Child : Node.Children)
      Node.ChildByRegion.emplace(Child->Region, Child.get());
  };
  forEachDescendant(Root, [&](MergedNode &Node) {
    Node.Region = Ids.at(Node.Region);
    Node.Attributes["region_id"] = Node.Region;
  });
  Renumber(Root);
  forEachDescendant(Root, Renumber);
}

void remapMetrics(MergedNode &Root, const std::vector<int> &From) {
  forEachDescendant(Root, [&](MergedNode &Node) {
    std::vector<RankAggregate> Old = std::move(Node.Values.Values);
    Node.Values.Values.clear();
    for (int Source : From) {
      if (Source >= 0)
        Node.Values.Values.push_back(Old[static_cast<size_t>(Source)]);
      else
        Node.Values.addZeroValue();
    }
  });
}

void mergeTrees(MergedNode &Lower, MergedNode &&Upper, RankRange LowerRange,
                RankRange UpperRange) {
  // Pairs of nodes of the same call path whose children are still to
  // merge: no recursion, however deep the call tree.
  std::vector<std::pair<MergedNode *, MergedNode *>> Stack{{&Lower, &Upper}};
  while (!Stack.empty()) {
    auto [L, U] = Stack.back();
    Stack.pop_back();
    std::unordered_set<const MergedNode *> Matched;
    std::vector<std::unique_ptr<MergedNode>> Added;
    for (std::unique_ptr<MergedNode> &UpperChild : U->Children) {
      auto Found = L->ChildByRegion.find(UpperChild->Region);
      if (Found != L->ChildByRegion.end()) {
        MergedNode &Same = *Found->second;
        Same.Values.merge(UpperChild->Values, LowerRange, UpperRange);
        Same.Present += UpperChild->Present;
        Matched.insert(&Same);
        Stack.push_back({&Same, UpperChild.get()});
        continue;
      }
      // A call path of the upper ranks only: the lower ones lack it.
      auto LowerLacks = [&](MergedNode &Node) {
        HeldAggregates Merged =
            HeldAggregates::absent(Node.Values.Values.size(), LowerRange);
        Merged.merge(Node.Values, LowerRange, UpperRange);
        Node.Values = std::move(Merged);
      };
      LowerLacks(*UpperChild);
      forEachDescendant(*UpperChild, LowerLacks);
      L->ChildByRegion.emplace(UpperChild->Region, UpperChild.get());
      Added.push_back(std::move(UpperChild));
    }
    // The call paths of the lower ranks only: the upper ones lack them.
    auto UpperLacks = [&](MergedNode &Node) {
      Node.Values.merge(
          HeldAggregates::absent(Node.Values.Values.size(), UpperRange),
          LowerRange, UpperRange);
    };
    for (std::unique_ptr<MergedNode> &LowerChild : L->Children) {
      if (Matched.count(LowerChild.get()))
        continue;
      UpperLacks(*LowerChild);
      forEachDescendant(*LowerChild, UpperLacks);
    }
    for (std::unique_ptr<MergedNode> &Child : Added)
      L->Children.push_back(std::move(Child));
  }
}

} // namespace format
} // namespace sextant
