//===- runtime/cygprofile/CygProfileHooks.cpp - -finstrument-functions ----===//
//
// Part of Sextant. The two functions that code compiled with
// -finstrument-functions (GCC or clang) calls at the entry and at every exit
// of each instrumented function, with the function's address. Each looks
// the address up in the process's AddressTable (FunctionAddresses) and
// records the event like the plugin's entry points (core/RegionEvents.h):
//
//   entry = table.find(fn)                       // one hash lookup
//   handle = entry ? entry->Handle : INVALID
//   FILTERED (filtered, throttled, paused)       -> return, no clock read
//   INVALID (first call)                         -> registerFunction, cold
//   else                                         -> record the event
//
// The exit looks the address up again: a region disarmed between an enter
// and its exit leaves the frame open, and the recorder's repairs close it
// at the exit of a caller (CallPathRecorder.h). The compilers also call the
// hooks for inlined functions, from the frame of the code they were inlined
// into: only a call from the function's own code (its return address is
// the one seen at registration, AddressTable::Entry::OwnCallOffset) opens a
// frame with a canonical frame address, which repairs frames abandoned by
// longjmp (EnterSite).
//
// The hooks themselves are not instrumented and, like the plugin's entry
// points, are safe before the runtime starts (the first call starts it),
// after it ended (every region is then disarmed), in signal handlers and in
// children made by fork().
//
//===----------------------------------------------------------------------===//

#include "common/Compiler.h"
#include "runtime/clock/Clock.h"
#include "runtime/core/RegionEvents.h"
#include "runtime/cygprofile/FunctionRegions.h"

#include "sextant/instrumentation_abi.h"

#include <cstdint>

using namespace sextant::runtime;

namespace {

/// Keeps the library constructor and destructor (api/RegionEntryPoints.cpp)
/// in programs linked with libsextant.a that call only these hooks.
[[gnu::used]] const void *const KeepRegionEntryPoints =
    reinterpret_cast<const void *>(&__sextant_region_register);

} // namespace

extern "C" {

SEXTANT_EXPORT __attribute__((no_instrument_function)) void
__cyg_profile_func_enter(void *Function, void *CallSite) {
  (void)CallSite;
  uintptr_t Address = reinterpret_cast<uintptr_t>(Function);
  uintptr_t ReturnAddress =
      reinterpret_cast<uintptr_t>(__builtin_return_address(0));
  AddressTable::Entry *Entry = FunctionAddresses.Table.find(Address);
  uint32_t Handle = Entry ? __atomic_load_n(&Entry->Handle, __ATOMIC_RELAXED)
                          : SEXTANT_INVALID;
  if (__builtin_expect(Handle == SEXTANT_INVALID, 0))
    Handle = registerFunction(Function, ReturnAddress, Entry);
  if (Handle == SEXTANT_FILTERED || Handle == SEXTANT_INVALID)
    return;
  EnterSite Site = ReturnAddress - Address ==
                           Entry->OwnCallOffset.load(std::memory_order_relaxed)
                       ? EnterSite::OwnFrame
                       : EnterSite::MaybeCallerFrame;
  recordEnter(Handle, reinterpret_cast<uintptr_t>(__builtin_frame_address(0)),
              ReturnAddress, Site);
}

SEXTANT_EXPORT __attribute__((no_instrument_function)) void
__cyg_profile_func_exit(void *Function, void *CallSite) {
  (void)CallSite;
  AddressTable::Entry *Entry =
      FunctionAddresses.Table.find(reinterpret_cast<uintptr_t>(Function));
  if (!Entry)
    return;
  uint32_t Handle = __atomic_load_n(&Entry->Handle, __ATOMIC_RELAXED);
  if (Handle == SEXTANT_INVALID || Handle == SEXTANT_FILTERED)
    return;
  recordExit(Handle, Clock::now());
}

} // extern "C"
