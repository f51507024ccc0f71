//===- test/unit/common/FlangNamesTests.cpp - Flang's names -----*- C++ -*-===//
//
// Part of Sextant. Every form of Flang's procedure names that flang-new-19
// emits, decoded; every other "_Q" name, and malformed ones, left alone;
// and the program name read from PROGRAM statements.
//
//===----------------------------------------------------------------------===//

#include "common/FlangNames.h"

#include <catch2/catch.hpp>

using sextant::demangleFlangName;
using sextant::fortranProgramStatementName;

namespace {

/// The decoded name, or "<raw>" when the decoder leaves the name alone.
std::string decoded(std::string_view Mangled,
                    std::string_view ProgramName = {}) {
  std::string Display = "<raw>";
  if (!demangleFlangName(Mangled, Display, ProgramName))
    REQUIRE(Display == "<raw>");
  return Display;
}

} // namespace

TEST_CASE("Procedures in modules and submodules", "[FlangNames]") {
  CHECK(decoded("_QMheat_modPsmooth") == "heat_mod::smooth");
  CHECK(decoded("_QMheat_modPgrid_total") == "heat_mod::grid_total");
  CHECK(decoded("_QMm2Pf$x") == "m2::f$x");
  CHECK(decoded("_QMmodSs1modSs2modPfun") == "mod::s1mod::s2mod::fun");
}

TEST_CASE("Internal procedures name their host", "[FlangNames]") {
  CHECK(decoded("_QMheat_modFsmoothPhelper") == "heat_mod::smooth::helper");
  CHECK(decoded("_QMmodSs1modFsubPfun") == "mod::s1mod::sub::fun");
  CHECK(decoded("_QFextsubPinner") == "extsub::inner");
}

TEST_CASE("The main program and its internal procedures", "[FlangNames]") {
  CHECK(decoded("_QQmain", "heat") == "heat");
  CHECK(decoded("_QFPlocal", "heat") == "heat::local");
  // Without the PROGRAM statement's name.
  CHECK(decoded("_QQmain") == "MAIN");
  CHECK(decoded("_QFPlocal") == "MAIN::local");
}

TEST_CASE("External procedures before the external-name pass",
          "[FlangNames]") {
  CHECK(decoded("_QPextsub") == "extsub");
}

TEST_CASE("Names that are no procedure stay raw", "[FlangNames]") {
  // Data, types, descriptors, common blocks, generated names.
  for (const char *Name :
       {"_QMheat_modEcount", "_QMmodECpi", "_QFsubEx", "_QFsubB2Ex",
        "_QMheat_modTgrid", "_QMmodTyourtypeK4KN6", "_QMheat_modDTgrid",
        "_QMmodCTmytype", "_QCwork", "_QC", "_QFsubNtemps",
        "_QQclX9a37c0", "_QQmainX1", "_QQ", "_Q", "_QMheat_modE.dt.grid"})
    CHECK(decoded(Name) == "<raw>");
}

TEST_CASE("Malformed and foreign names stay raw", "[FlangNames]") {
  for (const char *Name :
       {"", "main", "extsub_", "_ZN2ns1fEv", "_QMPf", "_QM", "_QMmod",
        "_QMmodP", "_QMmodPf.omp_par", "_QMmodPfPg", "_QMmodFPf",
        "_QSsubPf", "_QFhostSsubPf", "_QFhostMmodPf", "_QMaMbPf",
        "_QMmodP1f", "_QMModPf", "_QQmain..omp_par", "_QMmodPf\n"})
    CHECK(decoded(Name) == "<raw>");
}

TEST_CASE("Program names from PROGRAM statements", "[FlangNames]") {
  CHECK(fortranProgramStatementName("program heat") == "heat");
  CHECK(fortranProgramStatementName("  PROGRAM Heat_2D ! the solver") ==
        "heat_2d");
  CHECK(fortranProgramStatementName("\tProgram\tring;") == "ring");
  CHECK(fortranProgramStatementName("      program fixed\r\n") == "fixed");
  CHECK(fortranProgramStatementName("10 program labelled") == "labelled");

  for (const char *Line :
       {"", "program", "program ", "programheat", "print *, 1",
        "end program heat", "program 2d", "program heat(x)",
        "123456 program toolong", "10program heat", "subroutine heat",
        "program heat &"})
    CHECK(fortranProgramStatementName(Line).empty());
}
