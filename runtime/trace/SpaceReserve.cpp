//===- runtime/trace/SpaceReserve.cpp - Room for the final files ----------===//
//
// Part of Sextant. See SpaceReserve.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/trace/SpaceReserve.h"

#include "runtime/io/ExperimentDirectory.h"

#include <fcntl.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void SpaceReserve::reset() {
  Tried.store(false);
  Held.store(false);
}

void SpaceReserve::ensure(ExperimentDirectory &Output) noexcept {
  if (Tried.exchange(true))
    return;
  constexpr auto Trace = ExperimentDirectory::Place::Trace;
  try {
    std::string Error;
    int Descriptor = Output.createFile(Trace, SpaceReserveFileName, Error);
    if (Descriptor < 0)
      return;
    int Failed =
        ::posix_fallocate(Descriptor, 0, static_cast<off_t>(SpaceReserveBytes));
    ::close(Descriptor);
    if (Failed != 0)
      Output.removeFile(Trace, SpaceReserveFileName); // what was allocated
    else
      Held.store(true);
  } catch (...) {
    // Out of memory for a message: no reserve.
  }
}

void SpaceReserve::release(ExperimentDirectory &Output) noexcept {
  if (Held.exchange(false))
    Output.removeFile(ExperimentDirectory::Place::Trace, SpaceReserveFileName);
}

} // namespace runtime
} // namespace sextant
