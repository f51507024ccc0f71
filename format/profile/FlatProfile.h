//===- format/profile/FlatProfile.h ---------------------------------------===//
//
// Each region summed over its call paths.
//
// Part of Sextant. The flat view of a call-path profile: one entry per
// region, summed over every call path it appears on. summary.txt and
// `sextant report` show it, each sorted and laid out its own way.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_FLATPROFILE_H
#define SEXTANT_FORMAT_PROFILE_FLATPROFILE_H

#include "format/profile/CallPathProfile.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

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

/// One entry per region of Profile, in the order of their first appearance.
/// MaximumMetrics: names (without " (inc)") of the metrics accumulated as
/// maxima (experiment.json), which the flat view does not sum.
std::vector<FlatRegion>
flatProfile(const CallPathProfile &Profile,
            const std::vector<std::string> &MaximumMetrics = {});

/// Sorts Regions by exclusive time, largest first, ties by region id (the
/// order of summary.txt).
void sortByExclusiveTime(std::vector<FlatRegion> &Regions);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_FLATPROFILE_H
