//===- runtime/symbols/ProgramCallSite.h - Call sites outside the runtimes ===//
//
// Part of Sextant. An OpenMP construct is named after its code address (OMPT's
// codeptr_ra), which should be a return address into the program. libomp
// sometimes reports one inside itself instead: libomp 19's
// __kmpc_end_critical loads and clears the return address stored for thread
// 0 (OMPT_LOAD_RETURN_ADDRESS(0), not its own thread's), so a worker leaving
// a critical section while the primary thread is between omp_set_lock's
// store of its caller's address and __kmpc_set_lock's load of it makes
// __kmpc_set_lock fall back to its own return address, inside omp_set_lock.
//
// libomp also reports an address inside itself when the program called it
// through a tail call: a parallel region whose body ends with an explicit
// barrier jumps to __kmpc_barrier, whose return address is then the one
// into the libomp procedure that invoked the body. No frame of the program
// that calls the construct is left on the stack.
//
// RuntimeModules knows the shared objects that are not the program (the
// OpenMP runtime, libsextant) and, for a code address inside one of them,
// walks the calling thread's stack (the unwinder, slow: only when a
// construct site is named) to the first return address outside them, past
// the frame that returns to the reported address and short of the frame
// that invoked the current task's code (OMPT's exit frame): beyond it lie
// the frames that started the task (the thread's start routine, or the
// call of the parallel region), never the construct's call site.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_SYMBOLS_PROGRAMCALLSITE_H
#define SEXTANT_RUNTIME_SYMBOLS_PROGRAMCALLSITE_H

#include <atomic>

namespace sextant {
namespace runtime {

class RuntimeModules {
public:
  static constexpr unsigned MaxModules = 4;

  /// Adds the shared object holding Address (a function of it) to the
  /// modules that are not the program. The executable itself is never
  /// added (a static libsextant lives in it). Not thread-safe against
  /// itself; call before contains or programCallSite run.
  void add(const void *Address) noexcept;

  /// Code lies in one of the added modules.
  bool contains(const void *Code) const noexcept;

  /// The call site in the program for Code, a return address of the
  /// calling thread's stack: Code itself when it lies outside the added
  /// modules; else the first return address outside them beyond the frame
  /// returning to Code, in a frame whose stack address is at most TaskFrame
  /// (the frame that invoked the current task's code; null: no limit); null
  /// when the stack shows none there.
  const void *programCallSite(const void *Code,
                              const void *TaskFrame) const noexcept;

private:
  bool holds(const void *Base) const noexcept;

  std::atomic<const void *> Bases[MaxModules] = {};
  std::atomic<unsigned> Count{0};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_SYMBOLS_PROGRAMCALLSITE_H
