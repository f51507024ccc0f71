//===- runtime/cygprofile/AddressTable.cpp - Function address to region ---===//
//
// Part of Sextant. Allocation and insertion of the address table.
//
//===----------------------------------------------------------------------===//

#include "runtime/cygprofile/AddressTable.h"

#include <sys/mman.h>

namespace sextant {
namespace runtime {

static_assert(sizeof(AddressTable::Entry) == 24,
              "an address table entry is 24 bytes");

AddressTable::~AddressTable() {
  if (Entry *Table = Entries.load(std::memory_order_acquire))
    ::munmap(Table, (Mask.load(std::memory_order_relaxed) + 1) * sizeof(Entry));
}

bool AddressTable::allocate(size_t Capacity) noexcept {
  std::lock_guard<std::mutex> Lock(AllocationMutex);
  if (allocated())
    return true;
  size_t Rounded = MinCapacity;
  while (Rounded < Capacity && Rounded < MaxCapacity)
    Rounded *= 2;
  void *Memory =
      ::mmap(nullptr, Rounded * sizeof(Entry), PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (Memory == MAP_FAILED)
    return false;
  Mask.store(Rounded - 1, std::memory_order_relaxed);
  Entries.store(static_cast<Entry *>(Memory), std::memory_order_release);
  return true;
}

AddressTable::Entry *AddressTable::insert(uintptr_t Address) noexcept {
  if (!allocated() || Address == 0)
    return nullptr;
  Entry *Found = probe(Address, [Address](Entry &Slot) -> uintptr_t {
    uintptr_t Key = 0;
    // On failure Key is what another thread claimed the entry for (perhaps
    // Address itself).
    if (Slot.Address.compare_exchange_strong(
            Key, Address, std::memory_order_acq_rel, std::memory_order_acquire))
      return Address;
    return Key;
  });
  if (!Found)
    Overflows.fetch_add(1, std::memory_order_relaxed);
  return Found;
}

} // namespace runtime
} // namespace sextant
