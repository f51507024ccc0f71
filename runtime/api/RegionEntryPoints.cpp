//===- runtime/api/RegionEntryPoints.cpp - The C ABI of libsextant --------===//
//
// Part of Sextant. The functions instrumented code calls
// (include/sextant/instrumentation_abi.h), plus the library constructor and
// destructor that start and end the measurement. They share this object
// file on purpose: linking libsextant.a pulls it in through
// __sextant_region_register (or its trampoline, which calls into it), and
// with it the constructor and destructor.
//
// enter and exit are the hot path; their bodies are core/RegionEvents.h,
// whose first table leads from each entry point to its inlined path and
// its cold paths.
// Built by a compiler without the preserve_most calling convention (GCC) on
// x86-64 or AArch64, the exported preserve_most functions are assembly
// trampolines (api/AbiTrampolines.S) that keep the registers
// clang-instrumented callers rely on and call the *_impl functions here;
// the C convention's pair for armed copies needs none.
//
//===----------------------------------------------------------------------===//

#include "common/Compiler.h"
#include "runtime/api/AbiTrampolines.h"
#include "runtime/clock/Clock.h"
#include "runtime/core/RegionEvents.h"
#include "runtime/core/Runtime.h"
#include "runtime/openmp/OpenMPTool.h"

#include "sextant/instrumentation_abi.h"

#include <cstdint>

using namespace sextant::runtime;

namespace {

/// Keeps the OpenMP tool in programs linked with libsextant.a (see
/// OpenMPToolAnchor).
[[gnu::used]] const char *const KeepOpenMPTool = &OpenMPToolAnchor;

__attribute__((constructor)) void startMeasurement() {
  RuntimeCallScope Scope;
  Runtime::instance();
}

__attribute__((destructor)) void endMeasurement() {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->finalize();
}

inline uint32_t
registerDescriptor(const sextant_region_descriptor *Descriptor) {
  if (!Descriptor)
    return SEXTANT_FILTERED;
  if (Descriptor->handle) {
    uint32_t Known = __atomic_load_n(Descriptor->handle, __ATOMIC_RELAXED);
    if (Known != SEXTANT_INVALID)
      return Known;
  }
  if (InRuntimeCall)
    return SEXTANT_FILTERED; // not stored: a later call registers it
  RuntimeCallScope Scope;
  try {
    if (Runtime *Instance = Runtime::instance()) {
      // The adapters (MPI, wrapped libraries) register through here too,
      // with the flags of their kind; every other caller is plugin code.
      if (!(Descriptor->flags & (SEXTANT_REGION_MPI | SEXTANT_REGION_LIBRARY |
                                 SEXTANT_REGION_OPENMP | SEXTANT_REGION_USER)))
        Instance->noteInstrumentation(InstrumentedByPlugin);
      return Instance->registerRegion(*Descriptor);
    }
  } catch (...) {
    // Out of memory: this call is not measured; a later call retries.
  }
  return SEXTANT_FILTERED;
}

} // namespace

extern "C" {

#if SEXTANT_ABI_TRAMPOLINES
// The exported entry points are the trampolines of api/AbiTrampolines.S,
// which save the registers preserve_most promises and call these.

__attribute__((visibility("hidden"))) uint32_t __sextant_region_register_impl(
    const sextant_region_descriptor *Descriptor) noexcept {
  return registerDescriptor(Descriptor);
}

// ReturnAddress is the word after EnterFrame, the trampoline's frame record,
// where the cold paths of recordEnterFast (PreservingColdPaths::enterBlocked
// and enterDeclined) read it.
__attribute__((visibility("hidden"))) void
__sextant_region_enter_impl(uint32_t Handle, uintptr_t EnterFrame,
                            [[maybe_unused]] uintptr_t ReturnAddress) noexcept {
  recordEnterFast(Handle, EstimatedEnterFrame{EnterFrame});
}

__attribute__((visibility("hidden"))) void
__sextant_region_enter_frame_impl(uint32_t Handle,
                                  const void *FrameAddress) noexcept {
  recordEnterFast(Handle,
                  ExactEnterFrame{reinterpret_cast<uintptr_t>(FrameAddress)});
}

__attribute__((visibility("hidden"))) void
__sextant_region_exit_impl(uint32_t Handle) noexcept {
  recordExitFast(Handle, fastPathClockNow());
}

#else

SEXTANT_EXPORT SEXTANT_ABI_CALL uint32_t
__sextant_region_register(const sextant_region_descriptor *Descriptor) {
  return registerDescriptor(Descriptor);
}

SEXTANT_EXPORT SEXTANT_ABI_CALL void __sextant_region_enter(uint32_t Handle) {
  recordEnterFast(Handle, EstimatedEnterFrame{reinterpret_cast<uintptr_t>(
                              __builtin_frame_address(0))});
}

SEXTANT_EXPORT SEXTANT_ABI_CALL void
__sextant_region_enter_frame(uint32_t Handle, const void *FrameAddress) {
  recordEnterFast(Handle,
                  ExactEnterFrame{reinterpret_cast<uintptr_t>(FrameAddress)});
}

SEXTANT_EXPORT SEXTANT_ABI_CALL void __sextant_region_exit(uint32_t Handle) {
  recordExitFast(Handle, fastPathClockNow());
}

#endif // SEXTANT_ABI_TRAMPOLINES

// The C convention's pair, for the plugin's armed copies: with the caller
// saving what it keeps, these save nothing; their cold paths (CColdPaths)
// have the C convention too, so that they reach them with a jump (no frame).
SEXTANT_EXPORT void __sextant_region_enter_frame_c(uint32_t Handle,
                                                   const void *FrameAddress) {
  recordEnterFast(Handle,
                  ExactEnterFrameC{reinterpret_cast<uintptr_t>(FrameAddress)});
}

SEXTANT_EXPORT void __sextant_region_exit_c(uint32_t Handle) {
  recordExitFast<CColdPaths>(Handle, fastPathClockNow());
}

} // extern "C"
