//===- runtime/symbols/ProgramCallSite.cpp - Call sites outside the runtimes
//===//
//
// Part of Sextant. Modules by their load address (dladdr), the walk through
// the unwinder (_Unwind_Backtrace).
//
//===----------------------------------------------------------------------===//

#include "runtime/symbols/ProgramCallSite.h"

#include <cstdint>
#include <dlfcn.h>
#include <link.h>
#include <unwind.h>

namespace sextant {
namespace runtime {

namespace {

/// The walk gives up after this many frames: the reported address is a few
/// frames above the OMPT callback, its program caller one or two further.
constexpr int MaxFramesWalked = 64;

const void *moduleBase(const void *Address) noexcept {
  Dl_info Info;
  return dladdr(Address, &Info) ? Info.dli_fbase : nullptr;
}

struct CallSiteWalk {
  const RuntimeModules *Modules;
  uintptr_t Reported;
  /// Frames at higher stack addresses are outside the task.
  uintptr_t TaskFrame;
  uintptr_t Found = 0;
  int FramesSeen = 0;
  bool PastReported = false;
};

_Unwind_Reason_Code visitFrame(struct _Unwind_Context *Context,
                               void *Argument) {
  auto *Walk = static_cast<CallSiteWalk *>(Argument);
  if (++Walk->FramesSeen > MaxFramesWalked)
    return _URC_END_OF_STACK;
  uintptr_t Address = _Unwind_GetIP(Context);
  if (Address == 0)
    return _URC_END_OF_STACK;
  if (!Walk->PastReported) {
    Walk->PastReported = Address == Walk->Reported;
    return _URC_NO_REASON;
  }
  // The stack grows down: a frame above the task's exit frame started the
  // task (the program's frames in it are never deeper than that frame).
  if (_Unwind_GetCFA(Context) > Walk->TaskFrame)
    return _URC_END_OF_STACK;
  if (Walk->Modules->contains(reinterpret_cast<const void *>(Address)))
    return _URC_NO_REASON;
  Walk->Found = Address;
  return _URC_END_OF_STACK;
}

} // namespace

void RuntimeModules::add(const void *Address) noexcept {
  Dl_info Info;
  link_map *Map = nullptr;
  if (!dladdr1(Address, &Info, reinterpret_cast<void **>(&Map),
               RTLD_DL_LINKMAP) ||
      !Map || !Map->l_name || !Map->l_name[0] || holds(Info.dli_fbase))
    return; // unknown, the executable, or known already
  unsigned Index = Count.load(std::memory_order_relaxed);
  if (Index >= MaxModules)
    return;
  Bases[Index].store(Info.dli_fbase, std::memory_order_relaxed);
  Count.store(Index + 1, std::memory_order_release);
}

bool RuntimeModules::holds(const void *Base) const noexcept {
  unsigned Known = Count.load(std::memory_order_acquire);
  for (unsigned I = 0; I < Known; ++I)
    if (Bases[I].load(std::memory_order_relaxed) == Base)
      return true;
  return false;
}

bool RuntimeModules::contains(const void *Code) const noexcept {
  if (!Code || Count.load(std::memory_order_acquire) == 0)
    return false;
  // A return address may end its function: look up the call instruction.
  const void *Base = moduleBase(
      reinterpret_cast<const void *>(reinterpret_cast<uintptr_t>(Code) - 1));
  return Base && holds(Base);
}

__attribute__((noinline)) const void *
RuntimeModules::programCallSite(const void *Code,
                                const void *TaskFrame) const noexcept {
  if (!contains(Code))
    return Code;
  CallSiteWalk Walk{this, reinterpret_cast<uintptr_t>(Code),
                    TaskFrame ? reinterpret_cast<uintptr_t>(TaskFrame)
                              : UINTPTR_MAX};
  _Unwind_Backtrace(&visitFrame, &Walk);
  return reinterpret_cast<const void *>(Walk.Found);
}

} // namespace runtime
} // namespace sextant
