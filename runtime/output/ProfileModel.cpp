//===- runtime/output/ProfileModel.cpp - A call-path tree as the model ---===//
//
// Part of Sextant. Iterative conversion of a call-path tree, its regions
// and metrics into format::CallPathProfile.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ProfileModel.h"

#include "format/profile/DerivedMetrics.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace sextant {
namespace runtime {

namespace {

/// The children of every node of Tree, ordered by inclusive time (largest
/// first, ties by region id).
std::vector<std::vector<CallPathTree::NodeIndex>>
sortedChildLists(const CallPathTree &Tree) {
  std::vector<std::vector<CallPathTree::NodeIndex>> Lists = Tree.childLists();
  for (auto &Children : Lists)
    std::sort(Children.begin(), Children.end(),
              [&](CallPathTree::NodeIndex A, CallPathTree::NodeIndex B) {
                const CallPathTree::Node &NA = Tree.node(A);
                const CallPathTree::Node &NB = Tree.node(B);
                if (NA.InclusiveTicks != NB.InclusiveTicks)
                  return NA.InclusiveTicks > NB.InclusiveTicks;
                return NA.Region < NB.Region;
              });
  return Lists;
}

/// The metric columns of the model: "<name> (inc)" inclusive and "<name>"
/// exclusive for each measured metric, then for each derived one.
class MetricColumns {
public:
  MetricColumns(format::CallPathProfile &Profile, const ProfileMetrics &Metrics)
      : Metrics(Metrics), Derived(format::derivedMetrics(Metrics.Metrics)) {
    for (const MetricDescription &Metric : Metrics.Metrics) {
      format::MetricNotation Notation = Metric.Scale == 1.0
                                            ? format::MetricNotation::Integer
                                            : format::MetricNotation::Seconds;
      Profile.metricIndex(Metric.Name + format::keys::InclusiveSuffix,
                          Notation);
      Profile.metricIndex(Metric.Name, Notation);
    }
    for (const format::DerivedMetric &Metric : Derived) {
      Profile.metricIndex(Metric.Name + format::keys::InclusiveSuffix,
                          format::MetricNotation::Ratio);
      Profile.metricIndex(Metric.Name, format::MetricNotation::Ratio);
    }
  }

  /// The values of Index's metrics in column order into Node.
  void fill(CallPathTree::NodeIndex Index, format::CallPathNode &Node) {
    size_t Width = Metrics.Metrics.size();
    Inclusive.resize(Width);
    Exclusive.resize(Width);
    Node.Metrics.clear();
    for (size_t K = 0; K < Width; ++K) {
      Inclusive[K] = Metrics.Table.inclusiveAt(Index, K);
      Exclusive[K] = Metrics.Table.exclusiveAt(Index, K);
      double Scale = Metrics.Metrics[K].Scale;
      Node.Metrics.push_back(static_cast<double>(Inclusive[K]) * Scale);
      Node.Metrics.push_back(static_cast<double>(Exclusive[K]) * Scale);
    }
    for (const format::DerivedMetric &Metric : Derived) {
      Node.Metrics.push_back(derived(Metric, Inclusive, Node.InclusiveSeconds));
      Node.Metrics.push_back(derived(Metric, Exclusive, Node.ExclusiveSeconds));
    }
  }

private:
  static double derived(const format::DerivedMetric &Metric,
                        const std::vector<uint64_t> &Values, double Seconds) {
    double Value = 0;
    if (!format::derivedValue(Metric, Values.data(), Seconds, Value))
      return std::nan("");
    return Value;
  }

  const ProfileMetrics &Metrics;
  std::vector<format::DerivedMetric> Derived;
  std::vector<uint64_t> Inclusive, Exclusive;
};

format::FrameType frameType(uint32_t Flags) {
  if (Flags & SEXTANT_REGION_MPI)
    return format::FrameType::Mpi;
  if (Flags & SEXTANT_REGION_LIBRARY)
    return format::FrameType::Library;
  if (Flags & SEXTANT_REGION_OPENMP)
    return format::FrameType::OpenMP;
  return format::FrameType::Function;
}

} // namespace

std::string regionDisplayName(const std::vector<RegionInfo> &Regions,
                              uint32_t Id) {
  if (Id >= 1 && Id <= Regions.size())
    return Regions[Id - 1].DisplayName;
  return "<region " + std::to_string(Id) + ">";
}

format::CallPathProfile
buildCallPathProfile(const CallPathTree &Tree,
                     const std::vector<RegionInfo> &Regions,
                     double SecondsPerTick, const ProfileMetrics *Metrics) {
  std::vector<std::vector<CallPathTree::NodeIndex>> Children =
      sortedChildLists(Tree);
  format::CallPathProfile Profile;
  std::optional<MetricColumns> Columns;
  if (Metrics)
    Columns.emplace(Profile, *Metrics);

  auto AddNode = [&](CallPathTree::NodeIndex Index, size_t Parent) {
    const CallPathTree::Node &Node = Tree.node(Index);
    format::CallPathNode Record;
    Record.RegionId = Node.Region;
    Record.Name = regionDisplayName(Regions, Node.Region);
    if (Node.Region >= 1 && Node.Region <= Regions.size()) {
      const RegionInfo &Region = Regions[Node.Region - 1];
      Record.Type = frameType(Region.Flags);
      Record.HasSource = true;
      Record.File = Region.File;
      Record.Line = Region.BeginLine;
      Record.Module = Region.Module;
      Record.Mangled = Region.MangledName;
    }
    Record.InclusiveSeconds =
        static_cast<double>(Node.InclusiveTicks) * SecondsPerTick;
    Record.ExclusiveSeconds =
        static_cast<double>(Node.exclusive()) * SecondsPerTick;
    Record.Visits = Node.Visits;
    if (Columns)
      Columns->fill(Index, Record);
    return Profile.addNode(Parent, std::move(Record));
  };

  // Explicit stack of (tree node, its model node, next child to add).
  struct Pending {
    CallPathTree::NodeIndex Index;
    size_t ModelIndex;
    size_t Next;
  };
  std::vector<Pending> Stack;
  Stack.push_back(
      {CallPathTree::RootNode, format::CallPathProfile::NoParent, 0});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Children[Top.Index].size()) {
      Stack.pop_back();
      continue;
    }
    CallPathTree::NodeIndex Child = Children[Top.Index][Top.Next++];
    size_t ModelIndex = AddNode(Child, Top.ModelIndex);
    Stack.push_back({Child, ModelIndex, 0});
  }
  return Profile;
}

} // namespace runtime
} // namespace sextant
