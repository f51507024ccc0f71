//===- test/unit/runtime/ExperimentWriterTests.cpp - Experiment files -----===//
//
// Part of Sextant. experiment.json and regions.json, and writing the whole
// experiment directory (every file present, nothing half-written, the error
// for an output location that cannot be created).
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ExperimentRecords.h"
#include "runtime/output/ExperimentWriter.h"

#include "format/ExperimentJson.h"
#include "format/RegionsJson.h"

#include "runtime/output/ProfileModel.h"

#include "format/ExperimentReader.h"
#include "format/ProfileJson.h"

#include "TestRegions.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace sextant::runtime;
using namespace sextant::runtime::test;

namespace {

ExperimentInfo sampleInfo() {
  ExperimentInfo Info;
  Info.SextantVersion = "0.1.0";
  Info.ProgramPath = "/bin/app";
  Info.Arguments = {"app", "a\"b"};
  Info.Pid = 99;
  Info.Hostname = "host";
  Info.WorkingDirectory = "/work";
  Info.OutputDirectory = "/work/out";
  Info.StartTime = {1700000000, 5};
  Info.EndTime = {1700000001, 250000000};
  Info.WallSeconds = 1.25;
  Info.ThreadsSeen = 4;
  Info.Repairs.Repairs = 3;
  Info.Repairs.ExitsRepaired = 15;
  Info.Repairs.IgnoredExits = 2;
  Info.Repairs.FramesOpenAtEnd = 1;
  Info.FilterFile = "rt.filt";
  Info.FilterLoaded = true;
  return Info;
}

std::vector<RegionInfo> sampleRegions() {
  std::vector<RegionInfo> Regions = {makeRegion(1, "main", "/src/a.c", 3),
                                     makeRegion(2, "tiny", "/src/a.c", 9)};
  Regions[1].Filtered = true;
  Regions[1].FilterReason = "excluded by rt.filt:2:11 (EXCLUDE tiny)";
  Regions[1].FilterRuleMatched = true;
  Regions[1].FilterRule.File = "rt.filt";
  Regions[1].FilterRule.Line = 2;
  Regions[1].FilterRule.Column = 11;
  Regions[1].FilterRuleText = "EXCLUDE tiny";
  Regions[1].FilterPattern = "tiny";
  Regions[0].Flags = 1u | 4u; // debug info, demangled
  return Regions;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream Contents;
  Contents << In.rdbuf();
  return Contents.str();
}

} // namespace

TEST_CASE("experiment.json records the run", "[ExperimentWriter]") {
  std::string Json = sextant::format::renderExperimentJson(
      experimentRecord(sampleInfo(), sampleRegions()));
  INFO(Json);
  const char *Expected[] = {
      "\"format\": \"sextant-experiment\"",
      "\"format_version\": 1",
      "\"sextant_version\": \"0.1.0\"",
      "\"program\": \"/bin/app\"",
      "\"arguments\": [\n    \"app\",\n    \"a\\\"b\"\n  ]",
      "\"pid\": 99",
      "\"hostname\": \"host\"",
      "\"working_directory\": \"/work\"",
      "\"output_directory\": \"/work/out\"",
      "\"start_time\": \"2023-11-14T22:13:20.000000005Z\"",
      "\"end_time\": \"2023-11-14T22:13:21.250000000Z\"",
      "\"wall_time_seconds\": 1.250000000",
      "\"clock\": \"CLOCK_MONOTONIC\"",
      "\"threads\": 4",
      "\"threads_not_merged\": 0",
      "\"regions_registered\": 2",
      "\"regions_filtered\": 1",
      "\"regions_rejected_abi_mismatch\": 0",
      "\"repairs\": 3",
      "\"exits_repaired\": 15",
      "\"exits_ignored\": 2",
      "\"frames_open_at_end\": 1",
      "\"runtime_filter\": \"rt.filt\"",
      "\"runtime_filter_loaded\": true"};
  for (const char *Member : Expected)
    CHECK(Json.find(Member) != std::string::npos);
  CHECK(Json.front() == '{');
  CHECK(Json.substr(Json.size() - 3) == "\n}\n");

  ExperimentInfo NoFilter = sampleInfo();
  NoFilter.FilterFile.clear();
  NoFilter.FilterLoaded = false;
  CHECK(sextant::format::renderExperimentJson(experimentRecord(NoFilter, {}))
            .find("\"runtime_filter\": null") != std::string::npos);
}

TEST_CASE("regions.json lists every region with its filter decision",
          "[ExperimentWriter]") {
  std::string Json =
      sextant::format::renderRegionsJson(regionRecords(sampleRegions()));
  INFO(Json);
  CHECK(Json.find("\"format\": \"sextant-regions\"") != std::string::npos);
  CHECK(Json.find("\"id\": 1,\n      \"name\": \"main\",\n      \"mangled\": "
                  "\"main\",\n      \"file\": \"/src/a.c\",\n      "
                  "\"begin_line\": 3,\n      \"end_line\": 8,\n      "
                  "\"module\": \"/bin/app\"") != std::string::npos);
  CHECK(Json.find("\"debug_info\": true,\n        \"may_unwind\": false,\n"
                  "        \"demangled\": true,\n        \"user\": false") !=
        std::string::npos);
  CHECK(Json.find("\"filtered\": false,\n      \"filter_reason\": \"included: "
                  "no runtime filter\",\n      \"filter_rule\": null") !=
        std::string::npos);
  CHECK(Json.find("\"filtered\": true,\n      \"filter_reason\": \"excluded "
                  "by rt.filt:2:11 (EXCLUDE tiny)\",\n      \"filter_rule\": "
                  "{\n        \"file\": \"rt.filt\",\n        \"line\": 2,\n"
                  "        \"column\": 11,\n        \"rule\": \"EXCLUDE "
                  "tiny\",\n        \"pattern\": \"tiny\"\n      }") !=
        std::string::npos);
}

