//===- test/unit/runtime/openmp/SharedTimestampTests.cpp ------------------===//
//
// Implied events' time.
//
// Part of Sextant. The clock value an OMPT event leaves for the event it
// implies (runtime/openmp/SharedTimestamp.h): only the thread's very next
// event takes it, and only when that is the implied event of the same
// parallel region; any other sequence (another event in between, another
// kind of event, another region, a second taker) gets none and reads the
// clock, so no event ever takes a stale time.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/SharedTimestamp.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;
using namespace sextant::runtime::openmp;

namespace {
int RegionA;
int RegionB;
} // namespace

TEST_CASE("the implied next event of the same region takes the time",
          "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent(); // the barrier's end
  Shared.leave(1000, ImpliedEvent::ImplicitTaskEnd, &RegionA);
  Shared.countEvent(); // the implicit task's end
  CHECK(Shared.take(ImpliedEvent::ImplicitTaskEnd, &RegionA) == 1000);
  CHECK(Shared.takeOrNow(ImpliedEvent::ImplicitTaskEnd, &RegionA) == 1000);
  Shared.leave(1000, ImpliedEvent::ParallelEnd, &RegionA);
  Shared.countEvent(); // the parallel region's end
  CHECK(Shared.take(ImpliedEvent::ParallelEnd, &RegionA) == 1000);
}

TEST_CASE("an event in between makes the time stale",
          "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent(); // the parallel region's begin
  Shared.leave(1000, ImpliedEvent::PrimaryTaskBegin, &RegionA);
  Shared.countEvent(); // another event of the thread
  Shared.countEvent(); // then the implicit task's begin
  CHECK(Shared.take(ImpliedEvent::PrimaryTaskBegin, &RegionA) == 0);
  Ticks Now = Shared.takeOrNow(ImpliedEvent::PrimaryTaskBegin, &RegionA);
  CHECK(Now != 1000);
  CHECK(Now != 0);
}

TEST_CASE("another event or another region takes nothing",
          "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent();
  Shared.leave(1000, ImpliedEvent::ImplicitTaskEnd, &RegionA);
  Shared.countEvent();
  CHECK(Shared.take(ImpliedEvent::ParallelEnd, &RegionA) == 0);
  CHECK(Shared.take(ImpliedEvent::WorkerTaskBegin, nullptr) == 0);
  CHECK(Shared.take(ImpliedEvent::ImplicitTaskEnd, &RegionB) == 0);
  CHECK(Shared.take(ImpliedEvent::ImplicitTaskEnd, nullptr) == 0);
}

TEST_CASE("a time is taken by one event only", "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent(); // a worker's implicit task ends
  Shared.leave(1000, ImpliedEvent::WorkerTaskBegin, nullptr);
  Shared.countEvent(); // its next implicit task begins
  CHECK(Shared.take(ImpliedEvent::WorkerTaskBegin, nullptr) == 1000);
  Shared.countEvent(); // a later event of the same kind: nothing left
  CHECK(Shared.take(ImpliedEvent::WorkerTaskBegin, nullptr) == 0);
}

TEST_CASE("nothing is left before the thread's first event",
          "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent();
  for (ImpliedEvent Next :
       {ImpliedEvent::ImplicitTaskEnd, ImpliedEvent::ParallelEnd,
        ImpliedEvent::PrimaryTaskBegin, ImpliedEvent::WorkerTaskBegin})
    CHECK(Shared.take(Next, nullptr) == 0);
}

TEST_CASE("an event that read no clock leaves nothing",
          "[OpenMP][SharedTimestamp]") {
  SharedTimestamp Shared;
  Shared.countEvent(); // a barrier end that recorded nothing
  Shared.leave(0, ImpliedEvent::ImplicitTaskEnd, &RegionA);
  Shared.countEvent();
  CHECK(Shared.take(ImpliedEvent::ImplicitTaskEnd, &RegionA) == 0);
  CHECK(Shared.takeOrNow(ImpliedEvent::ImplicitTaskEnd, &RegionA) != 0);
}
