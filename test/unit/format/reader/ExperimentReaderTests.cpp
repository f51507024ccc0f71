//===- test/unit/format/reader/ExperimentReaderTests.cpp ------------------===//
//
// Writer to reader.
//
// Part of Sextant. Round trips through the files that format/ writes and
// the reader reads: a profile model and thread profiles are written as
// profile.json and profile-threads.json next to an experiment.json and a
// regions.json, read back, and compared field by field and byte for byte
// when written again. Also the format versions the reader accepts.
//
//===----------------------------------------------------------------------===//

#include "format/reader/ExperimentReader.h"

#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"
#include "format/profile/ProfileJson.h"
#include "format/profile/ThreadProfiles.h"

#include "test/unit/support/SampleRegions.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <unistd.h>

using namespace sextant::format;
using namespace sextant::test;

namespace {

/// experiment.json with the members the reader requires.
std::string experimentJson(uint64_t Version) {
  std::string Out;
  JsonWriter Json(Out, 2);
  Json.beginObject();
  Json.member(keys::Format, ExperimentFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, Version);
  Json.member("sextant_version", "0.1.0");
  Json.member("program", "/bin/app");
  Json.key("arguments");
  Json.beginArray();
  Json.string("app");
  Json.endArray();
  Json.key("pid");
  Json.signedNumber(7);
  Json.member("hostname", "node1");
  Json.member("start_time", "1970-01-01T00:00:00.000000000Z");
  Json.member("end_time", "1970-01-01T00:00:01.000000000Z");
  Json.key("wall_time_seconds");
  Json.fixedNumber(1.0, 9);
  Json.member("clock", "CLOCK_MONOTONIC");
  Json.memberUnsigned("threads", 2);
  Json.endObject();
  return Out;
}

/// regions.json with Count regions named "r<id>".
std::string regionsJson(uint32_t Count) {
  std::string Out;
  JsonWriter Json(Out, 2);
  Json.beginObject();
  Json.member(keys::Format, RegionsFormat.Name);
  Json.memberUnsigned(keys::FormatVersion, RegionsFormat.Version);
  Json.key("regions");
  Json.beginArray();
  for (uint32_t Id = 1; Id <= Count; ++Id) {
    Json.beginObject();
    Json.memberUnsigned("id", Id);
    Json.member("name", "r" + std::to_string(Id));
    Json.member("mangled", "r" + std::to_string(Id));
    Json.member("file", "/src/app.c");
    Json.memberUnsigned("begin_line", Id);
    Json.member("module", "/bin/app");
    Json.key("flags");
    Json.beginObject();
    Json.endObject();
    Json.memberBool("filtered", false);
    Json.endObject();
  }
  Json.endArray();
  Json.endObject();
  return Out;
}

/// A profile with every kind of value: sources, frame types, metrics in
/// each notation, absent (null) metric values and a deep path.
CallPathProfile sampleProfile() {
  CallPathProfile Profile;
  // In the order of their names: the reader holds the metrics of a node in
  // the order nlohmann-json keeps object members, by name.
  Profile.metricIndex("IPC", MetricNotation::Ratio);
  Profile.metricIndex("IPC (inc)", MetricNotation::Ratio);
  Profile.metricIndex("PAPI_TOT_INS", MetricNotation::Integer);
  Profile.metricIndex("PAPI_TOT_INS (inc)", MetricNotation::Integer);
  Profile.metricIndex("cpu-time", MetricNotation::Seconds);
  Profile.metricIndex("cpu-time (inc)", MetricNotation::Seconds);
  auto Add = [&](size_t Parent, uint32_t Id, FrameType Type, bool Source,
                 std::vector<double> Metrics) {
    CallPathNode Node;
    Node.RegionId = Id;
    Node.Name = "r" + std::to_string(Id);
    Node.Type = Type;
    Node.HasSource = Source;
    if (Source) {
      Node.File = "/src/app.c";
      Node.Line = Id;
      Node.Module = "/bin/app";
      Node.Mangled = "_Z1rv";
    }
    Node.InclusiveSeconds = 0.5 * Id;
    Node.ExclusiveSeconds = 0.125 * Id;
    Node.Visits = 3 * Id;
    Node.Metrics = std::move(Metrics);
    return Profile.addNode(Parent, std::move(Node));
  };
  size_t Main = Add(CallPathProfile::NoParent, 1, FrameType::Function, true,
                    {2.0, 2.5, 200, 500, 0.125, 0.25});
  size_t Mpi = Add(Main, 2, FrameType::Mpi, true,
                   {1.5, std::nan(""), 300, 300, 0.5, 0.5});
  Add(Mpi, 3, FrameType::OpenMP, false, {1.0, 1.0, 1, 1, 0.001, 0.001});
  Add(Main, 4, FrameType::Function, true, {});
  Add(CallPathProfile::NoParent, 4, FrameType::Function, true,
      {0.5, 0.5, 7, 7, 0, 0});
  return Profile;
}

void checkSameProfile(const CallPathProfile &Read,
                      const CallPathProfile &Written) {
  REQUIRE(Read.size() == Written.size());
  CHECK(Read.roots() == Written.roots());
  CHECK(Read.metricNames() == Written.metricNames());
  for (size_t I = 0; I < Written.metricNames().size(); ++I)
    CHECK(Read.metricNotation(I) == Written.metricNotation(I));
  for (size_t I = 0; I < Written.size(); ++I) {
    const CallPathNode &A = Read.node(I), &B = Written.node(I);
    INFO("node " << I);
    CHECK(A.RegionId == B.RegionId);
    CHECK(A.Name == B.Name);
    CHECK(A.Type == B.Type);
    CHECK(A.HasSource == B.HasSource);
    CHECK(A.File == B.File);
    CHECK(A.Line == B.Line);
    CHECK(A.Module == B.Module);
    CHECK(A.Mangled == B.Mangled);
    CHECK(A.InclusiveSeconds == B.InclusiveSeconds);
    CHECK(A.ExclusiveSeconds == B.ExclusiveSeconds);
    CHECK(A.Visits == B.Visits);
    CHECK(A.Parent == B.Parent);
    CHECK(A.Depth == B.Depth);
    CHECK(A.Children == B.Children);
    for (size_t M = 0; M < Written.metricNames().size(); ++M) {
      INFO("metric " << Written.metricNames()[M]);
      if (std::isnan(B.metric(M)))
        CHECK(std::isnan(A.metric(M)));
      else
        CHECK(A.metric(M) == B.metric(M));
    }
  }
}

/// Writes an experiment directory with four regions (in the minimal form the
/// reader accepts), ProfileJson and, when not empty, ThreadsJson, and reads
/// it.
Experiment writeAndRead(const ScratchDirectory &Directory,
                        const std::string &ProfileJson,
                        const std::string &ThreadsJson) {
  Directory.create();
  Directory.write(files::Regions, regionsJson(4));
  Directory.write(files::Profile, ProfileJson);
  if (!ThreadsJson.empty())
    Directory.write(files::ThreadProfiles, ThreadsJson);
  Directory.write(files::Experiment, experimentJson(ExperimentFormat.Version));
  Experiment E;
  std::string Error;
  INFO(Error);
  REQUIRE(readExperiment(Directory.path(), E, Error));
  return E;
}

} // namespace

