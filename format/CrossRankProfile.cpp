//===- format/CrossRankProfile.cpp - The call tree of an MPI job ----------===//
//
// Part of Sextant. See CrossRankProfile.h.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankProfile.h"
#include "format/JsonDocument.h"

#include "format/CrossRankStatistics.h"

#include <algorithm>
#include <set>

namespace sextant {
namespace format {

using nlohmann::json;

double MergedNode::total(size_t Metric) const {
  return rankTotal(Values[Metric]);
}

MergedNode &MergedNode::child(uint32_t Id, const json &Node) {
  auto Existing = ChildByRegion.find(Id);
  if (Existing != ChildByRegion.end())
    return *Existing->second;
  Children.push_back(std::make_unique<MergedNode>(Values[0].size()));
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

void mergeRankProfile(const json &Profile, size_t Position,
                      const RegionRenumbering &Ids, RegionUnion &Union,
                      MergedNode &Root) {
  if (!Profile.is_array())
    return;
  for (const json &Node : Profile) {
    const json &Attributes = Node.value("attributes", json::object());
    auto Found = Ids.find(Attributes.value("region_id", 0u));
    uint32_t Id =
        Found != Ids.end()
            ? Found->second
            : Union.addStandIn(
                  Node.value("frame", json::object()).value("name", "?"));
    MergedNode &Child = Root.child(Id, Node);
    const json &Metrics = Node.value("metrics", json::object());
    for (size_t M = 0; M < ProfileMetricCount; ++M)
      Child.Values[M][Position] += Metrics.value(ProfileMetricNames[M], 0.0);
    mergeRankProfile(Node.value("children", json::array()), Position, Ids,
                     Union, Child);
  }
}

namespace {

/// Visits are whole numbers; times are seconds.
json metricValue(size_t Metric, double Value) {
  if (Metric == Visits)
    return static_cast<uint64_t>(Value + 0.5);
  return Value;
}

json nodeMetrics(const MergedNode &Node, const RankPositions &Ranks) {
  json Metrics = json::object();
  for (size_t M = 0; M < ProfileMetricCount; ++M) {
    std::string Name = ProfileMetricNames[M];
    Metrics[Name] = metricValue(M, Node.total(M));
    // Every rank of the job counts; ranks without data count 0.
    RankStatistics Stats = rankStatistics(Ranks.perRank(Node.Values[M]));
    Metrics[Name + job_keys::MinSuffix] = Stats.Min;
    Metrics[Name + job_keys::MeanSuffix] = Stats.Mean;
    Metrics[Name + job_keys::MaxSuffix] = Stats.Max;
    for (size_t P = 0; P < Ranks.RankOf.size(); ++P)
      Metrics[job_keys::rankMetricName(Name, Ranks.RankOf[P])] =
          metricValue(M, Node.Values[M][P]);
  }
  return Metrics;
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

json nodeJson(const MergedNode &Node, const RankPositions &Ranks) {
  json Out;
  Out["frame"] = {{"name", Node.Name}, {"type", Node.Type}};
  Out["metrics"] = nodeMetrics(Node, Ranks);
  json Attributes = Node.Attributes;
  int Present = 0;
  for (size_t P = 0; P < Ranks.RankOf.size(); ++P)
    Present += Node.Values[Visits][P] > 0 || Node.Values[InclusiveTime][P] > 0;
  Attributes["ranks"] = Present;
  Out["attributes"] = Attributes;
  json Children = json::array();
  for (const MergedNode *Child : sortedChildren(Node))
    Children.push_back(nodeJson(*Child, Ranks));
  Out["children"] = Children;
  return Out;
}

void collectTimes(const MergedNode &Node, std::multiset<uint32_t> &Open,
                  std::map<uint32_t, RegionTimes> &Times, size_t Positions) {
  RegionTimes &T = Times[Node.Region];
  if (T.Inclusive.empty()) {
    T.Inclusive.assign(Positions, 0);
    T.Exclusive.assign(Positions, 0);
    T.Visits.assign(Positions, 0);
  }
  bool Outermost = Open.count(Node.Region) == 0;
  for (size_t P = 0; P < Positions; ++P) {
    if (Outermost)
      T.Inclusive[P] += Node.Values[InclusiveTime][P];
    T.Exclusive[P] += Node.Values[ExclusiveTime][P];
    T.Visits[P] += Node.Values[Visits][P];
  }
  auto Position = Open.insert(Node.Region);
  for (const auto &Child : Node.Children)
    collectTimes(*Child, Open, Times, Positions);
  Open.erase(Position);
}

} // namespace

std::string jobProfileJson(const MergedNode &Root, const RankPositions &Ranks) {
  return renderJsonDocument(nodeJson(Root, Ranks)["children"], 0);
}

std::map<uint32_t, RegionTimes> regionTimes(const MergedNode &Root,
                                            size_t Positions) {
  std::map<uint32_t, RegionTimes> Times;
  std::multiset<uint32_t> Open;
  for (const auto &Child : Root.Children)
    collectTimes(*Child, Open, Times, Positions);
  return Times;
}

} // namespace format
} // namespace sextant
