//===- test/unit/runtime/openmp/SiteMemoryTests.cpp - Sites at one depth --===//
//
// Part of Sextant. The construct sites the OpenMP tool remembers at one
// depth of a thread's stack of open constructs (runtime/openmp/SiteMemory.h):
// an empty entry matches no site, not even a construct named without a
// location (key 0); a remembered site keeps its region and the node set on
// it; sites taking turns at one depth (a region body of eight constructs,
// counting the implicit barriers, which are one site) are all found; a
// ninth site replaces the one remembered longest ago.
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPRegionTable.h"
#include "runtime/openmp/SiteMemory.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;
using namespace sextant::runtime::openmp;

namespace {

/// Distinct region pointers: SiteMemory stores them, never reads them.
int RegionStorage[SiteMemory::Entries + 1];

OpenMPRegion *fakeRegion(unsigned Index) {
  return reinterpret_cast<OpenMPRegion *>(&RegionStorage[Index]);
}

/// A code address of a construct site.
const void *code(uintptr_t Address) {
  return reinterpret_cast<const void *>(Address);
}

} // namespace

TEST_CASE("an empty site memory finds no site", "[OpenMP][SiteMemory]") {
  SiteMemory Sites;
  // The key of the first construct without a location is 0.
  CHECK(RegionTable::siteKey(Construct::Parallel, nullptr) == 0);
  CHECK(Sites.find(0) == nullptr);
  CHECK(Sites.find(RegionTable::siteKey(Construct::ImplicitBarrier, nullptr)) ==
        nullptr);
  CHECK(Sites.find(RegionTable::siteKey(Construct::Loop, code(0x401234))) ==
        nullptr);
}

TEST_CASE("a remembered site keeps its region and node",
          "[OpenMP][SiteMemory]") {
  SiteMemory Sites;
  uint64_t Loop = RegionTable::siteKey(Construct::Loop, code(0x401234));
  SiteMemory::Site &Entry = Sites.remember(Loop, fakeRegion(0));
  CHECK(Entry.Key == Loop);
  CHECK(Entry.Region == fakeRegion(0));
  CHECK(Entry.Node == CallPathTree::RootNode);
  Entry.Node = 7;
  SiteMemory::Site *Found = Sites.find(Loop);
  REQUIRE(Found == &Entry);
  CHECK(Found->Region == fakeRegion(0));
  CHECK(Found->Node == 7);
  // The same address as another construct is another site.
  CHECK(Sites.find(RegionTable::siteKey(Construct::Single, code(0x401234))) ==
        nullptr);
}

TEST_CASE("sites taking turns at one depth are all found",
          "[OpenMP][SiteMemory]") {
  SiteMemory Sites;
  uint64_t Keys[] = {RegionTable::siteKey(Construct::Loop, code(0x4014cc)),
                     RegionTable::siteKey(Construct::ImplicitBarrier, nullptr),
                     RegionTable::siteKey(Construct::Barrier, code(0x401530)),
                     RegionTable::siteKey(Construct::Loop, code(0x40166e)),
                     RegionTable::siteKey(Construct::Single, code(0x4016e0)),
                     RegionTable::siteKey(Construct::Critical, code(0x401720)),
                     RegionTable::siteKey(Construct::Sections, code(0x401790)),
                     RegionTable::siteKey(Construct::Taskwait, code(0x401800))};
  static_assert(sizeof(Keys) / sizeof(Keys[0]) == SiteMemory::Entries,
                "one key per entry");
  for (unsigned Index = 0; Index < SiteMemory::Entries; ++Index)
    Sites.remember(Keys[Index], fakeRegion(Index));
  for (int Round = 0; Round < 100; ++Round) {
    for (unsigned Index = 0; Index < SiteMemory::Entries; ++Index) {
      SiteMemory::Site *Found = Sites.find(Keys[Index]);
      REQUIRE(Found);
      CHECK(Found->Region == fakeRegion(Index));
    }
  }
}

TEST_CASE("a new site replaces the one remembered longest ago",
          "[OpenMP][SiteMemory]") {
  SiteMemory Sites;
  uint64_t Keys[SiteMemory::Entries + 1];
  for (unsigned Index = 0; Index <= SiteMemory::Entries; ++Index)
    Keys[Index] = RegionTable::siteKey(Construct::Loop, code(0x402000 + Index));
  for (unsigned Index = 0; Index < SiteMemory::Entries; ++Index)
    Sites.remember(Keys[Index], fakeRegion(Index));
  // Finding a site does not change which one is replaced next.
  REQUIRE(Sites.find(Keys[0]));
  Sites.remember(Keys[SiteMemory::Entries], fakeRegion(SiteMemory::Entries));
  CHECK(Sites.find(Keys[0]) == nullptr);
  for (unsigned Index = 1; Index <= SiteMemory::Entries; ++Index) {
    SiteMemory::Site *Found = Sites.find(Keys[Index]);
    REQUIRE(Found);
    CHECK(Found->Region == fakeRegion(Index));
  }
  // The next one replaces the second remembered.
  Sites.remember(Keys[0], fakeRegion(0));
  CHECK(Sites.find(Keys[1]) == nullptr);
  CHECK(Sites.find(Keys[0]));
}
