//===- test/unit/common/DisplayNameTests.cpp - Display names ----*- C++ -*-===//
//
// Part of Sextant. The display names that the plugin and the tool give
// functions: Flang's Fortran names decoded, C++ names demangled without
// template return types, C names unchanged.
//
//===----------------------------------------------------------------------===//

#include "common/DisplayName.h"

#include <catch2/catch.hpp>

using sextant::demangleForDisplay;

TEST_CASE("Fortran procedures of Flang", "[DisplayName]") {
  bool Demangled = false;
  CHECK(demangleForDisplay("_QMheat_modPsmooth", Demangled) ==
        "heat_mod::smooth");
  CHECK(Demangled);
  CHECK(demangleForDisplay("_QQmain", Demangled, "heat") == "heat");
  CHECK(Demangled);
  CHECK(demangleForDisplay("_QFPlocal", Demangled) == "MAIN::local");
  CHECK(Demangled);
  // Flang's names of data, and what its OpenMP outlining makes, stay raw.
  CHECK(demangleForDisplay("_QMheat_modEcount", Demangled) ==
        "_QMheat_modEcount");
  CHECK_FALSE(Demangled);
  CHECK(demangleForDisplay("_QQmain..omp_par", Demangled) ==
        "_QQmain..omp_par");
  CHECK_FALSE(Demangled);
}

TEST_CASE("C++ and C names", "[DisplayName]") {
  bool Demangled = false;
  CHECK(demangleForDisplay("_ZN2ns1fIiEEvd", Demangled) ==
        "ns::f<int>(double)");
  CHECK(Demangled);
  CHECK(demangleForDisplay("extsub_", Demangled) == "extsub_");
  CHECK_FALSE(Demangled);
}
