//===- format/profile/ProfileJson.h - profile.json for Hatchet --*- C++ -*-===//
//
// Part of Sextant. Writes a call-path profile as LLNL Hatchet's "literal"
// format, readable by hatchet.GraphFrame.from_literal(json.load(f)): a JSON
// array of root nodes, each
//
//   {"frame": {"name": <display name>, "type": "function"},
//    "metrics": {"time (inc)": <s>, "time": <s>, "visits": <n>, ...},
//    "attributes": {"file": ..., "line": n, "module": ..., "mangled": ...,
//                   "region_id": n},
//    "children": [ ...nodes... ]}
//
// Nodes come in the order of the profile; the tree is walked iteratively,
// so deep recursion cannot overflow the stack. The same node shape makes
// the "roots" of each thread in profile-threads.json (ThreadProfiles.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_PROFILEJSON_H
#define SEXTANT_FORMAT_PROFILE_PROFILEJSON_H

#include "format/profile/CallPathProfile.h"
#include "format/schema/JsonWriter.h"

#include <string>

namespace sextant {
namespace format {

/// Writes the array of the root nodes of Profile as the next value of Json.
void writeCallPaths(JsonWriter &Json, const CallPathProfile &Profile);

/// The contents of profile.json.
std::string renderProfileJson(const CallPathProfile &Profile);

/// Rounds the times of every node of Profile to what profile.json holds of
/// them (the number a reader gets back), so that a view rendered from it
/// shows what the same view of the file read back shows.
void roundTimesAsWritten(CallPathProfile &Profile);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_PROFILEJSON_H
