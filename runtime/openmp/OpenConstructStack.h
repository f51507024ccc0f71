//===- runtime/openmp/OpenConstructStack.h - Open OpenMP constructs -------===//
//
// Part of Sextant. The OpenMP state of one thread (OpenMPThreadState,
// ThreadState::OpenMP): its stack of open constructs, the sites it has
// seen and the pool of its parallel regions' ParallelInfos.
//
// Every construct opened on a thread is pushed onto the stack with the
// region id it recorded (0 when its region was filtered, throttled or
// paused at the begin, or the construct is inside a parallel region that
// is counted only), and its end closes exactly what was recorded: the end
// finds the innermost open construct of its kind (and instance, where OMPT
// names one), so an end that libomp reports late, without parallel_data or
// with another task_data still finds its begin.
//
// Finding a construct's region and call-tree node without a lock or a
// hash: each slot of the stack remembers the sites (construct and code
// address) last opened at its depth with their regions and nodes
// (SiteMemory.h), which are the same sites again in a loop of parallel
// regions; only a site not among them looks in the thread's small
// direct-mapped cache (and at a site's first visit on the thread, in the
// process's RegionTable). The slots are kept when constructs close, so
// the stack allocates only when it grows deeper than ever before on the
// thread.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENCONSTRUCTSTACK_H
#define SEXTANT_RUNTIME_OPENMP_OPENCONSTRUCTSTACK_H

#include "common/Compiler.h"
#include "runtime/openmp/OpenMPRegionTable.h"
#include "runtime/openmp/ParallelInfo.h"
#include "runtime/openmp/SharedTimestamp.h"
#include "runtime/openmp/SiteCache.h"
#include "runtime/openmp/SiteMemory.h"
#include "runtime/profile/CallPathTree.h"

#include <cstddef>
#include <cstdint>
#include <memory>

namespace sextant {
namespace runtime {
namespace openmp {

/// What kind of entry of the stack of open constructs.
enum class OpenKind : uint8_t {
  Parallel,
  ImplicitTask,
  Work,
  Sync,
  Task,
  Mutex,
  Wait
};

struct OpenConstruct {
  OpenKind Kind;
  /// A worker's implicit task (ends at its region's end).
  bool Worker = false;
  /// The implicit task adopted its region's context.
  bool Adopted = false;
  /// An implicit task of a parallel region that is counted only: nothing
  /// inside it is recorded.
  bool CountingOnly = false;
  /// The recorded region id, 0 when not recorded.
  uint32_t Id = 0;
  /// Identifies the instance among open constructs of the same kind.
  uintptr_t Tag = 0;
  /// Parallel and ImplicitTask entries: one reference.
  ParallelInfo *Parallel = nullptr;
};

/// The stack of open constructs, each slot with the sites last opened at
/// its depth (SiteMemory.h).
class OpenConstructStack {
public:
  size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  OpenConstruct &operator[](size_t Level) { return Slots[Level].Entry; }
  const OpenConstruct &operator[](size_t Level) const {
    return Slots[Level].Entry;
  }
  OpenConstruct &back() { return Slots[Size - 1].Entry; }
  const OpenConstruct &back() const { return Slots[Size - 1].Entry; }

  /// The sites last opened at the depth of the next push; null when the
  /// stack has no slot there yet.
  SiteMemory *nextSites() {
    return Size < Capacity ? &Slots[Size].Sites : nullptr;
  }

  /// Pushes Entry; false when out of memory (the stack is unchanged).
  bool push(const OpenConstruct &Entry) noexcept {
    if (Size == Capacity && !grow())
      return false;
    Slots[Size++].Entry = Entry;
    return true;
  }
  /// Drops the entries from Level up.
  void truncate(size_t Level) { Size = Level; }

  /// The innermost open construct of Kind (with Tag when MatchTag);
  /// SIZE_MAX when none. The top entry, the one almost every end closes,
  /// is tested before the loop, so that finding it costs no loop set-up.
  size_t find(OpenKind Kind, uintptr_t Tag, bool MatchTag) const {
    if (Size == 0)
      return SIZE_MAX;
    if (__builtin_expect(isOf(back(), Kind, Tag, MatchTag), 1))
      return Size - 1;
    for (size_t Level = Size - 1; Level-- > 0;)
      if (isOf(Slots[Level].Entry, Kind, Tag, MatchTag))
        return Level;
    return SIZE_MAX;
  }

private:
  struct Slot {
    OpenConstruct Entry;
    SiteMemory Sites;
  };
  bool grow() noexcept;
  /// True when Entry is of Kind (with Tag when MatchTag).
  static bool isOf(const OpenConstruct &Entry, OpenKind Kind, uintptr_t Tag,
                   bool MatchTag) {
    return Entry.Kind == Kind && (!MatchTag || Entry.Tag == Tag);
  }

  std::unique_ptr<Slot[]> Slots;
  size_t Size = 0;
  size_t Capacity = 0;
};

} // namespace openmp

/// The OpenMP state of one thread (ThreadState::OpenMP). What every event
/// reads or writes (the stack's bounds, the counted-only tasks, the flags
/// and the shared timestamp) fills the first cache line (asserted below):
/// a burst of callbacks after the program's code has evicted the state
/// misses one line of it, not two. The site cache and the pool of
/// ParallelInfos follow.
struct alignas(CacheLineSize) OpenMPThreadState {
  openmp::OpenConstructStack Open;
  /// Implicit tasks of counted-only parallel regions open on the thread.
  uint32_t CountingOnlyTasks = 0;
  /// The thread has been given its OpenMP name.
  bool Named = false;
  /// The recorder still holds the context its last implicit task adopted
  /// (a worker's, between its regions: see OpenMPEvent.h, endAdoption).
  bool ContextKept = false;
  /// The clock value the thread's last event left for the event it
  /// implies (SharedTimestamp.h).
  openmp::SharedTimestamp Shared;

  // Read only when a site is not among those of its depth, or at a
  // parallel region's begin.
  openmp::SiteCache Sites;
  openmp::ParallelInfoPool Parallels;
};

// OpenMPThreadState is not standard-layout (offsetof is conditionally
// supported there); GCC and Clang lay out its fields in declaration order.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Winvalid-offsetof"
static_assert(offsetof(OpenMPThreadState, Shared) +
                      sizeof(OpenMPThreadState::Shared) <=
                  CacheLineSize,
              "the fields every OpenMP event touches must share one line");
#pragma GCC diagnostic pop

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENCONSTRUCTSTACK_H
