//===- test/unit/wrapper/GccModeNoteTests.cpp -----------------------------===//
//
// Part of Sextant. Tests of the note that says a wrapper fell back to GCC's
// -finstrument-functions mode (tools/sextant-wrapper/GccModeNote.h): due
// only when the command the user named does not say it is GCC and nothing
// chose GCC for an MPI wrapper, and naming what gets the plugin for MPICH,
// Open MPI, an unknown MPI and a plain compiler.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/GccModeNote.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace sextant::wrapper;

namespace {

/// `sextant-c++ mpicxx.mpich ...` where mpicxx.mpich runs g++.
GccModeSituation mpichRunningGxx() {
  GccModeSituation S;
  S.WrapperName = "sextant-c++";
  S.Compiler = "mpicxx.mpich";
  S.Underlying = "g++";
  S.Identity.Family = CompilerFamily::Gcc;
  S.MpiWrapper = true;
  S.Mpi = MpiFlavour::Mpich;
  S.MpiCompilerOption = "cxx";
  S.PluginCompiler = "clang++-19";
  return S;
}

} // namespace

TEST_CASE("an MPI wrapper that runs GCC gets the note with its way to the "
          "plugin",
          "[wrapper][note]") {
  GccModeSituation S = mpichRunningGxx();
  CHECK(gccModeNote(S) ==
        "'mpicxx.mpich' runs g++: the wrappers instrument with "
        "-finstrument-functions (GCC's mode), not with Sextant's plugin; for "
        "the plugin, have it run clang++-19: 'sextant-c++ mpicxx.mpich "
        "-cxx=clang++-19 ...'");
  S.Compiler = "mpicxx.openmpi";
  S.Mpi = MpiFlavour::OpenMpi;
  CHECK(gccModeNote(S).find("have it run clang++-19: 'OMPI_CXX=clang++-19 "
                            "sextant-c++ mpicxx.openmpi ...'") !=
        std::string::npos);
  S.Compiler = "mpifort";
  S.WrapperName = "sextant-fortran";
  S.Mpi = MpiFlavour::Unknown;
  S.MpiCompilerOption = "fc";
  S.PluginCompiler = "flang-new-19";
  CHECK(gccModeNote(S).find(
            "'sextant-fortran mpifort -fc=flang-new-19 ...' (MPICH) or "
            "'OMPI_FC=flang-new-19 sextant-fortran mpifort ...' (Open MPI)") !=
        std::string::npos);
}

TEST_CASE("no note when the user named GCC or the plugin's compiler runs",
          "[wrapper][note]") {
  GccModeSituation S = mpichRunningGxx();
  S.MpiCompilerChosen = true; // -cxx=g++, MPICH_CXX=g++
  CHECK(gccModeNote(S).empty());
  S = mpichRunningGxx();
  S.Identity = {CompilerFamily::Clang, 19};
  CHECK(gccModeNote(S).empty());
  S = mpichRunningGxx();
  S.MpiWrapper = false;
  S.Compiler = S.Underlying = "/usr/bin/x86_64-linux-gnu-g++-12";
  CHECK(gccModeNote(S).empty());
}

TEST_CASE("a compiler whose name does not say GCC gets the note",
          "[wrapper][note]") {
  GccModeSituation S;
  S.WrapperName = "sextant-cc";
  S.Compiler = S.Underlying = "cc";
  S.Identity.Family = CompilerFamily::Gcc;
  S.MpiCompilerOption = "cc";
  S.PluginCompiler = "clang-19";
  // An MPI wrapper's variables choose nothing for a plain compiler.
  S.MpiCompilerChosen = true;
  CHECK(gccModeNote(S) ==
        "'cc' is GCC: the wrappers instrument with -finstrument-functions "
        "(GCC's mode), not with Sextant's plugin; for the plugin, use "
        "clang-19: 'sextant-cc clang-19 ...'");
}

TEST_CASE("the MPI wrappers' compiler variables", "[wrapper][note]") {
  std::vector<std::string> Variables = mpiCompilerVariables();
  for (const char *Name : {"MPICH_CC", "MPICH_CXX", "MPICH_FC", "OMPI_CC",
                           "OMPI_CXX", "OMPI_FC"}) {
    INFO(Name);
    CHECK(std::find(Variables.begin(), Variables.end(), Name) !=
          Variables.end());
  }
}
