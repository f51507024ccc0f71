//===- runtime/core/RegionEvents.cpp - Cold parts of the hot events -------===//
//
// Part of Sextant. The thread-local re-entry flag, the throttling call and
// the out-of-line paths of the plugin's entry points (recordEnterFast,
// recordExitFast) of core/RegionEvents.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/RegionEvents.h"

namespace sextant {
namespace runtime {

__thread bool InRuntimeCall __attribute__((tls_model("initial-exec"))) = false;

void throttleAfterExit(uint32_t Region, uint64_t Visits, Ticks InclusiveTicks,
                       Ticks Now) noexcept {
  RuntimeCallScope Scope;
  if (Runtime *Instance = Runtime::existing())
    Instance->throttleRegion(Region, Visits, InclusiveTicks, Now);
}

void enterSlowPath(uint32_t Handle, uintptr_t EnterFrame,
                   uintptr_t ReturnAddress) noexcept {
  recordEnter(Handle, EnterFrame, ReturnAddress, EnterSite::OwnFrame);
}

void enterSlowPathAfterBegin(ThreadState &State, uint32_t Handle,
                             uintptr_t EnterFrame, uintptr_t ReturnAddress,
                             Ticks Now) noexcept {
  enterAfterBegin(State, Handle, EnterFrame, ReturnAddress, EnterSite::OwnFrame,
                  Now);
}

void enterSlowPathNewFrame(ThreadState &State, uint32_t Handle, Ticks Now,
                           uintptr_t FrameAddress) noexcept {
  enterWithFrameAddress(State, Handle, Now, FrameAddress,
                        /*ReuseFailed=*/true);
}

void enterSlowPathEnd(ThreadState &State, uint32_t Handle, Ticks Now,
                      bool Traced) noexcept {
  if (!Traced)
    State.Trace->recordEnter(Handle, Now, State.Recorder);
  if (State.Metrics)
    State.Metrics->afterEnter(State.Recorder);
  endEvent(State);
}

void exitSlowPath(uint32_t Handle, Ticks Now) noexcept {
  recordExit(Handle, Now);
}

void exitSlowPathAfterBegin(ThreadState &State, uint32_t Handle,
                            Ticks Now) noexcept {
  exitAfterBegin(State, Handle, Now);
}

void exitSlowPathEnd(ThreadState &State, uint32_t Handle, Ticks Now,
                     const CallPathTree::Node *Throttled,
                     bool Traced) noexcept {
  if (!Traced)
    State.Trace->recordExit(Now, State.Recorder);
  exitEnd(State, Handle, Now, Throttled);
}

} // namespace runtime
} // namespace sextant
