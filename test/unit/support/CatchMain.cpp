//===- test/unit/support/CatchMain.cpp - Catch2 entry point ---------------===//
//
// Part of Sextant. The one main() of every unit-test executable, provided
// by Catch2 and compiled once.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
