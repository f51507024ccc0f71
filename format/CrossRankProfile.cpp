//===- format/CrossRankProfile.cpp - The call tree of an MPI job ----------===//
//
// Part of Sextant. See CrossRankProfile.h. Merging, writing and summing
// walk the tree with explicit stacks: a call tree can be a million levels
// deep.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankProfile.h"
#include "format/JsonDocument.h"

#include "format/CrossRankStatistics.h"
#include "format/ProfileRanksJson.h"

#include <algorithm>
#include <set>

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

double MergedNode::total(size_t Metric) const {
  return rankTotal(Values[Metric]);
}

MergedNode &MergedNode::child(uint32_t Id, const json &Node) {
  auto Existing = ChildByRegion.find(Id);
  if (Existing != ChildByRegion.end())
    return *Existing->second;
  Children.push_back(
      std::make_unique<MergedNode>(Values[0].size(), Values.size()));
  MergedNode &Child = *Children.back();
  const json &Frame = Node.value("frame", json::object());
  Child.Region = Id;
  Child.Name = Frame.value("name", "?");
  Child.Type = Frame.value("type", "function");
  Child.Attributes = Node.value("attributes", json::object());
  Child.Attributes["region_id"] = Id;
  ChildByRegion.emplace(Id, &Child);
  return Child;
}

std::vector<double>
RankPositions::perRank(const std::vector<double> &Values) const {
  std::vector<double> All(static_cast<size_t>(RankCount), 0.0);
  for (size_t P = 0; P < RankOf.size(); ++P)
    All[RankOf[P]] = Values[P];
  return All;
}

MergedNode::~MergedNode() {
  // The subtree is released node by node from a list, not by the
  // recursion of the children's destructors: a call tree can be a million
  // levels deep.
  std::vector<std::unique_ptr<MergedNode>> Pending = std::move(Children);
  while (!Pending.empty()) {
    std::unique_ptr<MergedNode> Last = std::move(Pending.back());
    Pending.pop_back();
    for (std::unique_ptr<MergedNode> &Child : Last->Children)
      Pending.push_back(std::move(Child));
    Last->Children.clear();
  }
}

void mergeRankProfile(const json &Profile, size_t Position,
                      const RegionRenumbering &Ids, RegionUnion &Union,
                      MergedNode &Root, const JobMetrics &Metrics) {
  // Each array of nodes still to merge, the next one, and the merged node
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
    MergedNode &Child = Top.Parent->child(Id, Node);
    const json &Values = Node.value(keys::Metrics, json::object());
    for (size_t M = 0; M < Metrics.Names.size(); ++M) {
      auto Value = Values.find(Metrics.Names[M]);
      if (Value != Values.end() && Value->is_number())
        Child.Values[M][Position] += Value->get<double>();
    }
    auto Children = Node.find("children");
    if (Children != Node.end() && Children->is_array())
      Stack.push_back({&*Children, 0, &Child});
  }
}

