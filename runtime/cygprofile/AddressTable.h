//===- runtime/cygprofile/AddressTable.h - Function address to region -----===//
//
// Part of Sextant. Code compiled with -finstrument-functions calls
// __cyg_profile_func_enter/exit with the address of the function entered or
// left, and nothing else: no descriptor, no handle. AddressTable gives each
// function address the 32-bit handle the plugin's code keeps in a private
// variable (instrumentation_abi.h): SEXTANT_INVALID until the region is
// registered, then the region id or SEXTANT_FILTERED, stored by the
// runtime's arming (RegionArming.h) like any other handle.
//
// The table is an open-addressing hash table of fixed capacity (a power of
// two, SEXTANT_ADDRESS_TABLE_SIZE entries), allocated once with mmap and
// never freed nor grown, so that the hot path is one hash and a few probes,
// without a lock or an allocation, safe in signal handlers and in a child
// after fork(). An entry is claimed for an address with one compare-and-swap
// of its key and keeps that address for the rest of the process. A lookup
// gives up after MaxProbes entries: an address that finds no free entry
// among them is not measured, and counted as an overflow.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CYGPROFILE_ADDRESSTABLE_H
#define SEXTANT_RUNTIME_CYGPROFILE_ADDRESSTABLE_H

#include "common/Compiler.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace sextant {
namespace runtime {

class AddressTable {
public:
  struct Entry {
    /// The function address; 0 while the entry is free.
    std::atomic<uintptr_t> Address{0};
    /// The handle of the address's region (read and written with
    /// __atomic builtins, as RegionArming writes handles).
    uint32_t Handle = 0;
    /// The region id once registered (0 before); stays when the handle is
    /// disarmed.
    std::atomic<uint32_t> Region{0};
    /// The return address of the hook's call in the function's own
    /// (out-of-line) code, minus the function's address; 0 when unknown.
    /// Calls from elsewhere come from code the function was inlined into.
    std::atomic<uint32_t> OwnCallOffset{0};
  };

  /// Entries looked at for one address before giving up.
  static constexpr unsigned MaxProbes = 32;
  /// Bounds of the capacity (rounded up to a power of two).
  static constexpr size_t MinCapacity = 64;
  static constexpr size_t MaxCapacity = size_t(1) << 26;

  constexpr AddressTable() = default;
  ~AddressTable();
  AddressTable(const AddressTable &) = delete;
  AddressTable &operator=(const AddressTable &) = delete;

  /// Allocates room for Capacity entries (rounded up to a power of two
  /// within [MinCapacity, MaxCapacity]) unless already allocated; safe to
  /// race with other calls (they take a lock) and with lookups. False when
  /// mmap failed. The entries are mmap's zero pages, which are free entries:
  /// pages are touched only when an address hashes into them.
  bool allocate(size_t Capacity) noexcept;

  bool allocated() const noexcept {
    return Entries.load(std::memory_order_acquire) != nullptr;
  }

  /// Number of entries (0 before allocate).
  size_t capacity() const noexcept {
    return allocated() ? Mask.load(std::memory_order_relaxed) + 1 : 0;
  }

  /// The entry of Address, or null when it has none (always for 0): the
  /// hot path.
  SEXTANT_ALWAYS_INLINE Entry *find(uintptr_t Address) const noexcept {
    return probe(Address, [](Entry &) -> uintptr_t { return 0; });
  }

  /// The entry of Address (never 0), claiming a free one when it has none;
  /// null when the table is not allocated or no free entry lies within
  /// MaxProbes (then the overflow is counted once per call).
  Entry *insert(uintptr_t Address) noexcept;

  /// Calls Visit(Entry &) for every claimed entry.
  template <typename Visitor> void forEach(Visitor Visit) const {
    Entry *Table = Entries.load(std::memory_order_acquire);
    if (!Table)
      return;
    size_t Count = Mask.load(std::memory_order_relaxed) + 1;
    for (size_t Index = 0; Index < Count; ++Index)
      if (Table[Index].Address.load(std::memory_order_acquire) != 0)
        Visit(Table[Index]);
  }

  /// Insertions that found no free entry.
  uint64_t overflows() const noexcept {
    return Overflows.load(std::memory_order_relaxed);
  }

  /// The hash of an address (Fibonacci hashing; the high bits of the
  /// product are the well-mixed ones).
  static size_t hash(uintptr_t Address) noexcept {
    uint64_t Product = static_cast<uint64_t>(Address) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>((Product >> 32) ^ (Product >> 17));
  }

private:
  /// Looks at the entries of Address's probe sequence: returns the one
  /// holding Address; at a free one, ClaimFree(Entry &) returns the address
  /// the entry holds afterwards (0: still free, the search ends).
  template <typename Claim>
  SEXTANT_ALWAYS_INLINE Entry *probe(uintptr_t Address,
                                     Claim ClaimFree) const noexcept {
    Entry *Table = Entries.load(std::memory_order_acquire);
    if (__builtin_expect(Table == nullptr, 0))
      return nullptr;
    size_t IndexMask = Mask.load(std::memory_order_relaxed);
    size_t Index = hash(Address) & IndexMask;
    for (unsigned Probe = 0; Probe < MaxProbes; ++Probe) {
      Entry &Slot = Table[Index];
      uintptr_t Key = Slot.Address.load(std::memory_order_acquire);
      if (__builtin_expect(Key == 0, 0)) {
        Key = ClaimFree(Slot);
        if (Key == 0)
          return nullptr; // Address has no entry
      }
      if (__builtin_expect(Key == Address, 1))
        return &Slot;
      Index = (Index + 1) & IndexMask;
    }
    return nullptr;
  }

  /// Published (release) after Mask is set.
  std::atomic<Entry *> Entries{nullptr};
  std::atomic<size_t> Mask{0};
  std::atomic<uint64_t> Overflows{0};
  std::mutex AllocationMutex;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CYGPROFILE_ADDRESSTABLE_H
