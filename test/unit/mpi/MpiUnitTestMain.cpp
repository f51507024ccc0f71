//===- test/unit/mpi/MpiUnitTestMain.cpp - Catch2 main --------------------===//
//
// Part of Sextant. The main function of the MPI adapter's unit tests.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
