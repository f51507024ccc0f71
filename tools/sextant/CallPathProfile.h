//===- tools/sextant/CallPathProfile.h - A call-path tree -------*- C++ -*-===//
//
// Part of Sextant. The call-path tree of one profile (profile.json, or one
// thread of profile-threads.json) as the `sextant` tool holds it: nodes in
// one array, in depth-first order, so that neither reading nor walking a
// deep tree recurses. Also the flat view: each region summed over all the
// call paths it was called on.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_CALLPATHPROFILE_H
#define SEXTANT_TOOLS_CALLPATHPROFILE_H

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// One call path: a region called from the path of its parent.
struct CallPathNode {
  uint32_t RegionId = 0;
  std::string Name; ///< frame.name, the region's display name
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

/// One region summed over every call path it appears on.
struct FlatRegion {
  uint32_t RegionId = 0;
  std::string Name;
  double ExclusiveSeconds = 0;
  /// Inclusive time; a call inside another call of the same region
  /// (recursion) is not counted again.
  double InclusiveSeconds = 0;
  uint64_t Visits = 0;
  /// The other metrics, as CallPathNode::Metrics: measured ones summed like
  /// the times (maxima for high-water marks), derived ones computed again
  /// from the sums.
  std::vector<double> Metrics;

  double metric(size_t Index) const;

  /// Inclusive seconds per visit, 0 without visits.
  double inclusivePerVisit() const {
    return Visits == 0 ? 0.0 : InclusiveSeconds / static_cast<double>(Visits);
  }
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
  const std::vector<size_t> &roots() const { return Roots; }

  /// Sum of the roots' inclusive times: the measured time of the profile.
  double totalInclusiveSeconds() const;
  /// Sum of all exclusive times.
  double totalExclusiveSeconds() const;

  /// The index of metric Name (a key of profile.json's "metrics" besides
  /// time and visits, e.g. "perf::PAGE-FAULTS (inc)"), added when new.
  size_t metricIndex(const std::string &Name);
  /// The metric names in order of first appearance.
  const std::vector<std::string> &metricNames() const { return MetricNames; }
  /// The index of Name, or NoMetric.
  size_t findMetric(const std::string &Name) const;
  static constexpr size_t NoMetric = static_cast<size_t>(-1);

  /// One entry per region, in the order of their first appearance.
  /// MaximumMetrics: names (without " (inc)") of the metrics accumulated as
  /// maxima (experiment.json), which the flat view does not sum.
  std::vector<FlatRegion>
  flatten(const std::vector<std::string> &MaximumMetrics = {}) const;

private:
  std::vector<CallPathNode> Nodes;
  std::vector<size_t> Roots;
  std::vector<std::string> MetricNames;
};

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_CALLPATHPROFILE_H
