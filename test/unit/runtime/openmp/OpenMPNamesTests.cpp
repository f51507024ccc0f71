//===- test/unit/runtime/openmp/OpenMPNamesTests.cpp - OpenMP names -------===//
//
// Part of Sextant. The names of OpenMP regions and worker threads in the
// output (runtime/openmp/OpenMPNames.cpp).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPTool.h"

#include <catch2/catch.hpp>

using namespace sextant::runtime;

TEST_CASE("OpenMP region names", "[OpenMP]") {
  CodeLocation Where;
  CHECK(openMPRegionName("omp parallel", Where) == "omp parallel");
  Where.Function = "solve";
  CHECK(openMPRegionName("omp parallel", Where) == "omp parallel @solve");
  Where.Line = 42;
  CHECK(openMPRegionName("omp parallel", Where) == "omp parallel @solve");
  Where.File = "/home/me/src/jacobi.c";
  CHECK(openMPRegionName("omp for", Where) == "omp for @jacobi.c:42");
  Where.Line = 0;
  CHECK(openMPRegionName("omp for", Where) == "omp for @solve");
}

TEST_CASE("OpenMP thread names", "[OpenMP]") {
  CHECK(openMPThreadName(3, 1) == "omp thread 3");
  CHECK(openMPThreadName(1, 2) == "omp thread 1 L2");
}
