//===- test/unit/wrapper/FlangMpiTests.cpp --------------------------------===//
//
// Part of Sextant. Tests of what sextant-fortran does for MPI Fortran with
// flang (tools/sextant-wrapper/FlangMpi.h): the directory of the mpi module
// per MPI, the gfortran options of MPICH's mpifort that flang rejects, and
// the `use mpi` / `use mpi_f08` statements found in a source.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/FlangMpi.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;

using Words = std::vector<std::string>;

TEST_CASE("flang's mpi module directory per MPI", "[wrapper][fortran]") {
  CHECK(flangMpiModuleDirectory("/s/lib/sextant/fortran/flang-19",
                                MpiFlavour::Mpich) ==
        "/s/lib/sextant/fortran/flang-19/mpich");
  CHECK(flangMpiModuleDirectory("/s/m", MpiFlavour::OpenMpi) == "/s/m/openmpi");
  CHECK(flangMpiModuleDirectory("/s/m", MpiFlavour::Unknown).empty());
}

TEST_CASE("the gfortran options of MPICH's mpifort are left out",
          "[wrapper][fortran]") {
  // Debian 12's mpifort.mpich -fc=... -show, compile line.
  Words MpifortLine = {"-O2",
                       "-ffile-prefix-map=/build/mpich-1NaQGN/mpich-4.0.2=.",
                       "-fstack-protector-strong",
                       "-fallow-invalid-boz",
                       "-fallow-argument-mismatch",
                       "-c",
                       "a.f90",
                       "-I/usr/include/x86_64-linux-gnu/mpich"};
  CHECK(withoutGfortranOnlyMpiOptions(MpifortLine) ==
        Words{"-O2", "-c", "a.f90", "-I/usr/include/x86_64-linux-gnu/mpich"});
  CHECK_FALSE(isGfortranOnlyMpiOption("-fopenmp"));
  CHECK_FALSE(isGfortranOnlyMpiOption("-fallow"));
  CHECK(isGfortranOnlyMpiOption("-fstack-protector"));
}

TEST_CASE("use statements of the MPI modules", "[wrapper][fortran]") {
  MpiModuleUses Uses = mpiModuleUsesOf("program p\n  use mpi\nend\n");
  CHECK(Uses.Mpi);
  CHECK_FALSE(Uses.MpiF08);
  Uses = mpiModuleUsesOf("module m\n  USE :: MPI_F08, only: MPI_Comm\n");
  CHECK_FALSE(Uses.Mpi);
  CHECK(Uses.MpiF08);
  CHECK(mpiModuleUsesOf("  use, intrinsic :: iso_c_binding\n  Use Mpi ! x\r\n")
            .Mpi);
  CHECK(mpiModuleUsesOf("use mpi, only: MPI_COMM_WORLD").Mpi);
  // Other modules, names that begin with use or mpi, mpif.h, comments.
  for (const char *Text :
       {"use mpi_constants\n", "usempi\n", "useful = 1\n", "use mpiio\n",
        "include 'mpif.h'\n", "! use mpi\n", "call use(mpi)\n"}) {
    CAPTURE(Text);
    MpiModuleUses None = mpiModuleUsesOf(Text);
    CHECK_FALSE(None.Mpi);
    CHECK_FALSE(None.MpiF08);
  }
}
