//===- test/unit/format/job/RankFileFixtures.h - Rank files in tests ------===//
//
// Part of Sextant. Small pieces of a rank's experiment files for the tests
// of the combined view of a job: a region of regions.json, regions.json
// itself and a node of profile.json (Hatchet literal format).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_FORMAT_JOB_RANKFILEFIXTURES_H
#define SEXTANT_TEST_UNIT_FORMAT_JOB_RANKFILEFIXTURES_H

#include <nlohmann/json.hpp>

#include <string>

namespace sextant {
namespace test {

inline nlohmann::json region(unsigned Id, const std::string &Name,
                             unsigned Line = 1) {
  return {{"id", Id},         {"name", Name},       {"mangled", Name},
          {"file", "a.c"},    {"begin_line", Line}, {"module", "/bin/app"},
          {"filtered", false}};
}

/// regions.json with Regions (an array).
inline nlohmann::json regionsFile(nlohmann::json Regions,
                                  int FormatVersion = 1) {
  return {{"format", "sextant-regions"},
          {"format_version", FormatVersion},
          {"regions", std::move(Regions)}};
}

inline nlohmann::json node(unsigned Id, const std::string &Name,
                           double Inclusive, double Exclusive, unsigned Visits,
                           nlohmann::json Children = nlohmann::json::array()) {
  return {
      {"frame", {{"name", Name}, {"type", "function"}}},
      {"metrics",
       {{"time (inc)", Inclusive}, {"time", Exclusive}, {"visits", Visits}}},
      {"attributes", {{"region_id", Id}, {"file", "a.c"}}},
      {"children", Children}};
}

/// The text of a profile.json that is one chain of Depth calls of region 1
/// "f", each 1 visit and 1 s inclusive and exclusive.
inline std::string deepProfileText(size_t Depth) {
  std::string Text;
  for (size_t Level = 0; Level < Depth; ++Level)
    Text += "[{\"frame\":{\"name\":\"f\"},\"attributes\":{\"region_id\":1},"
            "\"metrics\":{\"time (inc)\":1,\"time\":1,\"visits\":1},"
            "\"children\":";
  Text += "[]";
  for (size_t Level = 0; Level < Depth; ++Level)
    Text += "}]";
  return Text;
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_FORMAT_JOB_RANKFILEFIXTURES_H
