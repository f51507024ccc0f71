//===- test/unit/runtime/config/OptionsTests.cpp - SEXTANT_* options ------===//
//
// Part of Sextant. The SEXTANT_* options (runtime/config/Options.h):
// defaults, valid and invalid values (one warning naming the variable and
// the accepted values), unknown variables and the rendering of config.txt;
// then the control, tracing and OpenMP variables one by one.
//
//===----------------------------------------------------------------------===//

#include "OptionsTestSupport.h"
#include "runtime/config/Options.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using namespace sextant::runtime;
using sextant::runtime::test::parse;

TEST_CASE("every option has its default in an empty environment", "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({"PATH=/bin", "HOME=/root"}, Warnings);
  CHECK(Warnings.empty());
  CHECK(Options.FilterFile.empty());
  CHECK(Options.OutputDir.empty());
  CHECK(Options.Verbose == 1);
  for (size_t I = 0; I < NumOptions; ++I)
    CHECK(Options.Origins[I].Source == OptionSource::Default);

  RuntimeOptions FromNull = parseOptions(nullptr, Warnings);
  CHECK(FromNull.Verbose == 1);
  CHECK(Warnings.empty());
}

TEST_CASE("the option table names each variable once", "[Options]") {
  const OptionDescription *Table = optionTable();
  for (size_t I = 0; I < NumOptions; ++I) {
    CHECK(static_cast<size_t>(Table[I].Id) == I);
    CHECK(std::string(Table[I].Variable).rfind("SEXTANT_", 0) == 0);
    for (size_t J = 0; J < I; ++J)
      CHECK(std::string(Table[I].Variable) != Table[J].Variable);
  }
}

TEST_CASE("valid values are taken from the environment", "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options =
      parse({"SEXTANT_FILTER=/tmp/app.filt", "SEXTANT_OUTPUT_DIR=out/run 1",
             "SEXTANT_VERBOSE=2"},
            Warnings);
  CHECK(Warnings.empty());
  CHECK(Options.FilterFile == "/tmp/app.filt");
  CHECK(Options.OutputDir == "out/run 1");
  CHECK(Options.Verbose == 2);
  CHECK(Options.origin(OptionId::Verbose).Source == OptionSource::Environment);
  CHECK(Options.origin(OptionId::FilterFile).EnvironmentText ==
        "/tmp/app.filt");

  Options = parse({"SEXTANT_VERBOSE=0"}, Warnings);
  CHECK(Options.Verbose == 0);
  CHECK(Warnings.empty());
}

TEST_CASE("an invalid value warns once and keeps the default", "[Options]") {
  const char *Invalid[] = {
      "SEXTANT_VERBOSE=3",  "SEXTANT_VERBOSE=-1",
      "SEXTANT_VERBOSE=",   "SEXTANT_VERBOSE=yes",
      "SEXTANT_VERBOSE= 1", "SEXTANT_VERBOSE=99999999999999999999999"};
  for (const char *Entry : Invalid) {
    INFO(Entry);
    std::vector<std::string> Warnings;
    RuntimeOptions Options = parse({Entry}, Warnings);
    CHECK(Options.Verbose == 1);
    CHECK(Options.origin(OptionId::Verbose).Source == OptionSource::Invalid);
    REQUIRE(Warnings.size() == 1);
    std::string Value =
        std::string(Entry).substr(std::strlen("SEXTANT_VERBOSE="));
    CHECK(Warnings[0] == "invalid value '" + Value +
                             "' for SEXTANT_VERBOSE (expected 0, 1 or 2); "
                             "using the default '1'");
  }
}

TEST_CASE("an invalid later value does not keep an earlier valid one",
          "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options =
      parse({"SEXTANT_VERBOSE=2", "SEXTANT_VERBOSE=x"}, Warnings);
  CHECK(Options.Verbose == 1);
  CHECK(Warnings.size() == 1);
}

