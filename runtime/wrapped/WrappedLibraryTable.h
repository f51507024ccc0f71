//===- runtime/wrapped/WrappedLibraryTable.h - Registered libraries -------===//
//-*-===//
//
// Part of Sextant. The libraries registered by generated wrappers
// (include/sextant/wrapper_abi.h), in a fixed table of Capacity entries
// indexed by the id registration returns, and where the process stands in
// the job a library placed it in (its rank and the job's size). Registering
// is idempotent per descriptor and per name, takes the table's lock and
// allocates the library's counters; looking a library up by id is one
// atomic load (the call path). Entries are never freed: wrappers may call
// until the process is gone.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARYTABLE_H
#define SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARYTABLE_H

#include "runtime/wrapped/WrappedLibrary.h"

#include <atomic>
#include <mutex>

namespace sextant {
namespace runtime {

class WrappedLibraryTable {
public:
  static constexpr int Capacity = 32;

  /// The process's table.
  static WrappedLibraryTable &instance();

  /// The library with Id, or null.
  WrappedLibrary *find(int Id) const noexcept {
    return Id >= 0 && Id < Capacity
               ? Entries[Id].load(std::memory_order_acquire)
               : nullptr;
  }

  /// Registers Descriptor (checked: ABI version, name); its id, or -1 with
  /// a warning (once per reason) when it cannot be. OnAdded is called
  /// under the lock with a library added now; false from it undoes the
  /// registration (the measurement was written).
  int add(const sextant_wrapped_library *Descriptor,
          bool (*OnAdded)(WrappedLibrary &Library));

  /// The rank and job size of the process (-1, 0: not placed).
  int rank() const noexcept { return Rank.load(); }
  int rankCount() const noexcept { return RankCount.load(); }

  /// The lock of placing the process (and the libraries' peer counts).
  std::mutex &placementLock() noexcept { return Mutex; }
  void setPlacement(int NewRank, int Size) noexcept {
    RankCount.store(Size);
    Rank.store(NewRank);
  }

private:
  WrappedLibraryTable() = default;

  std::mutex Mutex;
  std::atomic<WrappedLibrary *> Entries[Capacity] = {};
  /// Guarded by Mutex.
  int Used = 0;
  bool WarnedFull = false;
  std::atomic<int> Rank{-1};
  std::atomic<int> RankCount{0};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_WRAPPED_WRAPPEDLIBRARYTABLE_H
