//===- test/unit/runtime/cygprofile/AddressTableTests.cpp -----------------===//
//
// Function address table.
//
// Part of Sextant. The table of function addresses of -finstrument-functions
// code: lookups before allocation, insertion and lookup, the bounded probe
// sequence and its overflow count, handles written as RegionArming writes
// them, and concurrent insertion of the same addresses by several threads
// (each address gets exactly one entry).
//
//===----------------------------------------------------------------------===//

#include "runtime/cygprofile/AddressTable.h"
#include "runtime/regions/RegionArming.h"

#include <catch2/catch.hpp>

#include <set>
#include <thread>
#include <vector>

using namespace sextant::runtime;

namespace {

/// Addresses that look like function entries (16-byte aligned, in a text
/// segment).
uintptr_t functionAddress(size_t I) { return 0x401000 + 16 * I; }

} // namespace

TEST_CASE("an unallocated table finds and inserts nothing",
          "[runtime][addresstable]") {
  AddressTable Table;
  CHECK_FALSE(Table.allocated());
  CHECK(Table.capacity() == 0);
  CHECK(Table.find(functionAddress(1)) == nullptr);
  CHECK(Table.insert(functionAddress(1)) == nullptr);
  CHECK(Table.overflows() == 0);
}

TEST_CASE("the capacity is rounded up to a power of two within bounds",
          "[runtime][addresstable]") {
  AddressTable Small;
  REQUIRE(Small.allocate(1));
  CHECK(Small.capacity() == AddressTable::MinCapacity);
  AddressTable Odd;
  REQUIRE(Odd.allocate(1000));
  CHECK(Odd.capacity() == 1024);
  // A second allocation keeps the first table.
  REQUIRE(Odd.allocate(5000));
  CHECK(Odd.capacity() == 1024);
}

TEST_CASE("inserted addresses are found with their handle and region",
          "[runtime][addresstable]") {
  AddressTable Table;
  REQUIRE(Table.allocate(4096));
  std::vector<AddressTable::Entry *> Entries;
  for (size_t I = 1; I <= 1000; ++I) {
    AddressTable::Entry *Entry = Table.insert(functionAddress(I));
    REQUIRE(Entry != nullptr);
    CHECK(Entry->Address.load() == functionAddress(I));
    CHECK(Entry->Handle == SEXTANT_INVALID);
    Entry->Handle = static_cast<uint32_t>(I);
    Entry->Region.store(static_cast<uint32_t>(I));
    Entries.push_back(Entry);
  }
  for (size_t I = 1; I <= 1000; ++I) {
    AddressTable::Entry *Found = Table.find(functionAddress(I));
    REQUIRE(Found == Entries[I - 1]);
    CHECK(Found->Handle == I);
    // Inserting again returns the same entry.
    CHECK(Table.insert(functionAddress(I)) == Found);
  }
  CHECK(Table.find(functionAddress(5000)) == nullptr);
  CHECK(Table.find(0) == nullptr);
  CHECK(Table.insert(0) == nullptr);
  size_t Visited = 0;
  Table.forEach([&](const AddressTable::Entry &Entry) {
    ++Visited;
    CHECK(Entry.Region.load() != 0);
  });
  CHECK(Visited == 1000);
  CHECK(Table.overflows() == 0);
}

TEST_CASE("a full table counts the addresses that find no entry",
          "[runtime][addresstable]") {
  AddressTable Table;
  REQUIRE(Table.allocate(AddressTable::MinCapacity));
  size_t Inserted = 0;
  for (size_t I = 1; I <= 2 * AddressTable::MinCapacity; ++I)
    if (Table.insert(functionAddress(I)))
      ++Inserted;
  CHECK(Inserted <= AddressTable::MinCapacity);
  CHECK(Inserted >= AddressTable::MinCapacity / 2);
  CHECK(Table.overflows() == 2 * AddressTable::MinCapacity - Inserted);
  // A lookup of an address that did not fit ends after MaxProbes entries.
  size_t Missing = 0;
  for (size_t I = 1; I <= 2 * AddressTable::MinCapacity; ++I)
    if (!Table.find(functionAddress(I)))
      ++Missing;
  CHECK(Missing == 2 * AddressTable::MinCapacity - Inserted);
}

TEST_CASE("entry handles are armed and disarmed like descriptor handles",
          "[runtime][addresstable]") {
  AddressTable Table;
  REQUIRE(Table.allocate(256));
  AddressTable::Entry *Entry = Table.insert(functionAddress(7));
  REQUIRE(Entry != nullptr);
  RegionArming Arming;
  HandleSite Site;
  Site.Handle = &Entry->Handle;
  CHECK(Arming.addSite(1, /*Filtered=*/false, Site) == 1);
  CHECK(Table.find(functionAddress(7))->Handle == 1);
  REQUIRE(Arming.throttle(1));
  CHECK(Table.find(functionAddress(7))->Handle == SEXTANT_FILTERED);
}

TEST_CASE("threads inserting the same addresses share one entry each",
          "[runtime][addresstable]") {
  AddressTable Table;
  REQUIRE(Table.allocate(8192));
  constexpr size_t Threads = 4;
  constexpr size_t Addresses = 2000;
  std::vector<std::vector<AddressTable::Entry *>> Seen(Threads);
  // Catch2 assertions are not thread-safe: the workers count what they find
  // wrong and the main thread checks the counts.
  std::vector<size_t> FoundOtherEntry(Threads, 0);
  std::vector<std::thread> Workers;
  for (size_t T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      for (size_t I = 1; I <= Addresses; ++I) {
        // Each thread goes through the addresses in another order.
        size_t Index = (I * (2 * T + 1)) % Addresses + 1;
        AddressTable::Entry *Entry = Table.insert(functionAddress(Index));
        Seen[T].push_back(Entry);
        if (Entry && Table.find(functionAddress(Index)) != Entry)
          ++FoundOtherEntry[T];
      }
    });
  for (std::thread &Worker : Workers)
    Worker.join();
  for (size_t T = 0; T < Threads; ++T)
    CHECK(FoundOtherEntry[T] == 0);
  std::set<const AddressTable::Entry *> Distinct;
  for (const auto &Entries : Seen)
    for (const AddressTable::Entry *Entry : Entries) {
      REQUIRE(Entry != nullptr);
      Distinct.insert(Entry);
    }
  CHECK(Distinct.size() == Addresses);
  size_t Claimed = 0;
  Table.forEach([&](const AddressTable::Entry &) { ++Claimed; });
  CHECK(Claimed == Addresses);
}
