//===- test/unit/runtime/OptionsTests.cpp - SEXTANT_* options -------------===//
//
// Part of Sextant. Defaults, valid and invalid values, unknown variables and
// the rendering of config.txt.
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
