//===- common/AtomicFile.cpp - Files written whole or not at all ----------===//
//
// Part of Sextant. See AtomicFile.h.
//
//===----------------------------------------------------------------------===//

#include "common/AtomicFile.h"
#include "common/SafeDirectory.h"

#include <cerrno>
#include <cstring>

namespace sextant {

std::string joinPath(const std::string &Directory, std::string_view Name) {
  std::string Joined = Directory;
  if (!Joined.empty() && Joined.back() != '/')
    Joined += '/';
  Joined.append(Name.data(), Name.size());
  return Joined;
}

bool writeFileAtomically(const std::string &Directory, std::string_view Name,
                         std::string_view Contents, std::string &Error) {
  SafeDirectory Opened;
  if (!Opened.open(Directory, /*Create=*/false, Error)) {
    // A refusal by the directory rules says so; anything else is told as
    // the failure to write the file.
    if (Opened.failureErrno() != 0)
      Error = "cannot write '" + joinPath(Directory, Name) +
              "': " + std::strerror(Opened.failureErrno());
    return false;
  }
  return Opened.writeFileAtomically(Name, Contents, Error);
}

} // namespace sextant
