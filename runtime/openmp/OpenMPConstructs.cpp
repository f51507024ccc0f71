//===- runtime/openmp/OpenMPConstructs.cpp - OpenMP constructs as regions -===//
//
// Part of Sextant. Names of the constructs and the mapping of OMPT's work
// and synchronization kinds (OpenMPConstructs.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPConstructs.h"

#include <omp-tools.h>

namespace sextant {
namespace runtime {
namespace openmp {

const char *constructName(Construct Kind) {
  switch (Kind) {
  case Construct::Parallel:
    return "omp parallel";
  case Construct::ImplicitTask:
    return "omp implicit task";
  case Construct::Loop:
    return "omp for";
  case Construct::Sections:
    return "omp sections";
  case Construct::Single:
    return "omp single";
  case Construct::Workshare:
    return "omp workshare";
  case Construct::Distribute:
    return "omp distribute";
  case Construct::Taskloop:
    return "omp taskloop";
  case Construct::Scope:
    return "omp scope";
  case Construct::Barrier:
    return "omp barrier";
  case Construct::ImplicitBarrier:
    return "omp implicit barrier";
  case Construct::Taskwait:
    return "omp taskwait";
  case Construct::Taskgroup:
    return "omp taskgroup";
  case Construct::Reduction:
    return "omp reduction";
  case Construct::TeamsBarrier:
    return "omp teams barrier";
  case Construct::TaskCreate:
    return "omp task create";
  case Construct::Task:
    return "omp task";
  case Construct::Critical:
    return "omp critical";
  case Construct::CriticalWait:
    return "omp critical wait";
  case Construct::Ordered:
    return "omp ordered";
  case Construct::OrderedWait:
    return "omp ordered wait";
  case Construct::LockWait:
    return "omp lock wait";
  }
  return "omp";
}

Construct workConstruct(int Type) {
  switch (Type) {
  case ompt_work_sections:
    return Construct::Sections;
  case ompt_work_single_executor:
  case ompt_work_single_other:
    return Construct::Single;
  case ompt_work_workshare:
    return Construct::Workshare;
  case ompt_work_distribute:
    return Construct::Distribute;
  case ompt_work_taskloop:
    return Construct::Taskloop;
  case ompt_work_scope:
    return Construct::Scope;
  default: // ompt_work_loop and its static/dynamic/guided/other variants
    return Construct::Loop;
  }
}

Construct syncConstruct(int Kind) {
  switch (Kind) {
  case ompt_sync_region_barrier_explicit:
  case ompt_sync_region_barrier:
    return Construct::Barrier;
  case ompt_sync_region_taskwait:
    return Construct::Taskwait;
  case ompt_sync_region_taskgroup:
    return Construct::Taskgroup;
  case ompt_sync_region_reduction:
    return Construct::Reduction;
  case ompt_sync_region_barrier_teams:
    return Construct::TeamsBarrier;
  default: // implicit (workshare, parallel), implementation
    return Construct::ImplicitBarrier;
  }
}

} // namespace openmp
} // namespace runtime
} // namespace sextant
