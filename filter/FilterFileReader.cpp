//===- filter/FilterFileReader.cpp - Reading a filter file ----------------===//
//
// Part of Sextant. See FilterFileReader.h. The file is opened with
// O_NONBLOCK, so that opening a FIFO without a writer does not wait, and
// its type and size are checked with fstat(2) before anything is read; the
// read itself stops at the limit, in case the file grows meanwhile.
//
//===----------------------------------------------------------------------===//

#include "filter/FilterFileReader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace filter {

namespace {

/// What a file that is not regular is, for the message.
const char *kindOf(mode_t Mode) {
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  return "of an unknown type";
}

std::string tooLarge(size_t MaxBytes) {
  std::string Size = MaxBytes % (size_t(1) << 20) == 0
                         ? std::to_string(MaxBytes >> 20) + " MiB"
                         : std::to_string(MaxBytes) + " bytes";
  return "larger than " + Size + ", the limit of a filter file";
}

/// Reads Descriptor (a regular file of Size bytes at the start) into Text.
bool readAll(int Descriptor, size_t Size, size_t MaxBytes, std::string &Text,
             std::string &Error) {
  Text.reserve(Size);
  char Buffer[65536];
  for (;;) {
    ssize_t Read = ::read(Descriptor, Buffer, sizeof(Buffer));
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read < 0) {
      Error = std::strerror(errno);
      return false;
    }
    if (Read == 0)
      return true;
    if (Text.size() + static_cast<size_t>(Read) > MaxBytes) {
      Error = tooLarge(MaxBytes);
      return false;
    }
    Text.append(Buffer, static_cast<size_t>(Read));
  }
}

} // namespace

bool readFilterFile(const std::string &Path, std::string &Text,
                    std::string &Error, size_t MaxBytes) {
  Text.clear();
  int Descriptor = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Descriptor < 0) {
    Error = std::strerror(errno);
    return false;
  }
  bool Read = false;
  try {
    struct stat Status;
    if (::fstat(Descriptor, &Status) != 0)
      Error = std::strerror(errno);
    else if (S_ISDIR(Status.st_mode))
      Error = std::strerror(EISDIR);
    else if (!S_ISREG(Status.st_mode))
      Error = std::string("not a regular file (") + kindOf(Status.st_mode) +
              "); a filter file must be a regular file";
    else if (static_cast<unsigned long long>(Status.st_size) > MaxBytes)
      Error = tooLarge(MaxBytes);
    else
      Read = readAll(Descriptor, static_cast<size_t>(Status.st_size), MaxBytes,
                     Text, Error);
  } catch (const std::bad_alloc &) {
    Error = "out of memory";
    Read = false;
  }
  ::close(Descriptor);
  if (!Read)
    std::string().swap(Text);
  return Read;
}

} // namespace filter
} // namespace sextant
