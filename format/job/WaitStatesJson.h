//===- format/job/WaitStatesJson.h - The wait-state JSON file ---*- C++ -*-===//
//
// Part of Sextant. The JSON file `sextant export --format=wait-states`
// writes: the result of the wait-state analysis (WaitStates.h), one object
// per (kind, rank, call path) with its seconds and calls, the totals per
// kind and what could not be matched. docs/output-formats.md describes it
// ("Wait states").
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_WAITSTATESJSON_H
#define SEXTANT_FORMAT_JOB_WAITSTATESJSON_H

#include "format/job/WaitStates.h"
#include "format/schema/ExperimentSchema.h"

#include <nlohmann/json.hpp>

namespace sextant {
namespace format {

constexpr JsonFileFormat WaitStatesFormat{"sextant-wait-states", 1, 1};

/// Keys of the wait-state JSON.
namespace wait_state_keys {
constexpr char Program[] = "program";
constexpr char Ranks[] = "ranks";
constexpr char Unit[] = "unit";
constexpr char Totals[] = "totals";
constexpr char Matched[] = "matched";
constexpr char Messages[] = "messages";
constexpr char Collectives[] = "collectives";
constexpr char Unmatched[] = "unmatched";
constexpr char Sends[] = "sends";
constexpr char Receives[] = "receives";
constexpr char ReceivesWithoutPost[] = "receives_without_post";
constexpr char IncompleteCollectives[] = "incomplete_collectives";
constexpr char RecordsAfterLostChunks[] = "records_after_lost_chunks";
constexpr char RecordsOutsideCalls[] = "records_outside_calls";
constexpr char LostChunks[] = "lost_chunks";
constexpr char RanksWithLostChunks[] = "ranks_with_lost_chunks";
constexpr char WaitStates[] = "wait_states";
constexpr char Kind[] = "kind";
constexpr char Rank[] = "rank";
constexpr char Function[] = "function";
constexpr char CallPath[] = "call_path";
constexpr char Seconds[] = "seconds";
constexpr char Calls[] = "calls";
} // namespace wait_state_keys

/// The JSON of W, for the job of Program.
nlohmann::json waitStatesJson(const WaitStates &W, const std::string &Program);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_WAITSTATESJSON_H
