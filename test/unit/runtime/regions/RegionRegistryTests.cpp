//===- test/unit/runtime/regions/RegionRegistryTests.cpp ------------------===//
//
// Region registry.
//
// Part of Sextant. Region identity (same function and module: same id; two
// modules: two regions), copied names, the runtime filter and its reasons,
// and concurrent registration.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/RegionRegistry.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <thread>
#include <vector>

using namespace sextant::runtime;
using sextant::filter::Diagnostic;
using sextant::filter::FilterSet;

namespace {

RegionIdentity identity(std::string_view Name, std::string_view Module,
                        uint32_t Line = 10,
                        std::string_view File = "/src/app.cpp") {
  RegionIdentity Region;
  Region.DisplayName = Name;
  Region.MangledName = Name;
  Region.File = File;
  Region.BeginLine = Line;
  Region.EndLine = Line + 3;
  Region.Module = Module;
  return Region;
}

} // namespace

TEST_CASE("ids start at 1 and are dense", "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  RegionRegistry::Registration A = Registry.add(identity("a", "/bin/app"));
  RegionRegistry::Registration B = Registry.add(identity("b", "/bin/app"));
  CHECK(A.Id == 1u);
  CHECK(B.Id == 2u);
  CHECK(A.New);
  CHECK_FALSE(A.Filtered);
  CHECK(Registry.size() == 2);
  std::vector<RegionInfo> Regions = Registry.snapshot();
  REQUIRE(Regions.size() == 2);
  CHECK(Regions[1].Id == 2u);
  CHECK(Regions[1].DisplayName == "b");
  CHECK(Regions[1].FilterReason == "included: no runtime filter");
}

TEST_CASE("registering the same function of the same module again yields "
          "the same id",
          "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  RegionRegistry::Registration First = Registry.add(identity("f", "/bin/app"));
  RegionRegistry::Registration Again = Registry.add(identity("f", "/bin/app"));
  CHECK(Again.Id == First.Id);
  CHECK_FALSE(Again.New);
  CHECK(Registry.size() == 1);
}

TEST_CASE("the same function in two modules becomes two regions",
          "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  uint32_t InApp = Registry.add(identity("inline_helper", "/bin/app")).Id;
  uint32_t InLib = Registry.add(identity("inline_helper", "/lib/libx.so")).Id;
  CHECK(InApp != InLib);
  CHECK(Registry.region(InLib).Module == "/lib/libx.so");
  // A different line or file is a different function too.
  CHECK(Registry.add(identity("inline_helper", "/bin/app", 11)).Id != InApp);
  CHECK(Registry.add(identity("inline_helper", "/bin/app", 10, "/src/b.cpp"))
            .Id != InApp);
  CHECK(Registry.size() == 4);
}

TEST_CASE("names are copied, not referenced", "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  uint32_t Id;
  {
    std::string Name = "transient_name";
    std::string Module = "/tmp/plugin.so";
    Id = Registry.add(identity(Name, Module)).Id;
    Name.assign(Name.size(), 'X');
    Module.assign(Module.size(), 'Y');
  }
  CHECK(Registry.region(Id).DisplayName == "transient_name");
  CHECK(Registry.region(Id).Module == "/tmp/plugin.so");
}

TEST_CASE("an empty display name falls back to the mangled name",
          "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  RegionIdentity Region = identity("", "/bin/app");
  Region.MangledName = "_Z1fv";
  CHECK(Registry.region(Registry.add(Region).Id).DisplayName == "_Z1fv");
  Region.MangledName = "";
  Region.BeginLine = 99;
  CHECK(Registry.region(Registry.add(Region).Id).DisplayName == "<unnamed>");
}

TEST_CASE("the runtime filter decides once per region, with its reason",
          "[RegionRegistry]") {
  FilterSet Filter;
  std::vector<Diagnostic> Diagnostics;
  REQUIRE(Filter.addText("SCOREP_REGION_NAMES_BEGIN\n"
                         "  EXCLUDE small_*\n"
                         "SCOREP_REGION_NAMES_END\n",
                         "app.filt", Diagnostics));
  RegionRegistry Registry(&Filter);
  RegionRegistry::Registration Small =
      Registry.add(identity("small_kernel", "/bin/app"));
  RegionRegistry::Registration Big =
      Registry.add(identity("big_kernel", "/bin/app"));
  CHECK(Small.Filtered);
  CHECK_FALSE(Big.Filtered);
  CHECK(Registry.add(identity("small_kernel", "/bin/app")).Filtered);
  CHECK(Registry.filteredCount() == 1);

  RegionInfo Excluded = Registry.region(Small.Id);
  CHECK(Excluded.Filtered);
  CHECK(Excluded.FilterRuleMatched);
  CHECK(Excluded.FilterRule.File == "app.filt");
  CHECK(Excluded.FilterRule.Line == 2);
  CHECK(Excluded.FilterPattern == "small_*");
  CHECK(Excluded.FilterReason.find("app.filt:2") != std::string::npos);
  RegionInfo Included = Registry.region(Big.Id);
  CHECK_FALSE(Included.FilterRuleMatched);
  CHECK_FALSE(Included.FilterReason.empty());
}

TEST_CASE("concurrent registrations agree on ids", "[RegionRegistry]") {
  RegionRegistry Registry(nullptr);
  constexpr int Threads = 4;
  constexpr int Names = 200;
  std::vector<std::vector<uint32_t>> Ids(Threads, std::vector<uint32_t>(Names));
  std::vector<std::thread> Workers;
  for (int T = 0; T < Threads; ++T)
    Workers.emplace_back([&, T] {
      for (int N = 0; N < Names; ++N) {
        std::string Name = "f" + std::to_string((N * 7 + T) % Names);
        Ids[T][(N * 7 + T) % Names] = Registry.add(identity(Name, "/m")).Id;
      }
    });
  for (std::thread &Worker : Workers)
    Worker.join();
  CHECK(Registry.size() == Names);
  std::set<uint32_t> Distinct(Ids[0].begin(), Ids[0].end());
  CHECK(Distinct.size() == Names);
  for (int T = 1; T < Threads; ++T)
    CHECK(Ids[T] == Ids[0]);
}
