//===- runtime/core/AsymmetricBarrier.h - Fence every thread at once ------===//
//
// Part of Sextant. The heavy side of an asymmetric memory barrier: the hot
// path orders its stores and loads with a compiler fence only, and the rare
// side (finalization) calls heavyBarrier(), which executes a full memory
// barrier on every running thread of the process via membarrier(2). See
// ThreadState.h for the protocol it serves.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_ASYMMETRICBARRIER_H
#define SEXTANT_RUNTIME_CORE_ASYMMETRICBARRIER_H

namespace sextant {
namespace runtime {

/// Registers the process for the fast (private expedited) membarrier
/// command when the kernel offers it. Call once at start-up.
void prepareHeavyBarrier() noexcept;

/// Makes every store another thread did before its last compiler fence
/// visible to the caller, and the caller's earlier stores visible to every
/// thread. Falls back to the slower global command, and without
/// membarrier(2) (old kernels, seccomp) to a full fence followed by a 1 ms
/// pause, long enough for any store buffer to drain.
void heavyBarrier() noexcept;

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_ASYMMETRICBARRIER_H
