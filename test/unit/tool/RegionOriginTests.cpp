//===- test/unit/tool/RegionOriginTests.cpp - Who measures a region -------===//
//
// Part of Sextant. A region's flags in regions.json say where it comes
// from, and only functions the compiler instrumented can be removed by a
// compile-time filter: OpenMP constructs, MPI functions and wrapped library
// functions are regions the runtime creates, which only SEXTANT_FILTER
// reaches.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant/RegionOrigin.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant;
using namespace sextant::tool;

TEST_CASE("regionOrigin reads the origin from the flags", "[RegionOrigin]") {
  format::RegionFlags Flags;
  Flags.DebugInfo = true;
  Flags.Demangled = true;
  Flags.MayUnwind = true;
  CHECK(regionOrigin(Flags) == RegionOrigin::CompiledFunction);

  format::RegionFlags OpenMP;
  OpenMP.OpenMP = true;
  CHECK(regionOrigin(OpenMP) == RegionOrigin::OpenMPConstruct);

  format::RegionFlags Mpi;
  Mpi.Mpi = true;
  CHECK(regionOrigin(Mpi) == RegionOrigin::MpiFunction);

  format::RegionFlags Library;
  Library.Library = true;
  CHECK(regionOrigin(Library) == RegionOrigin::LibraryFunction);

  format::RegionFlags User;
  User.User = true;
  CHECK(regionOrigin(User) == RegionOrigin::UserRegion);
}

TEST_CASE("only functions the compiler instrumented take a compile-time "
          "filter",
          "[RegionOrigin]") {
  CHECK(compileTimeFilterApplies(RegionOrigin::CompiledFunction));
  CHECK_FALSE(compileTimeFilterApplies(RegionOrigin::OpenMPConstruct));
  CHECK_FALSE(compileTimeFilterApplies(RegionOrigin::MpiFunction));
  CHECK_FALSE(compileTimeFilterApplies(RegionOrigin::LibraryFunction));
  CHECK_FALSE(compileTimeFilterApplies(RegionOrigin::UserRegion));
}

TEST_CASE("regionOriginText names each origin", "[RegionOrigin]") {
  CHECK(std::string(regionOriginText(RegionOrigin::OpenMPConstruct)) ==
        "OpenMP construct");
  CHECK(std::string(regionOriginText(RegionOrigin::MpiFunction)) ==
        "MPI function");
  CHECK(std::string(regionOriginText(RegionOrigin::LibraryFunction)) ==
        "wrapped library function");
}