namespace {

json nodeMetrics(const MergedNode &Node, const JobMetrics &Metrics) {
  json Values = json::object();
  for (size_t M = 0; M < Metrics.Names.size(); ++M) {
    double Sum = Node.total(M);
    if (Metrics.Integer[M])
      Values[Metrics.Names[M]] = static_cast<uint64_t>(Sum + 0.5);
    else
      Values[Metrics.Names[M]] = Sum;
  }
  return Values;
}

/// The number of ranks that ran Node.
int ranksPresent(const MergedNode &Node) {
  int Present = 0;
  for (size_t P = 0; P < Node.Values[Visits].size(); ++P)
    Present += Node.Values[Visits][P] > 0 || Node.Values[InclusiveTime][P] > 0;
  return Present;
}

/// The children in decreasing inclusive time, then by region.
std::vector<const MergedNode *> sortedChildren(const MergedNode &Node) {
  std::vector<const MergedNode *> Sorted;
  for (const auto &Child : Node.Children)
    Sorted.push_back(Child.get());
  std::sort(Sorted.begin(), Sorted.end(),
            [](const MergedNode *A, const MergedNode *B) {
              double TA = A->total(InclusiveTime);
              double TB = B->total(InclusiveTime);
              if (TA != TB)
                return TA > TB;
              return A->Region < B->Region;
            });
  return Sorted;
}

/// The members of Node's object in the job's profile.json before its
/// children (the keys in order, as nlohmann::json sorts them).
void writeNodeHead(JsonWriter &Writer, const MergedNode &Node, uint64_t Id) {
  json Attributes = Node.Attributes;
  Attributes[keys::Ranks] = ranksPresent(Node);
  Attributes[keys::NodeId] = Id;
  Writer.key(keys::Attributes);
  writeJsonValue(Writer, Attributes);
  Writer.key(keys::Children);
}

/// The members after the children.
void writeNodeTail(JsonWriter &Writer, const MergedNode &Node,
                   const JobMetrics &Metrics) {
  Writer.key(keys::Frame);
  writeJsonValue(Writer, {{keys::Name, Node.Name}, {keys::Type, Node.Type}});
  Writer.key(keys::Metrics);
  writeJsonValue(Writer, nodeMetrics(Node, Metrics));
}

} // namespace

JobProfileFiles jobProfileFiles(const MergedNode &Root,
                                const RankPositions &Ranks,
                                const JobMetrics &Metrics) {
  // Both files are written while the tree is walked, with an explicit
  // stack of the children still to write: no recursion, no document of the
  // whole tree. Nodes are numbered in the order they are opened.
  struct Pending {
    std::vector<const MergedNode *> Children;
    size_t Next;
    const MergedNode *Node; ///< nullptr for Root
    uint64_t Id;
  };
  JobProfileFiles Files;
  JsonWriter Writer(Files.Profile);
  ProfileRanksWriter Statistics(Files.ProfileRanks, Ranks, Metrics);
  uint64_t NextId = 0;
  std::vector<Pending> Stack;
  Writer.beginArray();
  Stack.push_back(
      {sortedChildren(Root), 0, nullptr, ProfileRanksWriter::NoParent});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Children.size()) {
      Writer.endArray();
      const MergedNode *Done = Top.Node;
      Stack.pop_back();
      if (Done) {
        writeNodeTail(Writer, *Done, Metrics);
        Writer.endObject();
      }
      continue;
    }
    const MergedNode *Node = Top.Children[Top.Next++];
    uint64_t Id = NextId++;
    Statistics.node(Id, Top.Id, *Node, ranksPresent(*Node));
    Writer.beginObject();
    writeNodeHead(Writer, *Node, Id);
    Writer.beginArray();
    Stack.push_back({sortedChildren(*Node), 0, Node, Id});
  }
  Files.Profile += '\n';
  Statistics.finish();
  return Files;
}

std::map<uint32_t, RegionTimes> regionTimes(const MergedNode &Root,
                                            size_t Positions) {
  std::map<uint32_t, RegionTimes> Times;
  // The regions open on the current path (a region's inclusive time counts
  // once where it recurses), and the children still to visit.
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
    RegionTimes &T = Times[Node.Region];
    if (T.Inclusive.empty()) {
      T.Inclusive.assign(Positions, 0);
      T.Exclusive.assign(Positions, 0);
      T.Visits.assign(Positions, 0);
    }
    bool Outermost = Open.find(Node.Region) == Open.end();
    for (size_t P = 0; P < Positions; ++P) {
      if (Outermost)
        T.Inclusive[P] += Node.Values[InclusiveTime][P];
      T.Exclusive[P] += Node.Values[ExclusiveTime][P];
      T.Visits[P] += Node.Values[Visits][P];
    }
    Stack.push_back({&Node, 0, Open.insert(Node.Region)});
  }
  return Times;
}

} // namespace format
} // namespace sextant
