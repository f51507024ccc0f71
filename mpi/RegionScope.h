//===- mpi/RegionScope.h - A region entered for the life of a scope -------===//
//
// Part of Sextant. Enters the region of a descriptor when constructed and
// leaves it when destroyed, registering the descriptor on first use (its
// handle caches the result), as the plugin's instrumentation does for a
// function. Every MPI wrapper's CallRegion holds one; the adapter's own
// work at MPI_Init and MPI_Finalize is one too ("Sextant at MPI_Init",
// "Sextant at MPI_Finalize", mpi/MpiSession.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_REGIONSCOPE_H
#define SEXTANT_MPI_REGIONSCOPE_H

#include "sextant/instrumentation_abi.h"

#include <cstdint>

namespace sextant {
namespace mpi {

class RegionScope {
public:
  explicit RegionScope(const sextant_region_descriptor &Descriptor) {
    Handle = __atomic_load_n(Descriptor.handle, __ATOMIC_RELAXED);
    if (Handle == SEXTANT_INVALID)
      Handle = __sextant_region_register(&Descriptor);
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_enter(Handle);
  }
  ~RegionScope() {
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_exit(Handle);
  }
  RegionScope(const RegionScope &) = delete;
  RegionScope &operator=(const RegionScope &) = delete;

private:
  uint32_t Handle;
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_REGIONSCOPE_H
