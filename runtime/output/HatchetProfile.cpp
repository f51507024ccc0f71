//===- runtime/output/HatchetProfile.cpp - profile.json in Hatchet's format
//===//
//
// Part of Sextant. Iterative rendering of a call-path tree as Hatchet
// literal JSON.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/HatchetProfile.h"

#include "format/DerivedMetrics.h"
#include "format/JsonWriter.h"

#include "sextant/instrumentation_abi.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {
/// Seconds are written with nanosecond resolution.
constexpr int SecondDecimals = 9;
/// Derived metrics (ratios) are written with this many decimals.
constexpr int DerivedDecimals = 6;

void writeMetricValue(format::JsonWriter &Json, const MetricDescription &Metric,
                      uint64_t Value) {
  if (Metric.Scale == 1.0)
    Json.unsignedNumber(Value);
  else
    Json.fixedNumber(static_cast<double>(Value) * Metric.Scale, SecondDecimals);
}

/// The metrics of Node besides time and visits: "<name> (inc)" inclusive,
/// "<name>" exclusive, measured then derived.
void writeNodeMetrics(format::JsonWriter &Json, const ProfileMetrics &Metrics,
                      const std::vector<format::DerivedMetric> &Derived,
                      CallPathTree::NodeIndex Node, double InclusiveSeconds,
                      double ExclusiveSeconds) {
  size_t Width = Metrics.Metrics.size();
  std::vector<uint64_t> Inclusive(Width), Exclusive(Width);
  for (size_t K = 0; K < Width; ++K) {
    Inclusive[K] = Metrics.Table.inclusiveAt(Node, K);
    Exclusive[K] = Metrics.Table.exclusiveAt(Node, K);
    const MetricDescription &Metric = Metrics.Metrics[K];
    Json.key(Metric.Name + " (inc)");
    writeMetricValue(Json, Metric, Inclusive[K]);
    Json.key(Metric.Name);
    writeMetricValue(Json, Metric, Exclusive[K]);
  }
  for (const format::DerivedMetric &Metric : Derived) {
    double Value = 0;
    Json.key(Metric.Name + " (inc)");
    if (format::derivedValue(Metric, Inclusive.data(), InclusiveSeconds, Value))
      Json.fixedNumber(Value, DerivedDecimals);
    else
      Json.null();
    Json.key(Metric.Name);
    if (format::derivedValue(Metric, Exclusive.data(), ExclusiveSeconds, Value))
      Json.fixedNumber(Value, DerivedDecimals);
    else
      Json.null();
  }
}
} // namespace

std::string regionDisplayName(const std::vector<RegionInfo> &Regions,
                              uint32_t Id) {
  if (Id >= 1 && Id <= Regions.size())
    return Regions[Id - 1].DisplayName;
  return "<region " + std::to_string(Id) + ">";
}

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

std::string renderHatchetProfile(const CallPathTree &Tree,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick,
                                 const ProfileMetrics *Metrics) {
  std::vector<std::vector<CallPathTree::NodeIndex>> Children =
      sortedChildLists(Tree);
  std::string Out;
  format::JsonWriter Json(Out);
  std::vector<format::DerivedMetric> Derived;
  if (Metrics)
    Derived = format::derivedMetrics(Metrics->Metrics);

  auto OpenNode = [&](CallPathTree::NodeIndex Index) {
    const CallPathTree::Node &Node = Tree.node(Index);
    Json.beginObject();
    Json.key("frame");
    Json.beginObject();
    Json.member("name", regionDisplayName(Regions, Node.Region));
    uint32_t Flags = Node.Region >= 1 && Node.Region <= Regions.size()
                         ? Regions[Node.Region - 1].Flags
                         : 0;
    Json.member("type", (Flags & SEXTANT_REGION_MPI)      ? "mpi"
                        : (Flags & SEXTANT_REGION_OPENMP) ? "openmp"
                                                          : "function");
    Json.endObject();
    Json.key("metrics");
    Json.beginObject();
    Json.key("time (inc)");
    Json.fixedNumber(static_cast<double>(Node.InclusiveTicks) * SecondsPerTick,
                     SecondDecimals);
    Json.key("time");
    Json.fixedNumber(static_cast<double>(Node.ExclusiveTicks) * SecondsPerTick,
                     SecondDecimals);
    Json.memberUnsigned("visits", Node.Visits);
    if (Metrics)
      writeNodeMetrics(
          Json, *Metrics, Derived, Index,
          static_cast<double>(Node.InclusiveTicks) * SecondsPerTick,
          static_cast<double>(Node.ExclusiveTicks) * SecondsPerTick);
    Json.endObject();
    Json.key("attributes");
    Json.beginObject();
    if (Node.Region >= 1 && Node.Region <= Regions.size()) {
      const RegionInfo &Region = Regions[Node.Region - 1];
      Json.member("file", Region.File);
      Json.memberUnsigned("line", Region.BeginLine);
      Json.member("module", Region.Module);
      Json.member("mangled", Region.MangledName);
    }
    Json.memberUnsigned("region_id", Node.Region);
    Json.endObject();
    Json.key("children");
    Json.beginArray();
  };

  // Explicit stack of (node, position of its next child to render).
  std::vector<std::pair<CallPathTree::NodeIndex, size_t>> Stack;
  Json.beginArray();
  Stack.emplace_back(CallPathTree::RootNode, 0);
  while (!Stack.empty()) {
    auto &[Index, Next] = Stack.back();
    if (Next < Children[Index].size()) {
      CallPathTree::NodeIndex Child = Children[Index][Next++];
      OpenNode(Child);
      Stack.emplace_back(Child, 0);
      continue;
    }
    Stack.pop_back();
    if (!Stack.empty()) { // the artificial root has no object of its own
      Json.endArray();
      Json.endObject();
    }
  }
  Json.endArray();
  Out += '\n';
  return Out;
}

} // namespace runtime
} // namespace sextant
