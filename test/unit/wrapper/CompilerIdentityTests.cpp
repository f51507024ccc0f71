//===- test/unit/wrapper/CompilerIdentityTests.cpp ------------------------===//
//
// Part of Sextant. Tests of the wrappers' identification of compilers
// (tools/sextant-wrapper/CompilerIdentity.h).
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/CompilerIdentity.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;

TEST_CASE("compilers known by name", "[wrapper]") {
  CompilerIdentity Clang = identifyCompilerByName("/usr/bin/clang++-19");
  CHECK(Clang.Family == CompilerFamily::Clang);
  CHECK(Clang.Major == 19);
  CHECK(loadsLlvm19Plugin(Clang));
  CHECK(identifyCompilerByName("flang-new-19").Family == CompilerFamily::Flang);
  CHECK(identifyCompilerByName("clang-17").Major == 17);
  CHECK_FALSE(loadsLlvm19Plugin(identifyCompilerByName("clang-17")));
  for (const char *Gcc : {"gcc", "g++-12", "gfortran", "x86_64-linux-gnu-gcc-12"})
    CHECK(identifyCompilerByName(Gcc).Family == CompilerFamily::Gcc);
  // Names that say nothing: ask --version.
  for (const char *Other : {"cc", "c++", "clang", "flang-new", "icx", "mpicc"})
    CHECK((identifyCompilerByName(Other).Family == CompilerFamily::Unknown ||
           identifyCompilerByName(Other).Major == 0));
}

TEST_CASE("compilers known by their --version output", "[wrapper]") {
  CompilerIdentity Clang = identifyCompilerByVersion(
      "Debian clang version 19.1.7 (3~deb12u1)\nTarget: x86_64-pc-linux-gnu\n");
  CHECK(Clang.Family == CompilerFamily::Clang);
  CHECK(Clang.Major == 19);
  CompilerIdentity Flang =
      identifyCompilerByVersion("Debian flang-new version 19.1.7 (3~deb12u1)\n");
  CHECK(Flang.Family == CompilerFamily::Flang);
  CHECK(Flang.Major == 19);
  CompilerIdentity Gcc = identifyCompilerByVersion(
      "cc (Debian 12.2.0-14) 12.2.0\nCopyright (C) 2022 Free Software "
      "Foundation, Inc.\n");
  CHECK(Gcc.Family == CompilerFamily::Gcc);
  CHECK(Gcc.Major == 12);
  CHECK(identifyCompilerByVersion("Intel(R) oneAPI DPC++/C++ Compiler 2024.0\n")
            .Family == CompilerFamily::Unknown);
}

TEST_CASE("MPI compiler wrappers", "[wrapper]") {
  for (const char *Mpi : {"mpicc", "mpicc.mpich", "/usr/bin/mpicxx.openmpi",
                          "mpifort", "mpif90", "mpic++"})
    CHECK(isMpiCompilerWrapper(Mpi));
  for (const char *Other : {"gcc", "mpiexec", "mpiccx", "clang-19"})
    CHECK_FALSE(isMpiCompilerWrapper(Other));
}
