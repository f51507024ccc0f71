//===- test/unit/runtime/ControlOptionsTests.cpp - Control variables ------===//
//
// Part of Sextant. SEXTANT_ENABLE, SEXTANT_CLOCK, SEXTANT_THROTTLE and
// SEXTANT_THREAD_PROFILES: defaults, valid values, one warning naming the
// variable and the accepted values for an invalid one, and config.txt.
//
//===----------------------------------------------------------------------===//

#include "OptionsTestSupport.h"
#include "runtime/config/Options.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::runtime;
using sextant::runtime::test::parse;

TEST_CASE("the control variables have documented defaults",
          "[Options][Control]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({}, Warnings);
  CHECK(Warnings.empty());
  CHECK(Options.Enable == 1);
  CHECK(Options.ClockRequest == ClockChoice::Auto);
  CHECK(Options.Throttle.Enabled);
  CHECK(Options.Throttle.MinVisits == 100000);
  CHECK(Options.Throttle.MaxMeanVisitNanoseconds == 500);
  CHECK(Options.ThreadProfiles == 64);
  CHECK(Options.valueText(OptionId::ClockRequest) == "auto");
  CHECK(Options.valueText(OptionId::Throttle) == "100000,500");
}

TEST_CASE("SEXTANT_CLOCK accepts auto, tsc and monotonic",
          "[Options][Control]") {
  std::vector<std::string> Warnings;
  CHECK(parse({"SEXTANT_CLOCK=tsc"}, Warnings).ClockRequest ==
        ClockChoice::Tsc);
  CHECK(parse({"SEXTANT_CLOCK=monotonic"}, Warnings).ClockRequest ==
        ClockChoice::Monotonic);
  CHECK(parse({"SEXTANT_CLOCK=auto"}, Warnings).ClockRequest ==
        ClockChoice::Auto);
  CHECK(Warnings.empty());

  RuntimeOptions Options = parse({"SEXTANT_CLOCK=rdtsc"}, Warnings);
  CHECK(Options.ClockRequest == ClockChoice::Auto);
  CHECK(Options.origin(OptionId::ClockRequest).Source == OptionSource::Invalid);
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0] == "invalid value 'rdtsc' for SEXTANT_CLOCK (expected "
                       "auto, tsc or monotonic); using the default 'auto'");
  // Case matters.
  Warnings.clear();
  CHECK(parse({"SEXTANT_CLOCK=TSC"}, Warnings).ClockRequest ==
        ClockChoice::Auto);
  CHECK(Warnings.size() == 1);
}

TEST_CASE("SEXTANT_THROTTLE accepts off and <visits>,<ns>",
          "[Options][Control]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({"SEXTANT_THROTTLE=off"}, Warnings);
  CHECK_FALSE(Options.Throttle.Enabled);
  CHECK(Options.valueText(OptionId::Throttle) == "off");

  Options = parse({"SEXTANT_THROTTLE=2000,75"}, Warnings);
  CHECK(Options.Throttle.Enabled);
  CHECK(Options.Throttle.MinVisits == 2000);
  CHECK(Options.Throttle.MaxMeanVisitNanoseconds == 75);
  CHECK(Options.valueText(OptionId::Throttle) == "2000,75");
  CHECK(Warnings.empty());

  for (const char *Invalid :
       {"SEXTANT_THROTTLE=", "SEXTANT_THROTTLE=on", "SEXTANT_THROTTLE=100",
        "SEXTANT_THROTTLE=100,", "SEXTANT_THROTTLE=,5", "SEXTANT_THROTTLE=0,5",
        "SEXTANT_THROTTLE=5,0", "SEXTANT_THROTTLE=1,2,3",
        "SEXTANT_THROTTLE=-1,5", "SEXTANT_THROTTLE= 10,5",
        "SEXTANT_THROTTLE=99999999999999999999,5"}) {
    CAPTURE(Invalid);
    Warnings.clear();
    Options = parse({Invalid}, Warnings);
    CHECK(Options.Throttle.Enabled);
    CHECK(Options.Throttle.MinVisits == 100000);
    CHECK(Options.Throttle.MaxMeanVisitNanoseconds == 500);
    REQUIRE(Warnings.size() == 1);
    CHECK(Warnings[0].find("for SEXTANT_THROTTLE (expected off or "
                           "<visits>,<nanoseconds>, two integers of at least "
                           "1, e.g. 100000,500); using the default "
                           "'100000,500'") != std::string::npos);
  }
}

TEST_CASE("SEXTANT_ENABLE and SEXTANT_THREAD_PROFILES are integers",
          "[Options][Control]") {
  std::vector<std::string> Warnings;
  CHECK(parse({"SEXTANT_ENABLE=0"}, Warnings).Enable == 0);
  CHECK(parse({"SEXTANT_THREAD_PROFILES=0"}, Warnings).ThreadProfiles == 0);
  CHECK(parse({"SEXTANT_THREAD_PROFILES=1000"}, Warnings).ThreadProfiles ==
        1000);
  CHECK(Warnings.empty());

  RuntimeOptions Options = parse({"SEXTANT_ENABLE=no"}, Warnings);
  CHECK(Options.Enable == 1);
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0] == "invalid value 'no' for SEXTANT_ENABLE (expected 0 or "
                       "1); using the default '1'");
}

TEST_CASE("config.txt shows the control variables", "[Options][Control]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options =
      parse({"SEXTANT_THROTTLE=off", "SEXTANT_CLOCK=bogus"}, Warnings);
  std::string Text = renderConfiguration(Options, "0.1.0");
  CHECK(Text.find("SEXTANT_THROTTLE=off\t# environment\n") !=
        std::string::npos);
  CHECK(Text.find("SEXTANT_CLOCK=auto\t# default (invalid environment value "
                  "'bogus' ignored)\n") != std::string::npos);
  CHECK(Text.find("SEXTANT_ENABLE=1\t# default\n") != std::string::npos);
  CHECK(Text.find("SEXTANT_THREAD_PROFILES=64\t# default\n") !=
        std::string::npos);
}
