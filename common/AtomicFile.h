//===- common/AtomicFile.h - Files written whole or not at all --*- C++ -*-===//
//
// Part of Sextant. Writing a file through a temporary file beside it that is
// renamed over the target when complete, so that a reader never sees half a
// file: the runtime's experiment files and the MPI job's combined view.
// Through SafeDirectory: the directory must follow its rules, the temporary
// has a random name and is created with O_EXCL|O_NOFOLLOW.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_COMMON_ATOMICFILE_H
#define SEXTANT_COMMON_ATOMICFILE_H

#include <string>
#include <string_view>

namespace sextant {

/// Directory + "/" + Name (no second slash when Directory ends with one).
std::string joinPath(const std::string &Directory, std::string_view Name);

/// Writes Contents to Directory/Name through a temporary file in Directory
/// that is renamed over Name when complete (SafeDirectory::open and
/// writeFileAtomically; Directory must exist). On failure returns false,
/// sets Error to "cannot write '<path>': <strerror>" (or the directory
/// rule that refused Directory), removes the temporary and leaves errno as
/// the failing step set it.
bool writeFileAtomically(const std::string &Directory, std::string_view Name,
                         std::string_view Contents, std::string &Error);

} // namespace sextant

#endif // SEXTANT_COMMON_ATOMICFILE_H