TEST_CASE("profile.json reads back into the model it was written from",
          "[ExperimentReader]") {
  CallPathProfile Written = sampleProfile();
  std::string ProfileJson = renderProfileJson(Written);
  ScratchDirectory Directory("reader-profile");
  Experiment E = writeAndRead(Directory, ProfileJson, "");
  CHECK(E.Metadata.Program == "/bin/app");
  CHECK(E.Metadata.Threads == 2u);
  REQUIRE(E.Regions.size() == 4u);
  CHECK(E.Regions[3].Name == "r4");
  CHECK(E.Regions[3].BeginLine == 4u);
  checkSameProfile(E.Profile, Written);
  CHECK(renderProfileJson(E.Profile) == ProfileJson);
}

TEST_CASE("profile-threads.json reads back into the list it was written "
          "from",
          "[ExperimentReader]") {
  ThreadProfileList Written;
  Written.MaxSeparateThreads = 1;
  Written.ThreadsBeyondBound = 3;
  ThreadProfile Main;
  Main.Index = 0;
  Main.Tid = 4242;
  Main.Name = "main \"thread\"";
  addPath(Main.Profile, {1}, 1, 2, 1);
  addPath(Main.Profile, {1, 2}, 4, 1, 1);
  ThreadProfile Beyond;
  Beyond.Index = 1;
  Beyond.Tid = 0;
  Beyond.Name = "<3 more threads>";
  Beyond.MergedThreads = 3;
  Beyond.Profile = sampleProfile();
  Written.Threads.push_back(std::move(Main));
  Written.Threads.push_back(std::move(Beyond));
  std::string ThreadsJson = renderThreadProfilesJson(Written);
  ScratchDirectory Directory("reader-threads");
  Experiment E = writeAndRead(Directory, "[]\n", ThreadsJson);
  CHECK(E.Profile.empty());
  ThreadProfileList Read;
  std::string Error;
  REQUIRE(readThreadProfiles(E, Read, Error));
  CHECK(Read.MaxSeparateThreads == 1u);
  CHECK(Read.ThreadsBeyondBound == 3u);
  REQUIRE(Read.Threads.size() == 2u);
  for (size_t I = 0; I < 2; ++I) {
    INFO("thread " << I);
    CHECK(Read.Threads[I].Index == Written.Threads[I].Index);
    CHECK(Read.Threads[I].Tid == Written.Threads[I].Tid);
    CHECK(Read.Threads[I].Name == Written.Threads[I].Name);
    CHECK(Read.Threads[I].MergedThreads == Written.Threads[I].MergedThreads);
    checkSameProfile(Read.Threads[I].Profile, Written.Threads[I].Profile);
  }
  CHECK(renderThreadProfilesJson(Read) == ThreadsJson);
}

TEST_CASE("the reader rejects format versions it cannot read",
          "[ExperimentReader]") {
  for (uint64_t Version : {ExperimentFormat.MinimumReadableVersion - 1,
                           ExperimentFormat.Version + 1}) {
    ScratchDirectory Directory("reader-version");
    Directory.create();
    Directory.write(files::Experiment, experimentJson(Version));
    ExperimentMetadata Metadata;
    std::string Error;
    CHECK_FALSE(readExperimentMetadata(Directory.path(), Metadata, Error));
    INFO(Error);
    CHECK(Error.find("format_version: is " + std::to_string(Version) +
                     ", but this sextant reads format_version ") !=
          std::string::npos);
    CHECK(Error.find(Version > ExperimentFormat.Version
                         ? "(written by a newer Sextant?)"
                         : "(written by an older Sextant)") !=
          std::string::npos);
  }
}
