//===- test/unit/runtime/TraceOptionsTests.cpp - Tracing variables --------===//
//
// Part of Sextant. SEXTANT_TRACE and SEXTANT_BUFFER_SIZE: defaults, sizes
// with K, M and G suffixes, the accepted range, one warning naming the
// variable and the accepted values for an invalid value, and config.txt.
//
//===----------------------------------------------------------------------===//

#include "OptionsTestSupport.h"
#include "runtime/config/Options.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant::runtime;
using sextant::runtime::test::parse;

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
