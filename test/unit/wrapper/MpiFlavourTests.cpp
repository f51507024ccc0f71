//===- test/unit/wrapper/MpiFlavourTests.cpp ------------------------------===//
//
// Part of Sextant. Tests of the choice of the MPI adapter by the MPI a line
// uses (tools/sextant-wrapper/MpiFlavour.h): MPI wrapper names, the -show
// output of Debian's MPICH and Open MPI wrappers, the lines these wrappers
// give the compiler they run (mpicc.mpich -cc=sextant-cc,
// OMPI_CC=sextant-cc mpicc.openmpi), and the library each gets.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/MpiFlavour.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;

using Words = std::vector<std::string>;

TEST_CASE("MPI wrappers by their names", "[wrapper][mpi]") {
  CHECK(mpiFlavourOfWrapper("mpicc.openmpi") == MpiFlavour::OpenMpi);
  CHECK(mpiFlavourOfWrapper("/usr/bin/mpicxx.openmpi") == MpiFlavour::OpenMpi);
  CHECK(mpiFlavourOfWrapper("mpicc.mpich") == MpiFlavour::Mpich);
  CHECK(mpiFlavourOfWrapper("mpifort.mpich") == MpiFlavour::Mpich);
  CHECK(mpiFlavourOfWrapper("mpicc") == MpiFlavour::Unknown);
  // A directory's name does not count, only the command's.
  CHECK(mpiFlavourOfWrapper("/opt/openmpi/bin/mpicc") == MpiFlavour::Unknown);
}

TEST_CASE("the -show output of Debian's MPI wrappers", "[wrapper][mpi]") {
  CHECK(mpiFlavourOfWords(
            splitWords("gcc -I/usr/lib/x86_64-linux-gnu/openmpi/include "
                       "-I/usr/lib/x86_64-linux-gnu/openmpi/include/openmpi "
                       "-L/usr/lib/x86_64-linux-gnu/openmpi/lib -lmpi\n")) ==
        MpiFlavour::OpenMpi);
  CHECK(mpiFlavourOfWords(splitWords(
            "gcc -Wl,-z,relro -I/usr/include/x86_64-linux-gnu/mpich "
            "-L/usr/lib/x86_64-linux-gnu -lmpich")) == MpiFlavour::Mpich);
  // An Open MPI elsewhere, told by its own libraries.
  CHECK(mpiFlavourOfWords({"cc", "-I/opt/ompi/include", "-L/opt/ompi/lib",
                           "-lmpi", "-lopen-rte", "-lopen-pal"}) ==
        MpiFlavour::OpenMpi);
  CHECK(mpiFlavourOfWords({"cc", "-I/opt/mpi/include", "-lmpi"}) ==
        MpiFlavour::Unknown);
  CHECK(splitWords("  a\tb \n c ") == Words{"a", "b", "c"});
  CHECK(splitWords("").empty());
}

TEST_CASE("link lines of the compiler an MPI wrapper runs", "[wrapper][mpi]") {
  // OMPI_CC=sextant-cc mpicc.openmpi a.c -o app
  CHECK(mpiFlavourOfWords(
            {"a.c", "-o", "app", "-I/usr/lib/x86_64-linux-gnu/openmpi/include",
             "-L/usr/lib/x86_64-linux-gnu/openmpi/lib", "-lmpi"}) ==
        MpiFlavour::OpenMpi);
  // mpicc.mpich -cc=sextant-cc a.o -o app
  CHECK(mpiFlavourOfWords({"a.o", "-o", "app", "-L/usr/lib/x86_64-linux-gnu",
                           "-lmpich"}) == MpiFlavour::Mpich);
  // Libraries named as files.
  CHECK(mpiFlavourOfWords(
            {"a.o", "/usr/lib/x86_64-linux-gnu/openmpi/lib/libmpi.so"}) ==
        MpiFlavour::OpenMpi);
  CHECK(
      mpiFlavourOfWords({"a.o", "/usr/lib/x86_64-linux-gnu/libmpich.so.12"}) ==
      MpiFlavour::Mpich);
  CHECK(mpiFlavourOfWords({"a.o", "/opt/lib/libmpi.so"}) ==
        MpiFlavour::Unknown);
  // Sources and objects in directories that name an MPI do not count.
  CHECK(mpiFlavourOfWords({"/src/openmpi-tests/a.c", "-o", "app"}) ==
        MpiFlavour::Unknown);
  CHECK(mpiFlavourOfWords({"a.o", "-lm", "-lpthread"}) == MpiFlavour::Unknown);
}

TEST_CASE("the adapter library for each MPI", "[wrapper][mpi]") {
  // The default's MPI and an unknown one get libsextant-mpi.
  CHECK(mpiAdapterLibrary(MpiFlavour::Mpich, MpiFlavour::Mpich) ==
        "sextant-mpi");
  CHECK(mpiAdapterLibrary(MpiFlavour::Unknown, MpiFlavour::Mpich) ==
        "sextant-mpi");
  CHECK(mpiAdapterLibrary(MpiFlavour::OpenMpi, MpiFlavour::Mpich) ==
        "sextant-openmpi");
  CHECK(mpiAdapterLibrary(MpiFlavour::Mpich, MpiFlavour::OpenMpi) ==
        "sextant-mpich");
  CHECK(mpiAdapterLibrary(MpiFlavour::OpenMpi, MpiFlavour::Unknown) ==
        "sextant-openmpi");
  CHECK(mpiFlavourNamed("openmpi") == MpiFlavour::OpenMpi);
  CHECK(mpiFlavourNamed("mpich") == MpiFlavour::Mpich);
  CHECK(mpiFlavourNamed("MPICH") == MpiFlavour::Unknown);
  CHECK(std::string(mpiFlavourName(MpiFlavour::OpenMpi)) == "openmpi");
}
