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

  /// One entry per region, in the order of their first appearance.
  std::vector<FlatRegion> flatten() const;

private:
  std::vector<CallPathNode> Nodes;
  std::vector<size_t> Roots;
};

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_CALLPATHPROFILE_H
