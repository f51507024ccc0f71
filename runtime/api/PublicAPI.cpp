//===- runtime/api/PublicAPI.cpp - The functions of sextant.h -------------===//
//
// Part of Sextant. User regions and pause/resume (include/sextant/sextant.h).
// A user region's begin and end are recorded through __sextant_region_enter
// and __sextant_region_exit with the region's handle value, so they are
// filtered, throttled, paused and traced exactly like instrumented
// functions; the thread's UserRegionStack decides which exits to record
// (UserRegionStack.h).
//
//===----------------------------------------------------------------------===//

#include "common/Compiler.h"
#include "runtime/core/EventBracket.h"
#include "runtime/core/Runtime.h"
#include "runtime/core/ThreadState.h"
#include "runtime/regions/UserRegionTable.h"

#include "sextant/instrumentation_abi.h"
#include "sextant/sextant.h"

#include <string_view>

using namespace sextant::runtime;

namespace {

/// The calling thread's state (attached if needed) when user-region events
/// may be handled now: the runtime measures, the thread is recorded and not
/// inside an event. Null otherwise.
ThreadState *userEventThread(Runtime &Self) {
  if (!Self.measuring())
    return nullptr;
  ThreadState *State = currentThreadState();
  if (!State) {
    State = Runtime::attachCurrentThread();
    if (!State)
      return nullptr;
  }
  if (State->Busy.load(std::memory_order_relaxed) != 0)
    return nullptr; // e.g. a signal handler interrupting an event
  return State;
}

/// Whether the runtime exists and does not measure (SEXTANT_ENABLE=0): then
/// a user region's begin and end return before the frame of their full
/// path (beginUserRegion, endUserRegion) is set up, so that a dormant
/// region costs two calls and a few loads.
SEXTANT_ALWAYS_INLINE bool dormant() {
  Runtime *Self = Runtime::existing();
  return Self && !Self->measuring();
}

[[gnu::noinline]] void beginUserRegion(const char *Name) {
  if (!Name)
    return;
  Runtime *Self = Runtime::instance();
  if (!Self)
    return;
  ThreadState *State = userEventThread(*Self);
  if (!State)
    return;
  std::string_view Key(Name);
  uint64_t Hash = hashRegionName(Key);
  UserRegion *Region = State->UserRegionLookup.find(Key, Hash);
  if (!Region) {
    Region = Self->userRegion(Key);
    if (!Region)
      return;
    State->UserRegionLookup.remember(Region);
  }
  uint32_t Handle = Self->userRegionHandle(*Region);
  bool Armed = Handle != SEXTANT_FILTERED;
  try {
    State->UserRegions.push(Region->Name, Handle, Armed);
  } catch (...) {
    return; // out of memory: neither this begin nor its end is recorded
  }
  if (Armed)
    __sextant_region_enter(Handle);
}

[[gnu::noinline]] void endUserRegion(const char *Name) {
  if (!Name)
    return;
  Runtime *Self = Runtime::existing();
  if (!Self)
    return;
  ThreadState *State = userEventThread(*Self);
  if (!State)
    return;
  bool Open = State->UserRegions.end(
      Name, [](uint32_t Handle) { __sextant_region_exit(Handle); });
  if (Open)
    return;
  if (ThreadState *Busy = beginThreadEvent()) {
    Busy->Recorder.countIgnoredExit();
    endEvent(*Busy);
  }
}

} // namespace

extern "C" {

SEXTANT_EXPORT void sextant_region_begin(const char *Name) {
  if (!dormant())
    beginUserRegion(Name);
}

SEXTANT_EXPORT void sextant_region_end(const char *Name) {
  if (!dormant())
    endUserRegion(Name);
}

SEXTANT_EXPORT void sextant_pause(void) {
  if (Runtime *Self = Runtime::instance())
    Self->pauseMeasurement();
}

SEXTANT_EXPORT void sextant_resume(void) {
  if (Runtime *Self = Runtime::instance())
    Self->resumeMeasurement();
}

} // extern "C"
