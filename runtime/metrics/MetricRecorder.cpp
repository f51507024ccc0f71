//===- runtime/metrics/MetricRecorder.cpp - Metrics per call-path node ----===//
//
// Part of Sextant. Following the call-path recorder's frames, accumulating
// per-visit differences, and merging metric tables of thread trees.
//
//===----------------------------------------------------------------------===//

#include "runtime/metrics/MetricRecorder.h"

#include <algorithm>

namespace sextant {
namespace runtime {

namespace {

void accumulate(uint64_t &Into, uint64_t Value, MetricAccumulation Kind) {
  if (Kind == MetricAccumulation::Sum)
    Into += Value;
  else
    Into = std::max(Into, Value);
}

} // namespace

MetricRecorder::MetricRecorder(std::vector<MetricAccumulation> Kinds)
    : Kinds(std::move(Kinds)), Width(this->Kinds.size()), Table(Width) {}

void MetricRecorder::closeTop(const uint64_t *Values) noexcept {
  size_t Level = --Depth;
  CallPathTree::NodeIndex Node = Nodes[Level];
  const uint64_t *Started = &Start[Level * Width];
  const uint64_t *InChildren = &Child[Level * Width];
  uint64_t *Inclusive = Table.inclusive(Node);
  uint64_t *Exclusive = Table.exclusive(Node);
  for (size_t K = 0; K < Width; ++K) {
    uint64_t Delta = Values[K] > Started[K] ? Values[K] - Started[K] : 0;
    uint64_t Own = Delta > InChildren[K] ? Delta - InChildren[K] : 0;
    accumulate(Inclusive[K], Delta, Kinds[K]);
    accumulate(Exclusive[K], Own, Kinds[K]);
    if (Level != 0)
      Child[(Level - 1) * Width + K] += Delta;
  }
}

bool MetricRecorder::afterEnter(const CallPathRecorder &Recorder,
                                const uint64_t *Values) noexcept {
  size_t Target = Recorder.depth();
  // Close the frames the recorder closed (and any that no longer match),
  // keeping the new frame's parent.
  while (Depth != 0 &&
         (Depth + 1 > Target || !matchesRecorder(Recorder, Depth - 1)))
    closeTop(Values);
  try {
    if (Nodes.size() < Target) {
      size_t Size = std::max<size_t>(64, 2 * Target);
      Nodes.resize(Size);
      Start.resize(Size * Width);
      Child.resize(Size * Width);
    }
    for (size_t Level = Depth; Level < Target; ++Level)
      Table.ensureNodes(static_cast<size_t>(Recorder.nodeAt(Level)) + 1);
  } catch (...) {
    return false;
  }
  // Frames the metrics did not see open (normally only the new one) start
  // now.
  for (; Depth < Target; ++Depth) {
    Nodes[Depth] = Recorder.nodeAt(Depth);
    std::copy(Values, Values + Width, &Start[Depth * Width]);
    std::fill(&Child[Depth * Width], &Child[Depth * Width] + Width, 0);
  }
  return true;
}

void MetricRecorder::afterExit(const CallPathRecorder &Recorder,
                               const uint64_t *Values) noexcept {
  size_t Target = Recorder.depth();
  while (Depth != 0 &&
         (Depth > Target || !matchesRecorder(Recorder, Depth - 1)))
    closeTop(Values);
}

bool MetricRecorder::restart(const CallPathRecorder &Recorder,
                             const uint64_t *Values) noexcept {
  Depth = 0;
  Table = NodeMetricTable(Width);
  return afterEnter(Recorder, Values);
}

void mergeNodeMetrics(const CallPathTree &IntoTree, NodeMetricTable &Into,
                      const CallPathTree &FromTree, const NodeMetricTable &From,
                      const std::vector<MetricAccumulation> &Kinds) {
  size_t Width = Into.width();
  if (Width == 0 || From.width() != Width)
    return;
  std::vector<CallPathTree::NodeIndex> Map(FromTree.size(),
                                           CallPathTree::NoNode);
  Map[CallPathTree::RootNode] = CallPathTree::RootNode;
  Into.ensureNodes(IntoTree.size());
  // A child has a larger index than its parent: one forward pass.
  for (size_t Index = 1; Index < FromTree.size(); ++Index) {
    const CallPathTree::Node &Node =
        FromTree.node(static_cast<CallPathTree::NodeIndex>(Index));
    CallPathTree::NodeIndex Parent = Map[Node.Parent];
    if (Parent == CallPathTree::NoNode)
      continue;
    CallPathTree::NodeIndex Target = IntoTree.findChild(Parent, Node.Region);
    Map[Index] = Target;
    if (Target == CallPathTree::NoNode || Index >= From.nodes())
      continue;
    uint64_t *Inclusive = Into.inclusive(Target);
    uint64_t *Exclusive = Into.exclusive(Target);
    for (size_t K = 0; K < Width; ++K) {
      auto I = static_cast<CallPathTree::NodeIndex>(Index);
      accumulate(Inclusive[K], From.inclusiveAt(I, K), Kinds[K]);
      accumulate(Exclusive[K], From.exclusiveAt(I, K), Kinds[K]);
    }
  }
}

} // namespace runtime
} // namespace sextant
