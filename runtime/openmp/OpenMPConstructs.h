//===- runtime/openmp/OpenMPConstructs.h - OpenMP constructs as regions ---===//
//
// Part of Sextant. The OpenMP constructs the OMPT tool records as regions
// (OpenMPTool.h), their names ("omp parallel") and how OMPT's work and
// synchronization kinds map onto them (inline: every work and
// synchronization callback maps its kind).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H

#include <omp-tools.h>

#include <cstdint>

namespace sextant {
namespace runtime {
namespace openmp {

/// The constructs recorded as regions.
enum class Construct : uint8_t {
  Parallel,
  ImplicitTask,
  Loop,
  Sections,
  Single,
  Workshare,
  Distribute,
  Taskloop,
  Scope,
  Barrier,
  ImplicitBarrier,
  Taskwait,
  Taskgroup,
  Reduction,
  TeamsBarrier,
  TaskCreate,
  Task,
  Critical,
  CriticalWait,
  Ordered,
  OrderedWait,
  LockWait
};

/// The number of Construct values.
constexpr unsigned ConstructKinds = unsigned(Construct::LockWait) + 1;

/// The region name of Kind without a location ("omp parallel").
const char *constructName(Construct Kind);

/// Constructs named without a code location: they are identified by their
/// parent in the tree (and libomp reports no or differing code addresses
/// for them on different threads). Each is one region.
inline bool namedWithoutLocation(Construct Kind) {
  return Kind == Construct::ImplicitTask ||
         Kind == Construct::ImplicitBarrier ||
         Kind == Construct::CriticalWait || Kind == Construct::OrderedWait;
}

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

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H
