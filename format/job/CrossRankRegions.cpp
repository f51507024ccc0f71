//===- format/job/CrossRankRegions.cpp - The regions of an MPI job --------===//
//
// Part of Sextant. See CrossRankRegions.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankRegions.h"
#include "format/job/JsonDocument.h"

#include "format/schema/ExperimentSchema.h"

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

/// Identity of a region across ranks.
std::string regionKey(const json &Region) {
  return Region.value("name", "") + '\x1f' + Region.value("mangled", "") +
         '\x1f' + Region.value("file", "") + '\x1f' +
         std::to_string(Region.value("begin_line", 0u)) + '\x1f' +
         Region.value("module", "");
}

} // namespace

uint32_t RegionUnion::add(json Region) {
  std::string Key = regionKey(Region);
  auto Found = ByKey.find(Key);
  if (Found != ByKey.end())
    return Found->second;
  uint32_t Id = static_cast<uint32_t>(Regions.size() + 1);
  Region["id"] = Id;
  Regions.push_back(std::move(Region));
  ByKey.emplace(Key, Id);
  return Id;
}

uint32_t RegionUnion::addStandIn(const std::string &Name) {
  return add({{"name", Name},
              {"mangled", ""},
              {"file", ""},
              {"begin_line", 0},
              {"module", ""}});
}

RegionRenumbering RegionUnion::addRankRegions(const json &RegionsFile) {
  RegionRenumbering Ids;
  for (const json &Region : RegionsFile.value("regions", json::array()))
    Ids[Region.value("id", 0u)] = add(Region);
  return Ids;
}

std::string RegionUnion::nameOf(uint32_t Id) const {
  return Id >= 1 && Id <= Regions.size() ? Regions[Id - 1].value("name", "?")
                                         : "?";
}

std::string jobRegionsJson(const RegionUnion &Union, const json &First) {
  json Out = {{keys::Format, RegionsFormat.Name},
              {keys::FormatVersion, RegionsFormat.Version},
              {"regions", Union.regions()}};
  if (First.is_object())
    Out[keys::FormatVersion] =
        First.value(keys::FormatVersion, RegionsFormat.Version);
  return renderJsonDocument(Out, 2);
}

} // namespace format
} // namespace sextant
