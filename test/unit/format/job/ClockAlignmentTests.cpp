//===- test/unit/format/job/ClockAlignmentTests.cpp -----------------------===//
//
// A job's common time base.
//
// Part of Sextant. format/job/ClockAlignment.h: a rank's ticks on rank 0's
// time base from the synchronisations at MPI_Init and MPI_Finalize (offset
// and linear drift), one synchronisation (constant offset), none (the
// rank's own origin), and clock_sync in mpi.json round-tripped.
//
//===----------------------------------------------------------------------===//

#include "format/job/ClockAlignment.h"

#include <catch2/catch.hpp>

using namespace sextant::format;

namespace {

/// Rank 0: origin 1000 ticks at 1 GHz. Rank 1: its own TSC at 2 GHz,
/// origin 5,000,000, which runs 100 ppm fast and reads 3,000,000 ticks more
/// than rank 0 would at 2 GHz: ticks1 = 2 (t0 * (1 + 1e-4)) + 3e6, with t0
/// rank 0's ticks.
const ClockScale Reference{1000, 1e9};
const ClockScale Local{5000000, 2e9};
double localTicks(double ReferenceTicks) {
  return 2 * ReferenceTicks * (1 + 1e-4) + 3e6;
}

ClockSyncPoint point(const char *At, uint64_t ReferenceTicks) {
  ClockSyncPoint Point;
  Point.At = At;
  Point.ReferenceTicks = ReferenceTicks;
  Point.LocalTicks = static_cast<uint64_t>(localTicks(ReferenceTicks));
  Point.RoundTripTicks = 2000;
  return Point;
}

} // namespace

TEST_CASE("two synchronisations correct offset and drift", "[ClockAlignment]") {
  ClockSync Sync;
  Sync.Points = {point("MPI_Init", 1000000), point("MPI_Finalize", 101000000)};
  ClockAlignment Clock = ClockAlignment::fromSync(Sync, Local, Reference);
  CHECK(Clock.points() == 2);
  // Every rank-1 reading maps to rank 0's time since rank 0's origin, also
  // before the first and after the last synchronisation.
  for (double T : {2000.0, 1000000.0, 50000000.0, 101000000.0, 300000000.0}) {
    double Expected = Reference.nanoseconds(static_cast<uint64_t>(T));
    CHECK(Clock.nanoseconds(static_cast<uint64_t>(localTicks(T))) ==
          Approx(Expected).margin(1.0));
  }
  CHECK(Clock.drift() == Approx(1 / (1 + 1e-4) - 1).epsilon(1e-6));
}

TEST_CASE("one synchronisation gives a constant offset", "[ClockAlignment]") {
  ClockSync Sync;
  Sync.Points = {point("MPI_Init", 1000000)};
  ClockAlignment Clock = ClockAlignment::fromSync(Sync, Local, Reference);
  CHECK(Clock.points() == 1);
  CHECK(Clock.drift() == 0);
  // Exact at the synchronisation; 100 ppm off 100 ms later.
  CHECK(Clock.nanoseconds(static_cast<uint64_t>(localTicks(1000000))) ==
        Approx(Reference.nanoseconds(1000000)).margin(1.0));
  double Later = Clock.nanoseconds(static_cast<uint64_t>(localTicks(101000000)));
  CHECK(Later - Reference.nanoseconds(101000000) ==
        Approx(10000.0).margin(20.0));
}

TEST_CASE("no synchronisation keeps the rank's own origin", "[ClockAlignment]") {
  ClockAlignment Own = ClockAlignment::fromSync(ClockSync(), Local, Reference);
  CHECK(Own.points() == 0);
  CHECK(Own.nanoseconds(5000000) == 0);
  CHECK(Own.nanoseconds(5000000 + 2000) == Approx(1000.0));
  CHECK(Own.nanoseconds(5000000 - 2000) == Approx(-1000.0));
}

TEST_CASE("rank 0 is its own reference", "[ClockAlignment]") {
  ClockSync Sync;
  ClockSyncPoint Init{"MPI_Init", 7000, 7000, 0};
  ClockSyncPoint End{"MPI_Finalize", 900000, 900000, 0};
  Sync.Points = {Init, End};
  ClockAlignment Clock = ClockAlignment::fromSync(Sync, Reference, Reference);
  CHECK(Clock.nanoseconds(123456) == Approx(Reference.nanoseconds(123456)));
  CHECK(Clock.drift() == 0);
}

TEST_CASE("clock_sync round-trips through mpi.json", "[ClockAlignment]") {
  ClockSync Sync;
  Sync.RoundTrips = 5;
  Sync.Points = {point("MPI_Init", 1000000), point("MPI_Finalize", 101000000)};
  nlohmann::json RankMpi = {{"rank", 1}, {"clock_sync", clockSyncJson(Sync)}};
  ClockSync Read;
  std::string Error;
  REQUIRE(readClockSync(RankMpi, Read, Error));
  CHECK(Read.ReferenceRank == 0);
  CHECK(Read.RoundTrips == 5);
  REQUIRE(Read.Points.size() == 2);
  CHECK(Read.Points[1].At == "MPI_Finalize");
  CHECK(Read.Points[1].LocalTicks == Sync.Points[1].LocalTicks);
  CHECK(Read.Points[1].ReferenceTicks == 101000000);
  CHECK(Read.Points[1].RoundTripTicks == 2000);

  // An mpi.json of version 1 has none; a malformed one is reported.
  CHECK_FALSE(readClockSync({{"rank", 1}}, Read, Error));
  CHECK(Error.find("clock_sync") != std::string::npos);
  RankMpi["clock_sync"]["points"][0].erase("local_ticks");
  CHECK_FALSE(readClockSync(RankMpi, Read, Error));
  CHECK(Error.find("local_ticks") != std::string::npos);
}

TEST_CASE("an implausible drift falls back to the more precise offset",
          "[ClockAlignment]") {
  // Same clock on both ranks; the MPI_Finalize ping-pong was slow (10 ms
  // round trip) and its midpoint 2.7 ms off: 2,000 ppm of drift.
  ClockSync Sync;
  Sync.Points = {{"MPI_Init", 1000000, 1000000, 3000},
                 {"MPI_Finalize", 1401000000, 1398300000, 10000000}};
  ClockAlignment Clock = ClockAlignment::fromSync(Sync, Reference, Reference);
  CHECK(Clock.driftRejected());
  CHECK(Clock.points() == 1);
  CHECK(Clock.nanoseconds(700000000) ==
        Approx(Reference.nanoseconds(700000000)).margin(1.0));
  // The other way round: the MPI_Init one was slow.
  Sync.Points = {{"MPI_Init", 1000000, 3700000, 10000000},
                 {"MPI_Finalize", 1401000000, 1401000000, 3000}};
  Clock = ClockAlignment::fromSync(Sync, Reference, Reference);
  CHECK(Clock.driftRejected());
  CHECK(Clock.nanoseconds(700000000) ==
        Approx(Reference.nanoseconds(700000000)).margin(1.0));
}
