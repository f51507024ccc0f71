//===- runtime/io/ThreadIdentity.cpp - A thread's OS id and name ----------===//
//
// Part of Sextant. See ThreadIdentity.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/io/ThreadIdentity.h"

#include <cerrno>
#include <cstdio>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

uint64_t currentThreadId() {
  return static_cast<uint64_t>(::syscall(SYS_gettid));
}

std::string threadDisplayName(int64_t Pid, uint64_t Tid) {
  if (static_cast<uint64_t>(Pid) == Tid)
    return "main";
  char Path[64];
  std::snprintf(Path, sizeof(Path), "/proc/self/task/%llu/comm",
                static_cast<unsigned long long>(Tid));
  int Descriptor = ::open(Path, O_RDONLY | O_CLOEXEC);
  if (Descriptor < 0)
    return std::string();
  char Name[64];
  ssize_t Read;
  do
    Read = ::read(Descriptor, Name, sizeof(Name));
  while (Read < 0 && errno == EINTR);
  ::close(Descriptor);
  if (Read <= 0)
    return std::string();
  size_t Length = static_cast<size_t>(Read);
  while (Length > 0 && (Name[Length - 1] == '\n' || Name[Length - 1] == '\0'))
    --Length;
  return std::string(Name, Length);
}

} // namespace runtime
} // namespace sextant
