//===- runtime/trace/SpaceReserve.cpp - Room for the final files ----------===//
//
// Part of Sextant. See SpaceReserve.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/trace/SpaceReserve.h"

#include "common/AtomicFile.h"

#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void SpaceReserve::setDirectory(const std::string &Directory) {
  Path = joinPath(Directory, SpaceReserveFileName);
  Tried.store(false);
  Held.store(false);
}

void SpaceReserve::ensure() noexcept {
  if (Path.empty() || Tried.exchange(true))
    return;
  int Descriptor = ::open(Path.c_str(),
                          O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
                          0600);
  if (Descriptor < 0)
    return;
  int Failed = ::posix_fallocate(Descriptor, 0,
                                 static_cast<off_t>(SpaceReserveBytes));
  ::close(Descriptor);
  if (Failed != 0)
    ::unlink(Path.c_str()); // not enough room: what was allocated is freed
  else
    Held.store(true);
}

void SpaceReserve::release() noexcept {
  if (Held.exchange(false))
    ::unlink(Path.c_str());
}

} // namespace runtime
} // namespace sextant
