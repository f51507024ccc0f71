//===- test/unit/runtime/openmp/SiteCacheTests.cpp ------------------------===//
//
// A thread's sites by address.
//
// Part of Sextant. The OpenMP tool's direct-mapped cache of construct sites
// (runtime/openmp/SiteCache.h): the constructs of one region body, sites of
// one function a few bytes to a few kilobytes apart and often of the same
// kind, are spread over the cache as if at random (a direct-mapped cache
// cannot promise every site a slot of its own: sixteen sites at random
// among 64 slots take 14.3 on average; the slot from the key's bits 0-5
// and 17-22 put any two sites of a kind less than 2 KiB apart into one);
// the constructs at one address have distinct slots; a slot holds the last
// site stored in it.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPRegionTable.h"
#include "runtime/openmp/SiteCache.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace sextant::runtime::openmp;

namespace {

const void *code(uintptr_t Address) {
  return reinterpret_cast<const void *>(Address);
}

/// The number of distinct slots the keys of Kind at Count code addresses
/// Step bytes apart from Start take.
size_t slotsTaken(Construct Kind, uintptr_t Start, uintptr_t Step,
                  unsigned Count) {
  std::set<size_t> Slots;
  for (unsigned Index = 0; Index < Count; ++Index)
    Slots.insert(SiteCache::slotIndex(
        RegionTable::siteKey(Kind, code(Start + Index * Step))));
  return Slots.size();
}

} // namespace

TEST_CASE("sites of one function have slots of their own",
          "[OpenMP][SiteCache]") {
  // The two loops of benchmarks/openmp/OpenMPRegions.c, 418 bytes apart:
  // they shared a slot when it was taken from the key's bits 0-5 and
  // 17-22 (the construct and the code address's bits 11-16).
  CHECK(SiteCache::slotIndex(
            RegionTable::siteKey(Construct::Loop, code(0x5555555554cc))) !=
        SiteCache::slotIndex(
            RegionTable::siteKey(Construct::Loop, code(0x55555555566e))));
  // Sixteen constructs of one kind at every spacing from 1 byte to 4 KiB,
  // at an address of a position-independent executable and of a non-PIE
  // one: about as many slots as at random, never fewer than half.
  for (uintptr_t Start : {uintptr_t(0x5555555554cc), uintptr_t(0x401234)}) {
    for (Construct Kind : {Construct::Loop, Construct::Barrier}) {
      size_t Fewest = 16;
      size_t Total = 0;
      for (uintptr_t Step = 1; Step <= 4096; ++Step) {
        size_t Taken = slotsTaken(Kind, Start, Step, 16);
        Fewest = std::min(Fewest, Taken);
        Total += Taken;
      }
      INFO("start " << Start << ", construct " << unsigned(Kind));
      CHECK(Fewest >= 8);
      CHECK(double(Total) / 4096 >= 14.0);
    }
  }
  // Every construct at one address.
  std::set<size_t> Slots;
  for (unsigned Kind = 0; Kind < ConstructKinds; ++Kind)
    Slots.insert(SiteCache::slotIndex(RegionTable::siteKey(
        static_cast<Construct>(Kind), code(0x5555555554cc))));
  CHECK(Slots.size() == ConstructKinds);
}

TEST_CASE("a cache slot holds the last site stored in it",
          "[OpenMP][SiteCache]") {
  SiteCache Cache;
  uint64_t Loop = RegionTable::siteKey(Construct::Loop, code(0x401234));
  SiteCache::Entry &Entry = Cache.slot(Loop);
  CHECK(Entry.Key != Loop);
  Entry.Key = Loop;
  int Storage = 0;
  Entry.Region = reinterpret_cast<OpenMPRegion *>(&Storage);
  CHECK(&Cache.slot(Loop) == &Entry);
  CHECK(Cache.slot(Loop).Region == reinterpret_cast<OpenMPRegion *>(&Storage));
  CHECK(&Cache.slot(Loop) == &Cache.Cache[SiteCache::slotIndex(Loop)]);
}
