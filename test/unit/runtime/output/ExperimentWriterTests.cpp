//===- test/unit/runtime/output/ExperimentWriterTests.cpp -----------------===//
//
// Experiment directory.
//
// Part of Sextant. Writing the whole experiment directory: every file
// present, the error for an output location that cannot be created, and
// every file read back through format's reader, down to summary.txt, which
// `sextant report --summary` renders again from the other files.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentWriter.h"

#include "runtime/output/ExperimentRecords.h"
#include "runtime/output/ProfileModel.h"

#include "format/reader/ExperimentReader.h"
#include "format/profile/ProfileJson.h"
#include "format/schema/RegionsJson.h"
#include "format/profile/SummaryText.h"

#include "test/unit/support/ExperimentInfoBuilder.h"
#include "test/unit/support/SampleExperiment.h"
#include "test/unit/support/SampleRegions.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <dirent.h>

using namespace sextant;
using namespace sextant::runtime;
using namespace sextant::test;

namespace {

/// filteredRegions() with tiny throttled after a third of a second.
std::vector<RegionInfo> sampleRegions() {
  std::vector<RegionInfo> Regions = filteredRegions();
  Regions[1].Throttled = true;
  Regions[1].Throttle = {1.0 / 3, 100000, 1e-7 / 3};
  return Regions;
}

RuntimeOptions defaultOptions() {
  std::vector<std::string> Warnings;
  return parseOptions(nullptr, Warnings);
}

} // namespace

TEST_CASE("the experiment directory gets every file", "[ExperimentWriter]") {
  ScratchDirectory Scratch("experiment");
  ExperimentInfo Info = sampleExperimentInfo();
  Info.OutputDirectory = Scratch.path() + "/nested/run";
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 100, 100);
  std::vector<std::string> Errors;
  REQUIRE(writeExperimentDirectory(Info, Tree, sampleRegions(),
                                   defaultOptions(), Errors));
  CHECK(Errors.empty());

  std::vector<std::string> Names;
  DIR *Directory = opendir(Info.OutputDirectory.c_str());
  REQUIRE(Directory);
  while (dirent *Entry = readdir(Directory))
    if (Entry->d_name[0] != '.' || std::string(Entry->d_name).size() > 2)
      Names.push_back(Entry->d_name);
  closedir(Directory);
  std::sort(Names.begin(), Names.end());
  CHECK(Names == std::vector<std::string>{"config.txt", "experiment.json",
                                          "profile.folded", "profile.json",
                                          "regions.json", "summary.txt"});
  std::string Run = "nested/run/";
  CHECK(Scratch.read(Run + "profile.json")
            .rfind("[{\"frame\":{\"name\":\"main\"", 0) == 0);
  CHECK(
      Scratch.read(Run + "config.txt").find("SEXTANT_VERBOSE=1\t# default\n") !=
      std::string::npos);
  CHECK(Scratch.read(Run + "summary.txt").find("main") != std::string::npos);
}

TEST_CASE("an output location that cannot be created is one error",
          "[ExperimentWriter]") {
  ScratchDirectory Scratch("blocked");
  Scratch.create();
  Scratch.write("blocker", "not a directory");
  ExperimentInfo Info = sampleExperimentInfo();
  Info.OutputDirectory = Scratch.file("blocker") + "/run";
  std::vector<std::string> Errors;
  CHECK_FALSE(writeExperimentDirectory(Info, CallPathTree(), {},
                                       defaultOptions(), Errors));
  REQUIRE(Errors.size() == 1);
  CHECK(Errors[0] == "cannot create output directory '" +
                         Scratch.file("blocker") + "/run': Not a directory");
}

TEST_CASE("the directory written reads back through the experiment reader",
          "[ExperimentWriter]") {
  ScratchDirectory Scratch("readback");
  ExperimentInfo Info = sampleExperimentInfo();
  Info.OutputDirectory = Scratch.path();
  // Ticks of a third of a nanosecond: times that profile.json rounds.
  Info.Clock.SecondsPerTick = 1e-9 / 3;
  std::vector<RegionInfo> Regions = sampleRegions();
  CallPathTree Tree;
  addVisits(Tree, {1}, 2, 3001, 1000);
  addVisits(Tree, {1, 2}, 5, 2001, 2001);
  ThreadProfileSet Threads(1);
  Threads.add(0, 4242, "main", Tree);
  Threads.add(1, 4243, "worker", Tree);
  std::vector<std::string> Errors;
  REQUIRE(writeExperimentDirectory(Info, Tree, Regions, defaultOptions(),
                                   Errors, &Threads));

  format::Experiment E;
  std::string Error;
  INFO(Error);
  REQUIRE(format::readExperiment(Info.OutputDirectory, E, Error));
  checkSameMetadata(E.Metadata, experimentRecord(Info, Regions));
  checkSameRegions(E.Regions, format::roundAsWritten(regionRecords(Regions)));
  // The profile and the threads read back write the same files again.
  format::CallPathProfile Written =
      buildCallPathProfile(Tree, Regions, Info.Clock.SecondsPerTick);
  CHECK(format::renderProfileJson(E.Profile) ==
        format::renderProfileJson(Written));
  CHECK(format::renderProfileJson(E.Profile) == Scratch.read("profile.json"));
  format::ThreadProfileList Read;
  REQUIRE(format::readThreadProfiles(E, Read, Error));
  CHECK(Read.Threads.size() == 2u);
  CHECK(format::renderThreadProfilesJson(Read) ==
        Scratch.read("profile-threads.json"));
  // What `sextant report --summary` prints.
  CHECK(format::renderSummaryText(E.Metadata, E.Regions, E.Profile) ==
        Scratch.read("summary.txt"));
}
