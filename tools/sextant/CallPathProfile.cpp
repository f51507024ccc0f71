//===- tools/sextant/CallPathProfile.cpp - A call-path tree ---------------===//
//
// Part of Sextant. Building the call-path tree and summing it per region.
//
//===----------------------------------------------------------------------===//

#include "CallPathProfile.h"

#include "format/DerivedMetrics.h"

#include <algorithm>

#include <unordered_map>

namespace sextant {
namespace tool {

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

double FlatRegion::metric(size_t Index) const {
  return Index < Metrics.size() ? Metrics[Index] : std::nan("");
}

size_t CallPathProfile::metricIndex(const std::string &Name) {
  size_t Found = findMetric(Name);
  if (Found != NoMetric)
    return Found;
  MetricNames.push_back(Name);
  return MetricNames.size() - 1;
}

size_t CallPathProfile::findMetric(const std::string &Name) const {
  for (size_t I = 0; I < MetricNames.size(); ++I)
    if (MetricNames[I] == Name)
      return I;
  return NoMetric;
}

namespace {

const char InclusiveSuffix[] = " (inc)";

/// Name without " (inc)"; Inclusive says whether it was there.
std::string baseName(const std::string &Name, bool &Inclusive) {
  size_t Length = sizeof(InclusiveSuffix) - 1;
  Inclusive = Name.size() > Length &&
              Name.compare(Name.size() - Length, Length, InclusiveSuffix) == 0;
  return Inclusive ? Name.substr(0, Name.size() - Length) : Name;
}

/// How the flat view combines one metric over a region's call paths.
enum class FlatRule { Sum, InclusiveSum, Maximum, Derived };

} // namespace

std::vector<FlatRegion>
CallPathProfile::flatten(const std::vector<std::string> &MaximumMetrics) const {
  // The measured metrics by base name, to compute the derived ones again.
  std::vector<format::MetricDescription> Measured;
  std::vector<size_t> MeasuredInclusive, MeasuredExclusive;
  std::vector<FlatRule> Rules(MetricNames.size(), FlatRule::Sum);
  for (size_t I = 0; I < MetricNames.size(); ++I) {
    bool Inclusive = false;
    std::string Base = baseName(MetricNames[I], Inclusive);
    if (format::isDerivedMetricName(Base)) {
      Rules[I] = FlatRule::Derived;
      continue;
    }
    if (std::find(MaximumMetrics.begin(), MaximumMetrics.end(), Base) !=
        MaximumMetrics.end())
      Rules[I] = FlatRule::Maximum;
    else if (Inclusive)
      Rules[I] = FlatRule::InclusiveSum;
    if (!Inclusive) {
      Measured.push_back({Base, "", 1.0, format::MetricAccumulation::Sum});
      MeasuredExclusive.push_back(I);
      MeasuredInclusive.push_back(findMetric(Base + InclusiveSuffix));
    }
  }
  std::vector<format::DerivedMetric> Derived = format::derivedMetrics(Measured);

  std::vector<FlatRegion> Regions;
  std::unordered_map<uint32_t, size_t> EntryOfRegion;
  // Open activations of each region on the current path: a node adds its
  // inclusive time only when no ancestor is the same region.
  std::unordered_map<uint32_t, unsigned> Open;
  std::vector<std::pair<size_t, size_t>> Stack; // node, next child
  for (size_t Root : Roots) {
    Stack.emplace_back(Root, 0);
    while (!Stack.empty()) {
      auto &[Index, Next] = Stack.back();
      const CallPathNode &Node = Nodes[Index];
      if (Next == 0) {
        auto [Slot, Inserted] =
            EntryOfRegion.emplace(Node.RegionId, Regions.size());
        if (Inserted) {
          Regions.emplace_back();
          Regions.back().RegionId = Node.RegionId;
          Regions.back().Name = Node.Name;
        }
        FlatRegion &Entry = Regions[Slot->second];
        Entry.Visits += Node.Visits;
        Entry.ExclusiveSeconds += Node.ExclusiveSeconds;
        unsigned &Activations = Open[Node.RegionId];
        if (Activations == 0)
          Entry.InclusiveSeconds += Node.InclusiveSeconds;
        Entry.Metrics.resize(MetricNames.size(), std::nan(""));
        for (size_t I = 0; I < MetricNames.size(); ++I) {
          double Value = Node.metric(I);
          if (std::isnan(Value) || Rules[I] == FlatRule::Derived ||
              (Rules[I] == FlatRule::InclusiveSum && Activations != 0))
            continue;
          double &Into = Entry.Metrics[I];
          if (std::isnan(Into))
            Into = Value;
          else if (Rules[I] == FlatRule::Maximum)
            Into = std::max(Into, Value);
          else
            Into += Value;
        }
        ++Activations;
      }
      if (Next < Node.Children.size()) {
        size_t Child = Node.Children[Next++];
        Stack.emplace_back(Child, 0);
        continue;
      }
      --Open[Node.RegionId];
      Stack.pop_back();
    }
  }
  if (Derived.empty())
    return Regions;
  for (FlatRegion &Entry : Regions) {
    for (bool Inclusive : {false, true}) {
      const std::vector<size_t> &Sources =
          Inclusive ? MeasuredInclusive : MeasuredExclusive;
      std::vector<uint64_t> Values(Sources.size(), 0);
      for (size_t K = 0; K < Sources.size(); ++K) {
        double Value = Sources[K] == NoMetric ? 0 : Entry.metric(Sources[K]);
        Values[K] = std::isnan(Value) || Value < 0
                        ? 0
                        : static_cast<uint64_t>(std::llround(Value));
      }
      double Seconds =
          Inclusive ? Entry.InclusiveSeconds : Entry.ExclusiveSeconds;
      for (const format::DerivedMetric &Metric : Derived) {
        size_t Index =
            findMetric(Inclusive ? Metric.Name + InclusiveSuffix : Metric.Name);
        double Result = 0;
        if (Index != NoMetric && Index < Entry.Metrics.size() &&
            format::derivedValue(Metric, Values.data(), Seconds, Result))
          Entry.Metrics[Index] = Result;
      }
    }
  }
  return Regions;
}

} // namespace tool
} // namespace sextant
