//===- format/profile/CallPathProfile.h - A call-path profile in memory ---===//
//
// Part of Sextant. The call-path tree of one profile (profile.json, or one
// thread of profile-threads.json) as both the runtime, at the end of a run,
// and the `sextant` tool, reading an experiment, hold it: nodes in one
// array, in depth-first order, so that neither building, writing nor
// walking a deep tree recurses. Every view (FlatProfile.h, CallTreeView.h,
// FoldedStacks.h) and the writer of profile.json (ProfileJson.h) work on it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_CALLPATHPROFILE_H
#define SEXTANT_FORMAT_PROFILE_CALLPATHPROFILE_H

#include "format/schema/ExperimentSchema.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// One call path: a region called from the path of its parent.
struct CallPathNode {
  uint32_t RegionId = 0;
  std::string Name; ///< frame.name, the region's display name
  FrameType Type = FrameType::Function;
  /// attributes.file, line, module and mangled: written when the region is
  /// known (HasSource), absent otherwise.
  bool HasSource = false;
  std::string File;
  uint64_t Line = 0;
  std::string Module;
  std::string Mangled;
  double InclusiveSeconds = 0;
  double ExclusiveSeconds = 0;
  uint64_t Visits = 0;
  size_t Parent = 0;  ///< index of the parent node, NoParent for a root
  unsigned Depth = 0; ///< 0 for a root
  std::vector<size_t> Children;
  /// The other metrics of profile.json, indexed like
  /// CallPathProfile::metricNames(); NaN when absent or null (a shorter
  /// vector: NaN for the rest).
  std::vector<double> Metrics;

  double metric(size_t Index) const;
};

/// How a metric's values are written in profile.json.
enum class MetricNotation {
  Integer, ///< a count, e.g. "perf::PAGE-FAULTS": 12
  Seconds, ///< a scaled measurement, 9 decimals: 0.000123000
  Ratio,   ///< a derived metric, 6 decimals: 1.250000
};

class CallPathProfile {
public:
  static constexpr size_t NoParent = static_cast<size_t>(-1);

  /// Adds Node under Parent (NoParent: a new root); returns its index.
  /// Nodes are expected in depth-first order, as profile.json lists them.
  size_t addNode(size_t Parent, CallPathNode Node);

  size_t size() const { return Nodes.size(); }
  bool empty() const { return Nodes.empty(); }
  const CallPathNode &node(size_t Index) const { return Nodes[Index]; }
  /// For changing a node's values; its place in the tree (Parent, Depth,
  /// Children) stays as addNode made it.
  CallPathNode &node(size_t Index) { return Nodes[Index]; }
  const std::vector<size_t> &roots() const { return Roots; }

  /// Calls Enter for each node, depth first with the children in order,
  /// and Leave (when given) once its subtree is done; without recursion.
  void walk(const std::function<void(size_t Index)> &Enter,
            const std::function<void(size_t Index)> &Leave = {}) const;

  /// Sum of the roots' inclusive times: the measured time of the profile.
  double totalInclusiveSeconds() const;
  /// Sum of all exclusive times.
  double totalExclusiveSeconds() const;

  /// The index of metric Name (a key of profile.json's "metrics" besides
  /// time and visits, e.g. "perf::PAGE-FAULTS (inc)"), added with Notation
  /// when new.
  size_t metricIndex(const std::string &Name,
                     MetricNotation Notation = MetricNotation::Seconds);
  /// The metric names in order of first appearance.
  const std::vector<std::string> &metricNames() const { return MetricNames; }
  MetricNotation metricNotation(size_t Index) const {
    return MetricNotations[Index];
  }
  /// The index of Name, or NoMetric.
  size_t findMetric(const std::string &Name) const;
  static constexpr size_t NoMetric = static_cast<size_t>(-1);

private:
  std::vector<CallPathNode> Nodes;
  std::vector<size_t> Roots;
  std::vector<std::string> MetricNames;
  std::vector<MetricNotation> MetricNotations;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_CALLPATHPROFILE_H
