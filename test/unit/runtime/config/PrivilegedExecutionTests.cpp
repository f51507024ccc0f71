//===- test/unit/runtime/config/PrivilegedExecutionTests.cpp --------------===//
//
// setuid options.
//
// Part of Sextant. The options of a setuid/setgid program
// (runtime/config/PrivilegedExecution.h): every SEXTANT_* variable is
// ignored, measuring is off, and the notice is given unless the user asked
// for silence with SEXTANT_ENABLE=0. (That the process itself writes nothing
// is tested end to end: test/lit/e2e/runtime/setuid_program.test.)
//
//===----------------------------------------------------------------------===//

#include "runtime/config/PrivilegedExecution.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::runtime;

namespace {

RuntimeOptions privileged(std::vector<const char *> Entries,
                          std::string &Notice) {
  Entries.push_back(nullptr);
  return privilegedOptions(Entries.data(), Notice);
}

} // namespace

TEST_CASE("a setuid program ignores every SEXTANT_* variable",
          "[PrivilegedExecution]") {
  std::string Notice;
  RuntimeOptions Options = privileged(
      {"SEXTANT_FILTER=/etc/shadow", "SEXTANT_OUTPUT_DIR=/etc/cron.d",
       "SEXTANT_TRACE=1", "SEXTANT_METRICS=PAPI_TOT_CYC", "SEXTANT_ENABLE=1",
       "SEXTANT_VERBOSE=2", "SEXTANT_NO_SUCH_VARIABLE=1"},
      Notice);
  CHECK(Options.Enable == 0);
  CHECK(Options.FilterFile.empty());
  CHECK(Options.OutputDir.empty());
  CHECK(Options.Trace == 0);
  CHECK(Options.Metrics.empty());
  CHECK(Options.Verbose == 1);
  CHECK(Options.UnknownVariables.empty());
  for (size_t I = 0; I < NumOptions; ++I)
    CHECK(Options.Origins[I].Source == OptionSource::Default);
  CHECK(Notice.find("elevated privileges") != std::string::npos);
  CHECK(Notice.find("nothing is written") != std::string::npos);
}

TEST_CASE("SEXTANT_ENABLE=0 silences the notice of a setuid program",
          "[PrivilegedExecution]") {
  std::string Notice = "stale";
  RuntimeOptions Options =
      privileged({"PATH=/bin", "SEXTANT_ENABLE=0"}, Notice);
  CHECK(Options.Enable == 0);
  CHECK(Notice.empty());

  // Only the exact setting counts; anything else gets the notice.
  for (const char *Other : {"SEXTANT_ENABLE=00", "SEXTANT_ENABLE= 0",
                            "SEXTANT_ENABLE=off", "SEXTANT_ENABLE"}) {
    CAPTURE(Other);
    privileged({Other}, Notice);
    CHECK_FALSE(Notice.empty());
  }
  privileged({}, Notice);
  CHECK_FALSE(Notice.empty());
  CHECK_FALSE(privilegedOptions(nullptr, Notice).Enable);
  CHECK_FALSE(Notice.empty());
}

TEST_CASE("an ordinary test process does not run in secure mode",
          "[PrivilegedExecution]") {
  CHECK_FALSE(runsWithElevatedPrivileges());
}
