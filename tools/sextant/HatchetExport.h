//===- tools/sextant/HatchetExport.h - export --format=hatchet --*- C++ -*-===//
//
// Part of Sextant. Reads the per-thread profiles of an experiment, or of
// every rank of an MPI job (rank-<r>/profile-threads.json), into Hatchet's
// GraphFrame JSON (format/profile/HatchetJson.h) and writes it to a file
// atomically, or to standard output.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_SEXTANT_HATCHETEXPORT_H
#define SEXTANT_TOOLS_SEXTANT_HATCHETEXPORT_H

#include <functional>
#include <string>

namespace sextant {
namespace tool {

/// Writes the GraphFrame JSON of Directory to OutputPath (standard output
/// when empty). An existing OutputPath is refused unless Force. Warning
/// gets one message per rank of a job left out (missing or unreadable);
/// false with Error when nothing could be exported or written.
bool exportHatchet(const std::string &Directory, const std::string &OutputPath,
                   bool Force,
                   const std::function<void(const std::string &)> &Warning,
                   std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_SEXTANT_HATCHETEXPORT_H
