//===- tools/sextant/Otf2Export.h - Trace to an OTF2 archive ----*- C++ -*-===//
//
// Part of Sextant. Writes the trace of an experiment made with
// SEXTANT_TRACE=1, or of an MPI job's rank-<r>/ directories, as an OTF2
// archive (the Open Trace Format 2 of Score-P, which Vampir and Scalasca
// read) through the OTF2 library. Built only when the library was found at
// configure time (SEXTANT_HAVE_OTF2). docs/output-formats.md ("OTF2
// export") has the mapping.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_OTF2EXPORT_H
#define SEXTANT_TOOLS_OTF2EXPORT_H

#include "ExportSelection.h"

#include <string>

namespace sextant {
namespace tool {

/// Writes the trace of ExperimentDir (an experiment or a job's directory)
/// as the OTF2 archive ArchiveDir (ArchiveDir/traces.otf2 is the anchor
/// file): the archive is written into a temporary directory beside
/// ArchiveDir and renamed when complete, so a failure leaves nothing. An
/// existing ArchiveDir must be a directory (not a symbolic link): an empty
/// one, or with Force an OTF2 archive of sextant export (its traces.otf2
/// names Sextant as the creator); anything else is refused, left alone.
/// Damaged trace input is handled as by the Chrome export (warnings, the
/// intact part exported). Only the part Selection keeps is written
/// (SelectedEvents.h; metric samples outside the window are left out too).
/// Returns false with a message naming the file and the problem in Error.
bool exportOtf2Trace(const std::string &ExperimentDir,
                     const std::string &ArchiveDir, bool Force,
                     const ExportSelection &Selection, bool ShowProgress,
                     std::string &Error);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_OTF2EXPORT_H
