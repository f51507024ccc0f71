//===- common/FileContents.cpp - Reading a whole file ---------------------===//
//
// Part of Sextant. See FileContents.h.
//
//===----------------------------------------------------------------------===//

#include "FileContents.h"

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {

std::string readWholeFile(const std::string &Path) {
  std::string Contents;
  int Descriptor = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (Descriptor < 0)
    return Contents;
  char Buffer[16384];
  for (;;) {
    ssize_t Read = ::read(Descriptor, Buffer, sizeof(Buffer));
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read <= 0)
      break;
    Contents.append(Buffer, static_cast<size_t>(Read));
  }
  ::close(Descriptor);
  return Contents;
}

} // namespace sextant
