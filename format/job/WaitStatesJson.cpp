//===- format/job/WaitStatesJson.cpp - The wait-state JSON file -----------===//
//
// Part of Sextant. See WaitStatesJson.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/WaitStatesJson.h"

namespace sextant {
namespace format {

nlohmann::json waitStatesJson(const WaitStates &W, const std::string &Program) {
  namespace k = wait_state_keys;
  nlohmann::json Totals = nlohmann::json::object();
  for (unsigned K = 0; K < WaitStateKinds; ++K) {
    WaitStateKind Kind = static_cast<WaitStateKind>(K);
    Totals[waitStateKindName(Kind)] = W.total(Kind);
  }
  const WaitStateGaps &G = W.Gaps;
  nlohmann::json Entries = nlohmann::json::array();
  for (const WaitStateEntry &E : W.Entries)
    Entries.push_back({{k::Kind, waitStateKindName(E.Kind)},
                       {k::Rank, E.Rank},
                       {k::Function, E.Function},
                       {k::CallPath, E.Path},
                       {k::Seconds, E.Seconds},
                       {k::Calls, E.Calls}});
  return nlohmann::json{
      {keys::Format, WaitStatesFormat.Name},
      {keys::FormatVersion, WaitStatesFormat.Version},
      {k::Program, Program},
      {k::Ranks, W.Ranks},
      {k::Unit, "seconds"},
      {k::Totals, Totals},
      {k::Matched,
       {{k::Messages, W.Messages}, {k::Collectives, W.Collectives}}},
      {k::Unmatched,
       {{k::Sends, G.UnmatchedSends},
        {k::Receives, G.UnmatchedReceives},
        {k::ReceivesWithoutPost, G.ReceivesWithoutPost},
        {k::IncompleteCollectives, G.IncompleteCollectives},
        {k::RecordsAfterLostChunks, G.RecordsAfterLostChunks},
        {k::RecordsOutsideCalls, G.RecordsOutsideCalls},
        {k::LostChunks, G.LostChunks},
        {k::RanksWithLostChunks, G.RanksWithLostChunks}}},
      {k::WaitStates, Entries}};
}

} // namespace format
} // namespace sextant
