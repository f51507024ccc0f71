//===- runtime/openmp/OpenMPConstructs.cpp - OpenMP constructs as regions -===//
//
// Part of Sextant. Names of the constructs (OpenMPConstructs.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPConstructs.h"

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

} // namespace openmp
} // namespace runtime
} // namespace sextant
