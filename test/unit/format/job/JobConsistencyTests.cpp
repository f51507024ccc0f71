//===- test/unit/format/job/JobConsistencyTests.cpp - A job's caveats -----===//
//
// Part of Sextant. The lines a job's view adds when its ranks ran different
// Sextant versions, synchronised their clocks at MPI_Init only, or implied
// a drift beyond the plausible; a rank's "clock" entry from its mpi.json;
// rank lists as ranges.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobConsistency.h"
#include "format/job/JobRanks.h"

#include <catch2/catch.hpp>

using namespace sextant::format;
using nlohmann::json;

namespace {

/// An mpi.json whose clock_sync has points at local ticks Local[i] and
/// reference ticks Reference[i] (1 GHz clocks), each with error Bound.
json rankMpi(std::vector<uint64_t> Local, std::vector<uint64_t> Reference,
             double Bound = 2e-6) {
  json Points = json::array();
  for (size_t I = 0; I < Local.size(); ++I)
    Points.push_back({{"at", I == 0 ? "MPI_Init" : "MPI_Finalize"},
                      {"local_ticks", Local[I]},
                      {"reference_ticks", Reference[I]},
                      {"round_trip_ticks", 4000u},
                      {"hops", 1u},
                      {"error_bound_seconds", Bound},
                      {"reference_ticks_per_second", 1e9}});
  return {{"clock_sync",
           {{"reference_rank", 0}, {"round_trips", 10}, {"points", Points}}}};
}

json entry(int Rank, const char *Version, json Clock) {
  return {{"rank", Rank}, {"sextant_version", Version}, {"clock", Clock}};
}

} // namespace

TEST_CASE("rank lists become ranges", "[JobConsistency]") {
  CHECK(rankRangesText({}) == "");
  CHECK(rankRangesText({3}) == "3");
  CHECK(rankRangesText({5, 0, 1, 2, 7, 9, 8, 2}) == "0-2, 5, 7-9");
}

TEST_CASE("a rank's clock entry", "[JobConsistency]") {
  CHECK(rankClockEntry(json{{"clock_sync", nullptr}}, 1e9).is_null());
  CHECK(rankClockEntry(json::object(), 1e9).is_null());

  json InitOnly = rankClockEntry(rankMpi({1000}, {5000}), 1e9);
  CHECK(InitOnly["points"] == 1);
  CHECK(InitOnly["drift_ppm"].is_null());
  CHECK(InitOnly["drift_plausible"] == true);
  CHECK(InitOnly["error_bound_seconds"] == 2e-6);

  // 10 ppm over 10 s: plausible.
  json Slow = rankClockEntry(
      rankMpi({1000, 10000001000}, {5000, 10000105000}), 1e9);
  CHECK(Slow["drift_ppm"].get<double>() == Approx(10).margin(0.01));
  CHECK(Slow["drift_plausible"] == true);

  // 2000 ppm: not.
  json Fast = rankClockEntry(
      rankMpi({1000, 10000001000}, {5000, 10020005000}), 1e9);
  CHECK(Fast["drift_ppm"].get<double>() == Approx(2000).margin(0.01));
  CHECK(Fast["drift_plausible"] == false);

  // 2000 ppm over 1 s, but each point may be 1.5 ms off: explained.
  json Loose = rankClockEntry(
      rankMpi({1000, 1000001000}, {5000, 1002005000}, 1.5e-3), 1e9);
  CHECK(Loose["drift_ppm"].get<double>() == Approx(2000).margin(0.01));
  CHECK(Loose["drift_plausible"] == true);
}

TEST_CASE("one line per caveat, naming the ranks", "[JobConsistency]") {
  json Two = {{"points", 2}, {"drift_ppm", 3.0}, {"drift_plausible", true}};
  json One = {{"points", 1}, {"drift_ppm", nullptr}, {"drift_plausible", true}};
  json Bad = {{"points", 2}, {"drift_ppm", -812.4}, {"drift_plausible", false}};
  CHECK(jobConsistencyProblems({entry(0, "0.1.0", Two), entry(1, "0.1.0", Two)})
            .empty());
  // Without any clock synchronisation (a profile-only job): nothing.
  CHECK(jobConsistencyProblems(
            {entry(0, "0.1.0", nullptr), entry(1, "0.1.0", nullptr)})
            .empty());

  std::vector<std::string> Problems = jobConsistencyProblems(
      {entry(0, "0.1.0", Two), entry(1, "0.1.0", One), entry(2, "0.2.0", Bad),
       entry(3, "0.1.0", One), entry(4, "0.1.0", Two)});
  REQUIRE(Problems.size() == 3);
  CHECK(Problems[0] ==
        "the ranks were measured by different Sextant versions: 0.1.0 "
        "(rank(s) 0-1, 3-4), 0.2.0 (rank(s) 2); every rank's data is kept, "
        "but files of different versions may not combine exactly");
  CHECK(Problems[1] ==
        "the clocks of rank(s) 1, 3 were synchronised at MPI_Init only (they "
        "ended before MPI_Finalize): their timelines use that offset, "
        "without drift correction");
  CHECK(Problems[2] ==
        "the clocks of rank(s) 2 drifted from rank 0's between MPI_Init and "
        "MPI_Finalize by more than 500 ppm and the synchronisations' error "
        "bounds explain (812 ppm at rank 2; a host "
        "without an invariant TSC, or a slow synchronisation): their "
        "timelines use the more precise synchronisation alone");
}
