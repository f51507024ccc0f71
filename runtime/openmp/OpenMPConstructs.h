//===- runtime/openmp/OpenMPConstructs.h - OpenMP constructs as regions ---===//
//
// Part of Sextant. The OpenMP constructs the OMPT tool records as regions
// (OpenMPTool.h) and their names ("omp parallel"). How OMPT's work and
// synchronization kinds map onto them: OmptConstructKinds.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H

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

/// The low bits of a site's key (RegionTable::siteKey) that hold its
/// construct; the code address is shifted left by this many bits.
constexpr unsigned SiteKeyKindBits = 6;
static_assert(ConstructKinds <= (1u << SiteKeyKindBits),
              "every construct fits in the site key's kind bits");

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

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPCONSTRUCTS_H
