//===- tools/sextant/WaitStateReading.h - A job's wait states ---*- C++ -*-===//
//
// Part of Sextant. Reads the traces of an MPI job (SEXTANT_TRACE=1) once,
// rank by rank, on the job's common time base (TraceInput.h), and hands
// what the wait-state analysis needs (format/job/WaitStates.h) to it: the
// MPI calls that hold message or collective records, with their call
// paths, the records, and where each rank's trace lost chunks. Used by
// `sextant report --wait-states` and `sextant export --format=wait-states`.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WAITSTATEREADING_H
#define SEXTANT_TOOLS_WAITSTATEREADING_H

#include "format/job/WaitStates.h"

#include <string>

namespace sextant {
namespace tool {

/// The wait states of the traced MPI job in Directory, and its program's
/// name. Warnings for what leaves the rest analysable (a rank without a
/// readable trace, clocks that cannot be aligned, damaged files); throws
/// format::InputError when Directory is not a traced job's directory.
format::WaitStates readJobWaitStates(const std::string &Directory,
                                     bool ShowProgress, std::string &Program);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_WAITSTATEREADING_H
