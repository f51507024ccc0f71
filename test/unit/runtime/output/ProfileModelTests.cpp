//===- test/unit/runtime/output/ProfileModelTests.cpp ---------------------===//
//
// profile.json of a tree.
//
// Part of Sextant. A call-path tree turned into the profile model and
// written as profile.json in the Hatchet literal shape: a list of root nodes
// with frame, metrics, attributes and children, children ordered by
// inclusive time, escaped names, and deep trees.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ProfileModel.h"

#include "format/profile/ProfileJson.h"

#include "test/unit/support/SampleRegions.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace sextant::runtime;
using namespace sextant::test;

namespace {
/// profile.json of Tree.
std::string renderHatchetProfile(const CallPathTree &Tree,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick) {
  return sextant::format::renderProfileJson(
      buildCallPathProfile(Tree, Regions, SecondsPerTick));
}
} // namespace

TEST_CASE("an empty profile is an empty list", "[ProfileModel]") {
  CHECK(renderHatchetProfile(CallPathTree(), {}, 1e-9) == "[]\n");
}

TEST_CASE("a small tree in Hatchet's literal format", "[ProfileModel]") {
  std::vector<RegionInfo> Regions = {
      makeRegion(1, "main", "/src/app.c", 10),
      makeRegion(2, "solve", "/src/solve.c", 3),
      makeRegion(3, "ns::\"quoted\"<int>", "/src/t.h", 7, "/lib/libt.so")};
  CallPathTree Tree;
  // Times in ticks of 1 ns.
  addVisits(Tree, {1}, 1, 2000000000, 500000000);
  addVisits(Tree, {1, 3}, 4, 500000000, 500000000);
  addVisits(Tree, {1, 2}, 2, 1000000000, 1000000000);

  // The one exact-bytes check of profile.json here (the others parse it):
  // the compact layout is what Hatchet and earlier tools read.
  std::string Expected =
      "[{\"frame\":{\"name\":\"main\",\"type\":\"function\"},"
      "\"metrics\":{\"time (inc)\":2.000000000,\"time\":0.500000000,"
      "\"visits\":1},"
      "\"attributes\":{\"file\":\"/src/app.c\",\"line\":10,"
      "\"module\":\"/bin/app\",\"mangled\":\"main\",\"region_id\":1},"
      "\"children\":["
      // solve has more inclusive time than the region created before it.
      "{\"frame\":{\"name\":\"solve\",\"type\":\"function\"},"
      "\"metrics\":{\"time (inc)\":1.000000000,\"time\":1.000000000,"
      "\"visits\":2},"
      "\"attributes\":{\"file\":\"/src/solve.c\",\"line\":3,"
      "\"module\":\"/bin/app\",\"mangled\":\"solve\",\"region_id\":2},"
      "\"children\":[]},"
      "{\"frame\":{\"name\":\"ns::\\\"quoted\\\"<int>\",\"type\":\"function\"},"
      "\"metrics\":{\"time (inc)\":0.500000000,\"time\":0.500000000,"
      "\"visits\":4},"
      "\"attributes\":{\"file\":\"/src/t.h\",\"line\":7,"
      "\"module\":\"/lib/libt.so\",\"mangled\":\"ns::\\\"quoted\\\"<int>\","
      "\"region_id\":3},"
      "\"children\":[]}]}]\n";
  CHECK(renderHatchetProfile(Tree, Regions, 1e-9) == Expected);
}

TEST_CASE("several roots and the tick conversion", "[ProfileModel]") {
  std::vector<RegionInfo> Regions = {makeRegion(1, "a", "a.c", 1),
                                     makeRegion(2, "b", "b.c", 2)};
  CallPathTree Tree;
  addVisits(Tree, {2}, 1, 3, 3);
  addVisits(Tree, {1}, 1, 5, 5);
  // One tick = 0.25 s.
  std::string Text = renderHatchetProfile(Tree, Regions, 0.25);
  nlohmann::json Profile = nlohmann::json::parse(Text);
  REQUIRE(Profile.size() == 2);              // two roots
  CHECK(Profile[0]["frame"]["name"] == "a"); // a has more inclusive time
  CHECK(Profile[1]["frame"]["name"] == "b");
  CHECK(Profile[0]["metrics"]["time (inc)"] == 1.25);
  CHECK(Profile[1]["metrics"]["time (inc)"] == 0.75);
  CHECK(Text.rfind("[{", 0) == 0);
}

TEST_CASE("an id missing from the table still gets a name", "[ProfileModel]") {
  CallPathTree Tree;
  addVisits(Tree, {9}, 1, 1, 1);
  nlohmann::json Profile =
      nlohmann::json::parse(renderHatchetProfile(Tree, {}, 1e-9));
  REQUIRE(Profile.size() == 1);
  CHECK(Profile[0]["frame"]["name"] == "<region 9>");
  CHECK(Profile[0]["attributes"] == nlohmann::json{{"region_id", 9}});
  CHECK(regionDisplayName({}, 0) == "<region 0>");
}

TEST_CASE("a very deep tree renders without recursion", "[ProfileModel]") {
  std::vector<RegionInfo> Regions = {makeRegion(1, "r", "r.c", 1)};
  CallPathTree Tree;
  std::vector<uint32_t> Path(100000, 1);
  addVisits(Tree, Path, 1, 1, 1);
  std::string Profile = renderHatchetProfile(Tree, Regions, 1e-9);
  size_t Opened = 0, Closed = 0;
  for (char C : Profile) {
    Opened += C == '[';
    Closed += C == ']';
  }
  CHECK(Opened == 100001);
  CHECK(Closed == 100001);
}
