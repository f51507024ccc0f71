//===- runtime/metrics/MetricRecorder.h - Metrics per call-path node ------===//
//
// Part of Sextant. The metric side of a thread's call-path profile. The
// CallPathRecorder measures wall time in its tree nodes; a MetricRecorder
// keeps the other metrics (MetricSource.h) outside those nodes, so that the
// recorder's hot path is the same whether metrics are measured or not:
//
//  - a NodeMetricTable holds, per node index of the tree, the inclusive and
//    exclusive value of every metric (a parallel array indexed by node);
//  - a stack parallel to the recorder's shadow stack holds, per open frame,
//    the frame's node and the readings at its enter and the increments of
//    its closed children.
//
// The MetricRecorder follows the CallPathRecorder after each event
// (afterEnter/afterExit): it closes its frames that the recorder closed
// (normal exits, repairs, abandoned frames) with the current readings and
// opens the new one. A frame matches the recorder's when it has the same
// node at the same depth; a node index identifies its whole call path, so
// comparing the top is enough. Like the recorder it takes the readings as
// arguments and touches no global state; it is unit tested directly.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_METRICS_METRICRECORDER_H
#define SEXTANT_RUNTIME_METRICS_METRICRECORDER_H

#include "runtime/metrics/MetricSource.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/profile/CallPathTree.h"

#include <cstdint>
#include <vector>

namespace sextant {
namespace runtime {

/// Inclusive and exclusive values of Width metrics per node of one tree.
/// Nodes beyond the stored ones read as zero.
class NodeMetricTable {
public:
  explicit NodeMetricTable(size_t Width = 0) : Width(Width) {}

  size_t width() const { return Width; }
  /// Number of nodes with storage.
  size_t nodes() const { return Width == 0 ? 0 : Values.size() / (2 * Width); }
  /// Makes nodes [0, Count) addressable. Throws std::bad_alloc, leaving the
  /// table unchanged.
  void ensureNodes(size_t Count) {
    if (Count > nodes())
      Values.resize(Count * 2 * Width, 0);
  }
  /// The Width inclusive values of Node, then its Width exclusive values;
  /// Node must be below nodes().
  uint64_t *inclusive(CallPathTree::NodeIndex Node) {
    return Values.data() + static_cast<size_t>(Node) * 2 * Width;
  }
  uint64_t *exclusive(CallPathTree::NodeIndex Node) {
    return inclusive(Node) + Width;
  }
  uint64_t inclusiveAt(CallPathTree::NodeIndex Node, size_t Metric) const {
    return Node < nodes() ? Values[Node * 2 * Width + Metric] : 0;
  }
  uint64_t exclusiveAt(CallPathTree::NodeIndex Node, size_t Metric) const {
    return Node < nodes() ? Values[Node * 2 * Width + Width + Metric] : 0;
  }

private:
  size_t Width;
  std::vector<uint64_t> Values;
};

/// Adds the metrics of From (the table of tree FromTree) to Into (the table
/// of IntoTree) node by node along equal call paths, combining values by
/// Kinds. Call after IntoTree.mergeFrom(FromTree); paths missing from
/// IntoTree are skipped. Throws std::bad_alloc.
void mergeNodeMetrics(const CallPathTree &IntoTree, NodeMetricTable &Into,
                      const CallPathTree &FromTree, const NodeMetricTable &From,
                      const std::vector<MetricAccumulation> &Kinds);

class MetricRecorder {
public:
  explicit MetricRecorder(std::vector<MetricAccumulation> Kinds);

  size_t width() const { return Width; }

  /// Follows Recorder after an enter (and the repairs it made), with the
  /// current readings Values (width() of them). Returns false when memory
  /// for a deeper stack or a new node ran out; the frames then no longer
  /// match and the caller should stop recording metrics.
  bool afterEnter(const CallPathRecorder &Recorder,
                  const uint64_t *Values) noexcept;
  /// Follows Recorder after an exit or closeAll(). Never allocates.
  void afterExit(const CallPathRecorder &Recorder,
                 const uint64_t *Values) noexcept;
  /// Forgets the values but keeps the open frames, restarted at Values: the
  /// recorder of the forking thread in the child after fork, called after
  /// Recorder.restart(). Returns false when out of memory.
  bool restart(const CallPathRecorder &Recorder,
               const uint64_t *Values) noexcept;

  /// Number of open frames.
  size_t depth() const { return Depth; }
  const NodeMetricTable &table() const { return Table; }
  const std::vector<MetricAccumulation> &accumulations() const { return Kinds; }

private:
  bool matchesRecorder(const CallPathRecorder &Recorder, size_t Level) const {
    return Level < Recorder.depth() && Nodes[Level] == Recorder.nodeAt(Level);
  }
  void closeTop(const uint64_t *Values) noexcept;

  std::vector<MetricAccumulation> Kinds;
  size_t Width;
  size_t Depth = 0;
  /// Per open frame: its node; Width readings at its enter; Width sums of
  /// the increments of its closed children.
  std::vector<CallPathTree::NodeIndex> Nodes;
  std::vector<uint64_t> Start;
  std::vector<uint64_t> Child;
  NodeMetricTable Table;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_METRICS_METRICRECORDER_H