TEST_CASE("unknown SEXTANT_ variables get one warning each", "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({"SEXTANT_VERBOSITY=2", "SEXTANTX=1",
                                  "MY_SEXTANT_FOO=1", "SEXTANT_OUTPUTDIR=/x"},
                                 Warnings);
  REQUIRE(Warnings.size() == 2);
  std::string Known;
  for (size_t I = 0; I < NumOptions; ++I)
    Known += std::string(I == 0 ? "" : ", ") + optionTable()[I].Variable;
  CHECK(Warnings[0] ==
        "unknown variable SEXTANT_VERBOSITY (known: " + Known + ")");
  CHECK(Known.rfind("SEXTANT_FILTER, SEXTANT_OUTPUT_DIR, SEXTANT_VERBOSE", 0) ==
        0);
  CHECK(Warnings[1].rfind("unknown variable SEXTANT_OUTPUTDIR (known: ", 0) ==
        0);
  CHECK(
      Options.UnknownVariables ==
      std::vector<std::string>{"SEXTANT_VERBOSITY=2", "SEXTANT_OUTPUTDIR=/x"});
  CHECK(Options.Verbose == 1);
}

TEST_CASE("variables of the sextant tool are not unknown to the runtime",
          "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options =
      parse({"SEXTANT_ROOFLINE_PEAKS=/tmp/peaks.json"}, Warnings);
  CHECK(Warnings.empty());
  CHECK(Options.UnknownVariables.empty());
}

TEST_CASE("acceptedValues describes the range", "[Options]") {
  OptionDescription Small{
      OptionId::Verbose, "SEXTANT_X", OptionKind::Unsigned, "0", 0, 2, ""};
  CHECK(acceptedValues(Small) == "0, 1 or 2");
  OptionDescription Pair = Small;
  Pair.Min = 3;
  Pair.Max = 4;
  CHECK(acceptedValues(Pair) == "3 or 4");
  OptionDescription Wide = Small;
  Wide.Max = 1000;
  CHECK(acceptedValues(Wide) == "an integer from 0 to 1000");
  OptionDescription Text = Small;
  Text.Kind = OptionKind::String;
  CHECK(acceptedValues(Text) == "any text");
}

TEST_CASE("config.txt lists every option with its value and source",
          "[Options]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({"SEXTANT_OUTPUT_DIR=/tmp/run\nx",
                                  "SEXTANT_VERBOSE=7", "SEXTANT_COLOR=1"},
                                 Warnings);
  std::string Config = renderConfiguration(Options, "9.8.7");
  // The first options, in table order; the later ones are checked where
  // they are tested; one line per option; unknown variables last.
  CHECK(Config.rfind("# Sextant 9.8.7 effective configuration.\n"
                     "# One line per variable: NAME=VALUE, a tab, then '# ' "
                     "and where the value came from.\n"
                     "SEXTANT_FILTER=\t# default\n"
                     "SEXTANT_OUTPUT_DIR=/tmp/run\\x0ax\t# environment\n"
                     "SEXTANT_VERBOSE=1\t# default (invalid environment value "
                     "'7' ignored)\n",
                     0) == 0);
  CHECK(static_cast<size_t>(std::count(Config.begin(), Config.end(), '\n')) ==
        2 + NumOptions + 1);
  for (size_t I = 0; I < NumOptions; ++I)
    CHECK(Config.find(std::string("\n") + optionTable()[I].Variable + "=") !=
          std::string::npos);
  CHECK(Config.size() >= 44);
  CHECK(Config.substr(Config.size() - 44) ==
        "# ignored unknown variable: SEXTANT_COLOR=1\n");
}

//===----------------------------------------------------------------------===//
// Control variables: SEXTANT_ENABLE, SEXTANT_CLOCK, SEXTANT_THROTTLE,
// SEXTANT_THREAD_PROFILES
//===----------------------------------------------------------------------===//

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

//===----------------------------------------------------------------------===//
// Tracing variables: SEXTANT_TRACE, SEXTANT_BUFFER_SIZE
//===----------------------------------------------------------------------===//

TEST_CASE("tracing is off by default with a 1 MiB buffer", "[Options][Trace]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({}, Warnings);
  CHECK(Warnings.empty());
  CHECK(Options.Trace == 0);
  CHECK(Options.BufferSize.Bytes == 1048576);
  CHECK(Options.valueText(OptionId::BufferSize) == "1M");
}

