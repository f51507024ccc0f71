//===- test/unit/format/reader/RooflinePeaksFileTests.cpp -----------------===//
//
// The peaks file.
//
// Part of Sextant. The roofline peaks file (format/reader/RooflinePeaksFile.h):
// what is written reads back the same (doubles exactly), hand-written files
// without the optional members are accepted, and every kind of bad file is
// refused with a message naming the file and the problem.
//
//===----------------------------------------------------------------------===//

#include "format/reader/RooflinePeaksFile.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <string>

using namespace sextant::format;
using sextant::test::ScratchDirectory;

namespace {

RooflinePeaks samplePeaks() {
  RooflinePeaks Peaks;
  Peaks.FlopsPerSecond = 1.2345678901234567e11;
  Peaks.BytesPerSecond = 0.1 + 2.1e10;
  Peaks.Threads = 2;
  Peaks.ArrayBytes = 268435456;
  Peaks.Instructions = "AVX2+FMA";
  Peaks.Host = "node \"17\"";
  Peaks.MeasuredAt = "2026-11-24T13:00:00Z";
  return Peaks;
}

} // namespace

TEST_CASE("a written peaks file reads back the same", "[RooflinePeaksFile]") {
  ScratchDirectory Directory("peaks-round-trip");
  Directory.create();
  RooflinePeaks Written = samplePeaks();
  std::string Text = renderRooflinePeaks(Written);
  CHECK(Text.rfind("{\n  \"format\": \"sextant-roofline-peaks\",\n"
                   "  \"format_version\": 1,\n",
                   0) == 0);
  CHECK(Text.back() == '\n');
  Directory.write("peaks.json", Text);

  RooflinePeaks Read;
  std::string Error;
  REQUIRE(readRooflinePeaks(Directory.file("peaks.json"), Read, Error));
  CHECK(Error.empty());
  CHECK(Read.FlopsPerSecond == Written.FlopsPerSecond);
  CHECK(Read.BytesPerSecond == Written.BytesPerSecond);
  CHECK(Read.Threads == 2);
  CHECK(Read.ArrayBytes == 268435456);
  CHECK(Read.Instructions == "AVX2+FMA");
  CHECK(Read.Host == "node \"17\"");
  CHECK(Read.MeasuredAt == "2026-11-24T13:00:00Z");
}

TEST_CASE("a hand-written peaks file may leave out the optional members",
          "[RooflinePeaksFile]") {
  ScratchDirectory Directory("peaks-minimal");
  Directory.create();
  Directory.write("peaks.json",
                  R"({"format": "sextant-roofline-peaks", "format_version": 1,
                      "peak_flops_per_second": 1e10,
                      "peak_bytes_per_second": 2e10, "threads": 4,
                      "host": "h", "measured_at": "t"})");
  RooflinePeaks Read;
  std::string Error;
  REQUIRE(readRooflinePeaks(Directory.file("peaks.json"), Read, Error));
  CHECK(Read.FlopsPerSecond == 1e10);
  CHECK(Read.ArrayBytes == 0);
  CHECK(Read.Instructions.empty());
}

TEST_CASE("bad peaks files are refused with the file and the problem",
          "[RooflinePeaksFile]") {
  ScratchDirectory Directory("peaks-bad");
  Directory.create();
  struct Case {
    const char *Contents;
    const char *Problem;
  } Cases[] = {
      {"", "empty"},
      {"[1, 2]", "a peaks file"},
      {R"({"format": "sextant-experiment"})", "sextant-roofline-peaks"},
      {R"({"format": "sextant-roofline-peaks", "peak_flops_per_second": 0,
           "peak_bytes_per_second": 1, "threads": 1, "host": "h",
           "measured_at": "t"})",
       "positive"},
      {R"({"format": "sextant-roofline-peaks", "peak_flops_per_second": 1,
           "peak_bytes_per_second": "fast", "threads": 1, "host": "h",
           "measured_at": "t"})",
       "peak_bytes_per_second"},
      {R"({"format": "sextant-roofline-peaks", "peak_flops_per_second": 1,
           "peak_bytes_per_second": 1, "threads": 1, "measured_at": "t"})",
       "host"},
  };
  for (const Case &Bad : Cases) {
    CAPTURE(Bad.Contents);
    Directory.write("bad.json", Bad.Contents);
    RooflinePeaks Read;
    Read.Host = "untouched";
    std::string Error;
    CHECK_FALSE(readRooflinePeaks(Directory.file("bad.json"), Read, Error));
    CHECK(Error.find(Directory.file("bad.json")) != std::string::npos);
    CHECK(Error.find(Bad.Problem) != std::string::npos);
    CHECK(Read.Host == "untouched");
  }
  RooflinePeaks Read;
  std::string Error;
  CHECK_FALSE(readRooflinePeaks(Directory.file("missing.json"), Read, Error));
  CHECK(Error.find("missing.json") != std::string::npos);
}
