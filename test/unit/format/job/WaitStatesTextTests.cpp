//===- test/unit/format/job/WaitStatesTextTests.cpp - Wait-state views ----===//
//
// Part of Sextant. format/job/WaitStatesText.h and WaitStatesJson.h: the
// text view (totals per kind, rows largest first, --top, what could not be
// matched) and the JSON (totals, entries, unmatched counts) of a known
// result.
//
//===----------------------------------------------------------------------===//

#include "format/job/WaitStatesJson.h"
#include "format/job/WaitStatesText.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

WaitStates knownResult() {
  WaitStates W;
  W.Ranks = {0, 1};
  W.Messages = 3;
  W.Collectives = 2;
  W.Entries.push_back({WaitStateKind::LateSender,
                       1,
                       {"main", "exchange", "MPI_Recv"},
                       "MPI_Recv",
                       0.25,
                       2});
  W.Entries.push_back({WaitStateKind::WaitAtBarrier,
                       0,
                       {"main", "MPI_Barrier"},
                       "MPI_Barrier",
                       0.5,
                       1});
  return W;
}

} // namespace

TEST_CASE("the text view lists totals, then rows largest first",
          "[WaitStatesText]") {
  std::string Text = waitStatesText(knownResult());
  CHECK(Text ==
        "Wait states (seconds in MPI waiting for another rank; 2 ranks, 3 "
        "messages and 2 collective operations matched)\n"
        "  kind                seconds\n"
        "  Late sender        0.250000\n"
        "  Late receiver      0.000000\n"
        "  Wait at barrier    0.500000\n"
        "  Wait at N x N      0.000000\n"
        "  Late broadcast     0.000000\n"
        "  Early reduce       0.000000\n"
        "\n"
        "     seconds     calls  rank  kind             call path\n"
        "    0.500000         1     0  Wait at barrier  main > MPI_Barrier\n"
        "    0.250000         2     1  Late sender      main > exchange > "
        "MPI_Recv\n");
}

TEST_CASE("the text view shows the top rows and what was not matched",
          "[WaitStatesText]") {
  WaitStates W = knownResult();
  W.Gaps.UnmatchedSends = 1;
  W.Gaps.IncompleteCollectives = 2;
  W.Gaps.LostChunks = 3;
  W.Gaps.RanksWithLostChunks = {1};
  W.Gaps.RecordsAfterLostChunks = 4;
  std::string Text = waitStatesText(W, 1);
  CHECK(Text.find("main > MPI_Barrier\n  (1 more row)\n") != std::string::npos);
  CHECK(Text.find("exchange") == std::string::npos);
  CHECK(Text.find("\nNot matched:\n"
                  "  1 send and 0 receives without a matching partner in "
                  "the traces\n"
                  "  2 collective operations without every member's record "
                  "(or with members calling different functions)\n"
                  "  3 trace chunks lost on rank(s) 1: 4 records after the "
                  "first loss left out\n") != std::string::npos);
}

TEST_CASE("the JSON holds totals, entries and what was not matched",
          "[WaitStatesJson]") {
  WaitStates W = knownResult();
  W.Gaps.ReceivesWithoutPost = 5;
  nlohmann::json J = waitStatesJson(W, "prog");
  CHECK(J["format"] == "sextant-wait-states");
  CHECK(J["format_version"] == 1);
  CHECK(J["program"] == "prog");
  CHECK(J["ranks"] == nlohmann::json::array({0, 1}));
  CHECK(J["totals"]["late_sender"] == 0.25);
  CHECK(J["totals"]["wait_at_barrier"] == 0.5);
  CHECK(J["totals"]["early_reduce"] == 0.0);
  CHECK(J["matched"]["messages"] == 3);
  CHECK(J["unmatched"]["receives_without_post"] == 5);
  REQUIRE(J["wait_states"].size() == 2);
  const nlohmann::json &First = J["wait_states"][0];
  CHECK(First["kind"] == "late_sender");
  CHECK(First["rank"] == 1);
  CHECK(First["function"] == "MPI_Recv");
  CHECK(First["call_path"] ==
        nlohmann::json::array({"main", "exchange", "MPI_Recv"}));
  CHECK(First["seconds"] == 0.25);
  CHECK(First["calls"] == 2);
}
