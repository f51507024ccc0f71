//===- common/FileContents.cpp - Reading a whole file ---------------------===//
//
// Part of Sextant. See FileContents.h.
//
//===----------------------------------------------------------------------===//

#include "FileContents.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {

namespace {

/// Limit as "1 GiB", "4 KiB" or "N bytes".
std::string sizeText(uint64_t Bytes) {
  if (Bytes >= (uint64_t(1) << 30) && Bytes % (uint64_t(1) << 30) == 0)
    return std::to_string(Bytes >> 30) + " GiB";
  if (Bytes >= (uint64_t(1) << 20) && Bytes % (uint64_t(1) << 20) == 0)
    return std::to_string(Bytes >> 20) + " MiB";
  if (Bytes >= 1024 && Bytes % 1024 == 0)
    return std::to_string(Bytes >> 10) + " KiB";
  return std::to_string(Bytes) + " bytes";
}

std::string tooLarge(const FileLimit &Limit) {
  return "larger than " + sizeText(Limit.MaxBytes) + ", the limit of " +
         Limit.Kind;
}

} // namespace

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

const char *fileKindName(unsigned Mode) {
  if (S_ISDIR(Mode))
    return "a directory";
  if (S_ISFIFO(Mode))
    return "a FIFO";
  if (S_ISCHR(Mode))
    return "a character device";
  if (S_ISBLK(Mode))
    return "a block device";
  if (S_ISSOCK(Mode))
    return "a socket";
  if (S_ISLNK(Mode))
    return "a symbolic link";
  return "of an unknown type";
}

int openRegularFile(const std::string &Path, const FileLimit &Limit,
                    uint64_t &Size, std::string &Error, int *Errno) {
  if (Errno)
    *Errno = 0;
  int Descriptor = ::open(Path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (Descriptor < 0) {
    if (Errno)
      *Errno = errno;
    Error = std::strerror(errno);
    return -1;
  }
  struct stat Status;
  if (::fstat(Descriptor, &Status) != 0)
    Error = std::strerror(errno);
  else if (!S_ISREG(Status.st_mode)) {
    Error = std::string("not a regular file (") + fileKindName(Status.st_mode) +
            ")";
    // A directory cannot be read at all, as a file that cannot be opened.
    if (S_ISDIR(Status.st_mode) && Errno)
      *Errno = EISDIR;
  } else if (static_cast<uint64_t>(Status.st_size) > Limit.MaxBytes)
    Error = tooLarge(Limit);
  else {
    // A regular file does not block; reads are ordinary ones again.
    int Flags = ::fcntl(Descriptor, F_GETFL);
    if (Flags >= 0)
      ::fcntl(Descriptor, F_SETFL, Flags & ~O_NONBLOCK);
    Size = static_cast<uint64_t>(Status.st_size);
    return Descriptor;
  }
  ::close(Descriptor);
  return -1;
}

bool readRegularFile(const std::string &Path, const FileLimit &Limit,
                     std::string &Contents, std::string &Error, int *Errno) {
  std::string().swap(Contents);
  uint64_t Size = 0;
  int Descriptor = openRegularFile(Path, Limit, Size, Error, Errno);
  if (Descriptor < 0)
    return false;
  bool Complete = false;
  try {
    Contents.reserve(static_cast<size_t>(Size));
    char Buffer[65536];
    for (;;) {
      ssize_t Read = ::read(Descriptor, Buffer, sizeof(Buffer));
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read < 0) {
        Error = std::strerror(errno);
        break;
      }
      if (Read == 0) {
        Complete = true;
        break;
      }
      if (Contents.size() + static_cast<uint64_t>(Read) > Limit.MaxBytes) {
        Error = tooLarge(Limit);
        break;
      }
      Contents.append(Buffer, static_cast<size_t>(Read));
    }
  } catch (const std::bad_alloc &) {
    Error = "out of memory";
  }
  ::close(Descriptor);
  if (!Complete)
    std::string().swap(Contents);
  return Complete;
}

} // namespace sextant
