//===- runtime/config/OpenMPLevel.h - How much of OpenMP is recorded ------===//
//
// Part of Sextant. The value of SEXTANT_OPENMP (docs/configuration.md):
//
//   off   - no OMPT tool is registered; OpenMP constructs are not recorded
//   basic - parallel regions, implicit tasks, worksharing constructs and
//           synchronization regions (barriers, taskwait, taskgroup,
//           reduction): the default, the cheapest level that shows the
//           parallel structure of a program
//   full  - basic plus explicit tasks (creation and execution), critical
//           sections, ordered regions and locks (wait time)
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CONFIG_OPENMPLEVEL_H
#define SEXTANT_RUNTIME_CONFIG_OPENMPLEVEL_H

#include <cstdint>

namespace sextant {
namespace runtime {

enum class OpenMPLevel : uint8_t { Off, Basic, Full };

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CONFIG_OPENMPLEVEL_H
