//===- format/job/CrossRankRegions.h - The regions of an MPI job ----------===//
//
// Part of Sextant. The union of the ranks' regions.json: a region is the
// same on two ranks when its name, linkage name, file, first line and
// module agree. The union numbers the regions from 1 in the order they are
// first added (the lowest rank's order first); renumbering() maps a rank's
// own region ids to the union's. The job's regions.json lists the union.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKREGIONS_H
#define SEXTANT_FORMAT_JOB_CROSSRANKREGIONS_H

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace format {

/// A rank's region id -> the union's.
using RegionRenumbering = std::unordered_map<uint32_t, uint32_t>;

class RegionUnion {
public:
  /// The union's id of Region (an entry of regions.json), added with a new
  /// id unless an equal region is already there.
  uint32_t add(nlohmann::json Region);
  /// The id of a region a profile names but its regions.json lacks: keyed
  /// by the frame name alone.
  uint32_t addStandIn(const std::string &Name);
  /// Adds every region of one rank's regions.json.
  RegionRenumbering addRankRegions(const nlohmann::json &RegionsFile);

  const std::vector<nlohmann::json> &regions() const { return Regions; }
  /// The name of region Id, "?" when there is none.
  std::string nameOf(uint32_t Id) const;

private:
  std::vector<nlohmann::json> Regions; // id = index + 1
  std::unordered_map<std::string, uint32_t> ByKey;
};

/// The job's regions.json; its format_version is the lowest rank's (First,
/// null when no rank could be read).
std::string jobRegionsJson(const RegionUnion &Union,
                           const nlohmann::json &First);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKREGIONS_H
