//===- test/unit/filter/FilterUnitTestMain.cpp - Catch2 main ----*- C++ -*-===//
//
// Part of Sextant. The Catch2 entry point of filter_unit_tests.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
