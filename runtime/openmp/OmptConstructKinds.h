//===- runtime/openmp/OmptConstructKinds.h - Constructs of OMPT kinds -----===//
//
// Part of Sextant. How OMPT's work and synchronization kinds map onto the
// constructs recorded as regions (OpenMPConstructs.h). Inline: every work
// and synchronization callback maps its kind. Apart from
// OpenMPConstructs.h because it needs OMPT's header, which only the OpenMP
// tool's own sources see.
//
// The kinds of the implicit barriers, the most frequent by far, are tested
// before the switch: a switch of this size compiles to a table in memory,
// one more cache line for a callback that comes after the program's loop
// evicted it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OMPTCONSTRUCTKINDS_H
#define SEXTANT_RUNTIME_OPENMP_OMPTCONSTRUCTKINDS_H

#include "runtime/openmp/OpenMPConstructs.h"

#include <omp-tools.h>

namespace sextant {
namespace runtime {
namespace openmp {

/// The construct of OMPT's ompt_work_t Type.
inline Construct workConstruct(int Type) {
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

/// The construct of OMPT's ompt_sync_region_t Kind.
inline Construct syncConstruct(int Kind) {
  if (Kind == ompt_sync_region_barrier_implicit_parallel ||
      Kind == ompt_sync_region_barrier_implicit_workshare)
    return Construct::ImplicitBarrier;
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

#endif // SEXTANT_RUNTIME_OPENMP_OMPTCONSTRUCTKINDS_H
