//===- common/AtomicFile.cpp - Files written whole or not at all ----------===//
//
// Part of Sextant. See AtomicFile.h.
//
//===----------------------------------------------------------------------===//

#include "common/AtomicFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

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
  std::string Target = joinPath(Directory, Name);
  std::string Temporary = joinPath(
      Directory, "." + std::string(Name) + ".tmp-" + std::to_string(getpid()));
  auto Fail = [&](int Errno) {
    Error = "cannot write '" + Target + "': " + std::strerror(Errno);
    ::unlink(Temporary.c_str());
    errno = Errno;
    return false;
  };

  int Descriptor =
      ::open(Temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (Descriptor < 0) {
    Error = "cannot write '" + Target + "': " + std::strerror(errno);
    return false;
  }
  const char *Data = Contents.data();
  size_t Left = Contents.size();
  while (Left > 0) {
    ssize_t Written = ::write(Descriptor, Data, Left);
    if (Written < 0 && errno == EINTR)
      continue;
    if (Written <= 0) {
      int Errno = Written < 0 ? errno : EIO;
      ::close(Descriptor);
      return Fail(Errno);
    }
    Data += Written;
    Left -= static_cast<size_t>(Written);
  }
  if (::close(Descriptor) != 0)
    return Fail(errno);
  if (::rename(Temporary.c_str(), Target.c_str()) != 0)
    return Fail(errno);
  return true;
}

} // namespace sextant
