//===- test/unit/runtime/openmp/OmptConstructKindsTests.cpp - OMPT kinds --===//
//
// Part of Sextant. The constructs OMPT's work and synchronization kinds are
// recorded as (runtime/openmp/OmptConstructKinds.h): every kind libomp 19
// reports, the implicit barriers tested before the switch included, and
// the kinds a later OMPT may add.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OmptConstructKinds.h"

#include <catch2/catch.hpp>

#include <utility>

using namespace sextant::runtime::openmp;

TEST_CASE("every synchronization kind maps onto its construct",
          "[OpenMP][OmptConstructKinds]") {
  const std::pair<int, Construct> Expected[] = {
      {ompt_sync_region_barrier, Construct::Barrier},
      {ompt_sync_region_barrier_implicit, Construct::ImplicitBarrier},
      {ompt_sync_region_barrier_explicit, Construct::Barrier},
      {ompt_sync_region_barrier_implementation, Construct::ImplicitBarrier},
      {ompt_sync_region_taskwait, Construct::Taskwait},
      {ompt_sync_region_taskgroup, Construct::Taskgroup},
      {ompt_sync_region_reduction, Construct::Reduction},
      {ompt_sync_region_barrier_implicit_workshare, Construct::ImplicitBarrier},
      {ompt_sync_region_barrier_implicit_parallel, Construct::ImplicitBarrier},
      {ompt_sync_region_barrier_teams, Construct::TeamsBarrier},
  };
  for (const auto &[Kind, Wanted] : Expected) {
    INFO("ompt_sync_region_t " << Kind);
    CHECK(syncConstruct(Kind) == Wanted);
  }
  // A kind this OMPT does not define is an implementation's barrier.
  CHECK(syncConstruct(0) == Construct::ImplicitBarrier);
  CHECK(syncConstruct(64) == Construct::ImplicitBarrier);
}

TEST_CASE("every work kind maps onto its construct",
          "[OpenMP][OmptConstructKinds]") {
  const std::pair<int, Construct> Expected[] = {
      {ompt_work_loop, Construct::Loop},
      {ompt_work_sections, Construct::Sections},
      {ompt_work_single_executor, Construct::Single},
      {ompt_work_single_other, Construct::Single},
      {ompt_work_workshare, Construct::Workshare},
      {ompt_work_distribute, Construct::Distribute},
      {ompt_work_taskloop, Construct::Taskloop},
      {ompt_work_scope, Construct::Scope},
      {ompt_work_loop_static, Construct::Loop},
      {ompt_work_loop_dynamic, Construct::Loop},
      {ompt_work_loop_guided, Construct::Loop},
      {ompt_work_loop_other, Construct::Loop},
  };
  for (const auto &[Kind, Wanted] : Expected) {
    INFO("ompt_work_t " << Kind);
    CHECK(workConstruct(Kind) == Wanted);
  }
}
