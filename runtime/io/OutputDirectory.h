//===- runtime/io/OutputDirectory.h - Experiment directory ------*- C++ -*-===//
//
// Part of Sextant. Naming of the experiment directory
// (sextant-<program>-<YYYYMMDD-HHMMSS>-<pid>) and mkdir -p. The files
// themselves are created through ExperimentDirectory.h. Errors are returned as
// text, never printed here.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_IO_OUTPUTDIRECTORY_H
#define SEXTANT_RUNTIME_IO_OUTPUTDIRECTORY_H

#include "common/AtomicFile.h"
#include "common/SafeDirectory.h"

#include <ctime>
#include <string>
#include <string_view>

namespace sextant {
namespace runtime {

/// The default directory name for a run of Program (a path or argv[0]; its
/// last component is used, with every character other than letters, digits,
/// '.', '_', '+' and '-' replaced by '_'; "program" when empty) started at
/// local time Start by process Pid:
/// "sextant-<program>-<YYYYMMDD-HHMMSS>-<pid>".
std::string experimentDirectoryName(std::string_view Program,
                                    const std::tm &Start, long Pid);

/// Path made absolute against WorkingDirectory when it is relative (and
/// WorkingDirectory is not empty); otherwise Path unchanged.
std::string absolutePath(const std::string &Path,
                         const std::string &WorkingDirectory);

/// Creates Path and its missing parents with mode NewDirectoryMode (0700,
/// common/SafeDirectory.h).
/// An existing directory is fine. On failure returns false and sets Error to
/// strerror of the failing step.
bool createDirectories(const std::string &Path, std::string &Error);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_OUTPUTDIRECTORY_H