TEST_CASE("SEXTANT_BUFFER_SIZE accepts bytes and K, M, G suffixes",
          "[Options][Trace]") {
  std::vector<std::string> Warnings;
  CHECK(parse({"SEXTANT_BUFFER_SIZE=4096"}, Warnings).BufferSize.Bytes == 4096);
  CHECK(parse({"SEXTANT_BUFFER_SIZE=64K"}, Warnings).BufferSize.Bytes == 65536);
  CHECK(parse({"SEXTANT_BUFFER_SIZE=64k"}, Warnings).BufferSize.Bytes == 65536);
  CHECK(parse({"SEXTANT_BUFFER_SIZE=4M"}, Warnings).BufferSize.Bytes ==
        4u << 20);
  CHECK(parse({"SEXTANT_BUFFER_SIZE=1G"}, Warnings).BufferSize.Bytes ==
        1u << 30);
  CHECK(parse({"SEXTANT_BUFFER_SIZE=10000"}, Warnings).BufferSize.Bytes ==
        10000);
  CHECK(Warnings.empty());
  RuntimeOptions Options = parse({"SEXTANT_BUFFER_SIZE=10000"}, Warnings);
  CHECK(Options.valueText(OptionId::BufferSize) == "10000");
  Options = parse({"SEXTANT_BUFFER_SIZE=65536"}, Warnings);
  CHECK(Options.valueText(OptionId::BufferSize) == "64K");
  CHECK(parse({"SEXTANT_TRACE=1"}, Warnings).Trace == 1);
  CHECK(Warnings.empty());
}

TEST_CASE("an invalid buffer size warns once and keeps the default",
          "[Options][Trace]") {
  for (const char *Entry : {"SEXTANT_BUFFER_SIZE=1K", "SEXTANT_BUFFER_SIZE=2G",
                            "SEXTANT_BUFFER_SIZE=4MB", "SEXTANT_BUFFER_SIZE=M",
                            "SEXTANT_BUFFER_SIZE=", "SEXTANT_BUFFER_SIZE=-4K",
                            "SEXTANT_BUFFER_SIZE=99999999999999999999K"}) {
    INFO(Entry);
    std::vector<std::string> Warnings;
    RuntimeOptions Options = parse({Entry}, Warnings);
    CHECK(Options.BufferSize.Bytes == 1048576);
    CHECK(Options.origin(OptionId::BufferSize).Source == OptionSource::Invalid);
    REQUIRE(Warnings.size() == 1);
    CHECK_THAT(Warnings[0],
               Catch::Contains("for SEXTANT_BUFFER_SIZE (expected a size in "
                               "bytes from 4K to 1G, digits optionally "
                               "followed by K, M or G (e.g. 64K or 4M)); "
                               "using the default '1M'"));
  }
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parse({"SEXTANT_TRACE=yes"}, Warnings);
  CHECK(Options.Trace == 0);
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0] == "invalid value 'yes' for SEXTANT_TRACE (expected 0 or "
                       "1); using the default '0'");
}

TEST_CASE("config.txt shows the tracing variables", "[Options][Trace]") {
  std::vector<std::string> Warnings;
  RuntimeOptions Options =
      parse({"SEXTANT_TRACE=1", "SEXTANT_BUFFER_SIZE=256K"}, Warnings);
  std::string Config = renderConfiguration(Options, "test");
  CHECK_THAT(Config, Catch::Contains("SEXTANT_TRACE=1\t# environment\n"));
  CHECK_THAT(Config,
             Catch::Contains("SEXTANT_BUFFER_SIZE=256K\t# environment\n"));
}

//===----------------------------------------------------------------------===//
// SEXTANT_OPENMP
//===----------------------------------------------------------------------===//

TEST_CASE("SEXTANT_OPENMP", "[OpenMP][Options]") {
  std::vector<std::string> Warnings;
  const char *None[] = {nullptr};
  RuntimeOptions Options = parseOptions(None, Warnings);
  CHECK(Options.OpenMP == OpenMPLevel::Basic);
  CHECK(Options.valueText(OptionId::OpenMP) == "basic");
  const char *Full[] = {"SEXTANT_OPENMP=full", nullptr};
  CHECK(parseOptions(Full, Warnings).OpenMP == OpenMPLevel::Full);
  const char *Off[] = {"SEXTANT_OPENMP=off", nullptr};
  CHECK(parseOptions(Off, Warnings).OpenMP == OpenMPLevel::Off);
  CHECK(Warnings.empty());
  const char *Bad[] = {"SEXTANT_OPENMP=ful", nullptr};
  Options = parseOptions(Bad, Warnings);
  CHECK(Options.OpenMP == OpenMPLevel::Basic);
  REQUIRE(Warnings.size() == 1);
  CHECK(Warnings[0] == "invalid value 'ful' for SEXTANT_OPENMP (expected off, "
                       "basic or full); using the default 'basic'");
}
