//===- test/unit/format/FormatUnitTestMain.cpp - Catch2 entry point -------===//
//
// Part of Sextant. The main() of format_unit_tests, provided by Catch2.
//
//===----------------------------------------------------------------------===//

#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