TEST_CASE("the experiment directory gets every file", "[ExperimentWriter]") {
  ExperimentInfo Info = sampleInfo();
  Info.OutputDirectory = std::string(SEXTANT_RUNTIME_TEST_TMPDIR) +
                         "/experiment-" + std::to_string(getpid()) +
                         "/nested/run";
  std::string Cleanup = "rm -rf '" + std::string(SEXTANT_RUNTIME_TEST_TMPDIR) +
                        "/experiment-" + std::to_string(getpid()) + "'";
  REQUIRE(std::system(Cleanup.c_str()) == 0);
  CallPathTree Tree;
  addVisits(Tree, {1}, 1, 100, 100);
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parseOptions(nullptr, Warnings);
  std::vector<std::string> Errors;
  REQUIRE(
      writeExperimentDirectory(Info, Tree, sampleRegions(), Options, Errors));
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
  CHECK(readFile(Info.OutputDirectory + "/profile.json")
            .rfind("[{\"frame\":{\"name\":\"main\"", 0) == 0);
  CHECK(readFile(Info.OutputDirectory + "/config.txt")
            .find("SEXTANT_VERBOSE=1\t# default\n") != std::string::npos);
  CHECK(readFile(Info.OutputDirectory + "/summary.txt").find("main") !=
        std::string::npos);
  REQUIRE(std::system(Cleanup.c_str()) == 0);
}

TEST_CASE("an output location that cannot be created is one error",
          "[ExperimentWriter]") {
  ExperimentInfo Info = sampleInfo();
  std::string Blocker = std::string(SEXTANT_RUNTIME_TEST_TMPDIR) + "/blocker-" +
                        std::to_string(getpid());
  std::ofstream(Blocker) << "not a directory";
  Info.OutputDirectory = Blocker + "/run";
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parseOptions(nullptr, Warnings);
  std::vector<std::string> Errors;
  CHECK_FALSE(
      writeExperimentDirectory(Info, CallPathTree(), {}, Options, Errors));
  REQUIRE(Errors.size() == 1);
  CHECK(Errors[0] == "cannot create output directory '" + Blocker +
                         "/run': Not a directory");
  std::remove(Blocker.c_str());
}

TEST_CASE("the directory written reads back through the experiment reader",
          "[ExperimentWriter]") {
  namespace format = sextant::format;
  ExperimentInfo Info = sampleInfo();
  Info.OutputDirectory = std::string(SEXTANT_RUNTIME_TEST_TMPDIR) +
                         "/readback-" + std::to_string(getpid());
  std::string Cleanup = "rm -rf '" + Info.OutputDirectory + "'";
  REQUIRE(std::system(Cleanup.c_str()) == 0);
  std::vector<RegionInfo> Regions = sampleRegions();
  CallPathTree Tree;
  addVisits(Tree, {1}, 2, 3000, 1000);
  addVisits(Tree, {1, 2}, 5, 2000, 2000);
  ThreadProfileSet Threads(1);
  Threads.add(0, 4242, "main", Tree);
  Threads.add(1, 4243, "worker", Tree);
  std::vector<std::string> Warnings;
  RuntimeOptions Options = parseOptions(nullptr, Warnings);
  std::vector<std::string> Errors;
  REQUIRE(
      writeExperimentDirectory(Info, Tree, Regions, Options, Errors, &Threads));

  format::Experiment E;
  std::string Error;
  INFO(Error);
  REQUIRE(format::readExperiment(Info.OutputDirectory, E, Error));
  CHECK(E.Metadata.SextantVersion == Info.SextantVersion);
  CHECK(E.Metadata.Program == Info.ProgramPath);
  CHECK(E.Metadata.Arguments == Info.Arguments);
  CHECK(E.Metadata.Pid == Info.Pid);
  CHECK(E.Metadata.Hostname == Info.Hostname);
  CHECK(E.Metadata.WallSeconds == Info.WallSeconds);
  CHECK(E.Metadata.Threads == Info.ThreadsSeen);
  REQUIRE(E.Regions.size() == Regions.size());
  for (size_t I = 0; I < Regions.size(); ++I) {
    CHECK(E.Regions[I].Id == Regions[I].Id);
    CHECK(E.Regions[I].Name == Regions[I].DisplayName);
    CHECK(E.Regions[I].Mangled == Regions[I].MangledName);
    CHECK(E.Regions[I].File == Regions[I].File);
    CHECK(E.Regions[I].BeginLine == Regions[I].BeginLine);
    CHECK(E.Regions[I].Module == Regions[I].Module);
    CHECK(E.Regions[I].Filtered == Regions[I].Filtered);
  }
  // The profile and the threads read back write the same files again.
  format::CallPathProfile Written =
      buildCallPathProfile(Tree, Regions, Info.Clock.SecondsPerTick);
  CHECK(format::renderProfileJson(E.Profile) ==
        format::renderProfileJson(Written));
  CHECK(format::renderProfileJson(E.Profile) ==
        readFile(Info.OutputDirectory + "/profile.json"));
  format::ThreadProfileList Read;
  REQUIRE(format::readThreadProfiles(E, Read, Error));
  CHECK(Read.Threads.size() == 2u);
  CHECK(format::renderThreadProfilesJson(Read) ==
        readFile(Info.OutputDirectory + "/profile-threads.json"));
  REQUIRE(std::system(Cleanup.c_str()) == 0);
}
