//===- mpi/CallRegion.h - One MPI call as a Sextant region ------*- C++ -*-===//
//
// Part of Sextant. Every generated PMPI wrapper (the profiling-interface
// form of wrap/generator/WrapperEmitter.h) opens a CallRegion: the call is
// counted in the adapter's per-function counter and recorded as a region of the
// calling thread's call path exactly like an instrumented function: the
// wrapper's private handle and descriptor (flag SEXTANT_REGION_MPI, named after
// the MPI function) go through __sextant_region_register/enter/exit, so MPI
// regions are filtered, throttled, paused and traced like any other region.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_CALLREGION_H
#define SEXTANT_MPI_CALLREGION_H

#include "RegionScope.h"

#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <cstdint>

#define SEXTANT_MPI_EXPORT __attribute__((visibility("default")))

/// The descriptor of the wrapper of MPI function Name (a string literal).
#define SEXTANT_MPI_DESCRIPTOR(HandleVariable, Name)                           \
  {                                                                            \
    &(HandleVariable), Name, Name, "", 0, 0,                                   \
        (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT) |                   \
            SEXTANT_REGION_MPI                                                 \
  }

namespace sextant {
namespace mpi {

#include "MpiWrappers.ids.h"

/// One generated wrapper: the MPI function's name and whether it has an
/// accounting hook (wrap/interfaces/mpi.annotations).
struct WrapperInfo {
  const char *Name;
  bool Hooked;
};
extern const WrapperInfo Wrappers[];
extern const unsigned WrapperCount;

/// Calls of each wrapped function, by FunctionId.
extern std::atomic<uint64_t> CallCounts[FunctionCount];
/// Makes Function the calling thread's current MPI function (the one whose
/// wrapper runs), to which its accounting hooks attribute bytes; returns
/// the previous one (restored when the wrapper ends, for MPI calls nested in
/// MPI calls, e.g. from a user-defined reduction).
FunctionId setCurrentFunction(FunctionId Function);

class CallRegion {
public:
  /// Counts a call of Id (done by the constructor unless told otherwise).
  static void count(FunctionId Id) {
    CallCounts[static_cast<unsigned>(Id)].fetch_add(1,
                                                    std::memory_order_relaxed);
  }

  /// Counts the call unless Counted (a wrapper whose hook runs outside the
  /// region counts it before the hook, so that a hook that writes the
  /// measurement, MPI_Finalize's, sees its own call).
  CallRegion(const sextant_region_descriptor &Descriptor, FunctionId Id,
             bool Counted = false)
      : Previous(beginCall(Id, Counted)), Scope(Descriptor) {}
  ~CallRegion() { setCurrentFunction(Previous); }
  CallRegion(const CallRegion &) = delete;
  CallRegion &operator=(const CallRegion &) = delete;

private:
  static FunctionId beginCall(FunctionId Id, bool Counted) {
    if (!Counted)
      count(Id);
    return setCurrentFunction(Id);
  }

  FunctionId Previous;
  /// Destroyed (the region left) after the destructor's body restored
  /// the previous function, as members are.
  RegionScope Scope;
};

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_CALLREGION_H
