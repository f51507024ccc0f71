//===- test/unit/runtime/openmp/ParallelInfoPoolTests.cpp -----------------===//
//
// Recycled blocks.
//===//
//
// Part of Sextant. The per-thread pool of the OpenMP tool's ParallelInfos
// (runtime/openmp/ParallelInfo.h): a block comes back only when every
// reference but the pool's was dropped, so a worker's late implicit-task
// end still finds its region's data; a steady loop of parallel regions
// allocates nothing; blocks outlive a pool that ends while workers hold
// them.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/ParallelInfo.h"

#include <catch2/catch.hpp>

#include <memory>
#include <set>

using namespace sextant::runtime::openmp;

TEST_CASE("a pool hands out cleared blocks and recycles released ones",
          "[OpenMP][ParallelInfo]") {
  ParallelInfoPool Pool;
  std::set<ParallelInfo *> Seen;
  for (int Region = 0; Region < 20; ++Region) {
    ParallelInfo *Info = Pool.acquire(3);
    REQUIRE(Info);
    CHECK(Info->References.load() == 2); // the pool's and the caller's
    CHECK(Info->EndTicks.load() == 0);
    CHECK(Info->Depth == 0);
    CHECK(Info->Level == 1);
    CHECK_FALSE(Info->CountingOnly);
    CHECK(Info->Capacity >= 3);
    Info->Depth = 3;
    Info->Level = 2;
    Info->CountingOnly = true;
    Info->EndTicks.store(42);
    Seen.insert(Info);
    Info->release();
  }
  // Twenty regions, one block at a time: only the pool's blocks.
  CHECK(Seen.size() <= 4);
}

TEST_CASE("a block a worker still holds is not handed out again",
          "[OpenMP][ParallelInfo]") {
  ParallelInfoPool Pool;
  // Region k's worker drops its reference only at region k+1's start (its
  // late implicit-task end).
  ParallelInfo *Previous = nullptr;
  for (int Region = 0; Region < 10; ++Region) {
    ParallelInfo *Info = Pool.acquire(1);
    REQUIRE(Info);
    CHECK(Info != Previous);
    Info->References.fetch_add(1); // the worker's implicit task
    Info->release();               // the primary's parallel_end
    if (Previous)
      Previous->release(); // the worker's late end of the last region
    Previous = Info;
  }
  Previous->release();

  // Every block held: one from outside the pool, freed by its release.
  ParallelInfo *Held[4];
  for (ParallelInfo *&Info : Held)
    Info = Pool.acquire(1);
  ParallelInfo *Extra = Pool.acquire(1);
  REQUIRE(Extra);
  CHECK(Extra->References.load() == 1);
  for (ParallelInfo *Info : Held)
    CHECK(Info != Extra);
  Extra->release();
  for (ParallelInfo *Info : Held)
    Info->release();
}

TEST_CASE("a pool grows a free block that is too small",
          "[OpenMP][ParallelInfo]") {
  ParallelInfoPool Pool;
  for (uint32_t Depth : {1u, 100u, 2u, 1000u}) {
    ParallelInfo *Info = Pool.acquire(Depth);
    REQUIRE(Info);
    CHECK(Info->Capacity >= Depth);
    for (uint32_t Level = 0; Level < Depth; ++Level)
      Info->path()[Level] = Level + 1;
    Info->release();
  }
}

TEST_CASE("blocks outlive a pool that ends while workers hold them",
          "[OpenMP][ParallelInfo]") {
  auto Pool = std::make_unique<ParallelInfoPool>();
  ParallelInfo *Info = Pool->acquire(2);
  REQUIRE(Info);
  Info->References.fetch_add(1); // a worker
  Info->release();               // the primary
  Pool.reset();                  // the encountering thread is finished
  CHECK(Info->References.load() == 1);
  Info->EndTicks.store(7); // still valid for the worker
  Info->release();         // frees it (ASan: no leak, no use after free)
}
