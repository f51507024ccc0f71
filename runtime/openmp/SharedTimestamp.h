//===- runtime/openmp/SharedTimestamp.h - One clock read, two events ------===//
//
// Part of Sextant. libomp reports some OMPT events of a thread right after
// another one, from its own code, with no code of the program in between
// (OpenMPCallbacks.cpp lists them). The second of such a pair is implied
// by the first: it takes the first one's clock value instead of reading
// the clock again. The value is left with what it belongs to (the implied
// event and the parallel region's ParallelInfo) and the number of the
// event that left it: only the thread's very next OMPT event, when it is
// the implied one of the same region, takes it; any other sequence reads
// the clock.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_SHAREDTIMESTAMP_H
#define SEXTANT_RUNTIME_OPENMP_SHAREDTIMESTAMP_H

#include "common/Compiler.h"
#include "runtime/clock/Clock.h"

#include <cstdint>

namespace sextant {
namespace runtime {
namespace openmp {

/// An event implied by the one before it on the same thread.
enum class ImpliedEvent : uint8_t {
  None,
  /// The end of the implicit task whose implicit barrier has just ended.
  ImplicitTaskEnd,
  /// The end of the parallel region whose primary thread's implicit task
  /// has just ended.
  ParallelEnd,
  /// The primary thread's implicit task of the parallel region that has
  /// just begun.
  PrimaryTaskBegin,
  /// A worker's next implicit task, when the worker's last one has just
  /// ended (libomp ends it when it wakes the worker for the next region).
  WorkerTaskBegin
};

/// The clock value an event of a thread leaves for the event it implies.
class SharedTimestamp {
public:
  /// Counts an event of the thread; called at the begin of every one.
  SEXTANT_ALWAYS_INLINE void countEvent() { ++Events; }

  /// Leaves Now (0: nothing) for the thread's next event, when that is
  /// Next of the region Owner.
  SEXTANT_ALWAYS_INLINE void leave(Ticks Now, ImpliedEvent Next,
                                   const void *Owner) {
    Value = Now;
    TakerEvent = Events + 1;
    TakerKey = key(Next, Owner);
  }

  /// The value the thread's previous event left for this one, when this
  /// one is Next of the region Owner; else 0 (read the clock).
  SEXTANT_ALWAYS_INLINE Ticks take(ImpliedEvent Next, const void *Owner) const {
    if (TakerEvent == Events && TakerKey == key(Next, Owner))
      return Value;
    return 0;
  }

  /// take(), or the clock when nothing was left for this event.
  SEXTANT_ALWAYS_INLINE Ticks takeOrNow(ImpliedEvent Next,
                                        const void *Owner) const {
    Ticks Left = take(Next, Owner);
    return Left != 0 ? Left : Clock::now();
  }

private:
  /// One word for the implied event and its region: user-space addresses
  /// leave the top byte free.
  static uint64_t key(ImpliedEvent Next, const void *Owner) {
    return reinterpret_cast<uintptr_t>(Owner) ^
           (static_cast<uint64_t>(Next) << 56);
  }

  /// The thread's events so far.
  uint64_t Events = 0;
  /// The number of the event that may take Value, and what it must be.
  uint64_t TakerEvent = 0;
  uint64_t TakerKey = 0;
  Ticks Value = 0;
};

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_SHAREDTIMESTAMP_H
