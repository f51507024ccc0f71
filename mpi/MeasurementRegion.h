//===- mpi/MeasurementRegion.h - Sextant's own time at MPI_Init/_Finalize -===//
//
// Part of Sextant. The adapter's own work at MPI_Init (the private
// communicator, the job's directory, the clock synchronisation) and at
// MPI_Finalize (the second synchronisation, writing the measurement) runs
// outside the MPI call's region (`hook-outside-region` in
// wrap/interfaces/mpi.annotations), so that MPI_Init and MPI_Finalize show
// the MPI library's time alone. That work is recorded as a region of its
// own instead, beside the call in the caller's call path ("Sextant at
// MPI_Init", "Sextant at MPI_Finalize"; MPI kind), so that it is not
// charged to the caller's own time either and can be told apart.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_MEASUREMENTREGION_H
#define SEXTANT_MPI_MEASUREMENTREGION_H

#include "CallRegion.h"

namespace sextant {
namespace mpi {

/// The region of the adapter's work while it lives; Descriptor names it
/// (SEXTANT_MPI_DESCRIPTOR, one per moment).
class MeasurementRegion {
public:
  explicit MeasurementRegion(const sextant_region_descriptor &Descriptor) {
    Handle = __atomic_load_n(Descriptor.handle, __ATOMIC_RELAXED);
    if (Handle == SEXTANT_INVALID)
      Handle = __sextant_region_register(&Descriptor);
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_enter(Handle);
  }
  ~MeasurementRegion() {
    if (Handle != SEXTANT_FILTERED)
      __sextant_region_exit(Handle);
  }
  MeasurementRegion(const MeasurementRegion &) = delete;
  MeasurementRegion &operator=(const MeasurementRegion &) = delete;

private:
  uint32_t Handle;
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_MEASUREMENTREGION_H
