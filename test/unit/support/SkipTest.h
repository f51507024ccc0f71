//===- test/unit/support/SkipTest.h - Explicit skips ------------*- C++ -*-===//
//
// Part of Sextant. Catch2 v2 has no notion of a skipped test, so a test
// whose precondition the machine lacks (an invariant TSC, a locale) would
// pass silently by returning early. skipTest() makes the skip explicit:
// under ctest, which runs each test case in its own process with
// SEXTANT_UNIT_TEST_SKIP_CODE set (sextant_unit_test() in
// test/unit/CMakeLists.txt), it prints the reason and ends the process with
// that code, which ctest reports as "Skipped"; run directly, the executable
// prints the reason as a Catch2 warning and the test case returns.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TEST_UNIT_SUPPORT_SKIPTEST_H
#define SEXTANT_TEST_UNIT_SUPPORT_SKIPTEST_H

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace sextant {
namespace test {

/// Skips the running test case because of Reason (see the file comment).
/// The caller returns right after it.
inline void skipTest(const std::string &Reason) {
  if (const char *Code = std::getenv("SEXTANT_UNIT_TEST_SKIP_CODE")) {
    std::printf("SKIPPED: %s\n", Reason.c_str());
    std::fflush(stdout);
    std::_Exit(std::atoi(Code));
  }
  WARN("skipped: " << Reason);
}

} // namespace test
} // namespace sextant

#endif // SEXTANT_TEST_UNIT_SUPPORT_SKIPTEST_H
