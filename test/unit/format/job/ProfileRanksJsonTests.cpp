//===- test/unit/format/job/ProfileRanksJsonTests.cpp ---------------------===//
//
// profile-ranks.json.
//
// Part of Sextant. The split of an MPI job's profile: profile.json holds the
// sums of the additive metrics only (time, visits and the SEXTANT_METRICS
// sums, inclusive and exclusive), profile-ranks.json the cross-rank
// statistics of every node, joined to profile.json by node_id.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobProfileFiles.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <functional>

using namespace sextant::format;
using nlohmann::json;

namespace {

json measured(const char *Name, const char *Unit, const char *Accumulation) {
  return {{"name", Name}, {"unit", Unit}, {"accumulation", Accumulation}};
}

json experimentWithMetrics() {
  return {{"metrics",
           {{"measured",
             {measured("cpu-time", "s", "sum"),
              measured("peak-rss", "KiB", "maximum"),
              measured("perf::PAGE-FAULTS", "count", "sum")}},
            {"derived", {{{"name", "IPC"}, {"unit", "ratio"}}}}}}};
}

json pathNode(unsigned Id, const char *Name, double Time, double Faults,
              json Children = json::array()) {
  return {{"frame", {{"name", Name}, {"type", "function"}}},
          {"metrics",
           {{"time (inc)", Time},
            {"time", Time / 2},
            {"visits", 1},
            {"cpu-time (inc)", Time},
            {"cpu-time", Time / 2},
            {"peak-rss (inc)", 1000},
            {"peak-rss", 1000},
            {"perf::PAGE-FAULTS (inc)", Faults},
            {"perf::PAGE-FAULTS", Faults},
            {"IPC (inc)", 1.5},
            {"IPC", 1.5}}},
          {"attributes", {{"region_id", Id}}},
          {"children", Children}};
}

/// A job of three ranks of which ranks 0 and 2 were read: main -> (solve,
/// io), io on rank 2 only.
JobProfileFiles threeRankJob() {
  JobMetrics Metrics = JobMetrics::fromExperiments(
      {experimentWithMetrics(), experimentWithMetrics()});
  RegionUnion Union;
  RegionTimes Times;
  MergedNode Root, Rank2;
  readRankProfile(
      json::array({pathNode(1, "main", 4.0, 10,
                            json::array({pathNode(2, "solve", 3.0, 6)}))}),
      0, {}, Union, Root, Metrics, Times);
  readRankProfile(
      json::array({pathNode(1, "main", 8.0, 30,
                            json::array({pathNode(2, "solve", 2.0, 2),
                                         pathNode(3, "io", 5.0, 20)}))}),
      2, {}, Union, Rank2, Metrics, Times);
  mergeTrees(Root, std::move(Rank2), {0, 1}, {2, 3});
  return jobProfileFiles(Root, {0, 2}, {0, 3}, 3, Metrics);
}

} // namespace

TEST_CASE("only additive metrics of SEXTANT_METRICS join the job's profile",
          "[profile-ranks]") {
  JobMetrics Metrics = JobMetrics::fromExperiments(
      {experimentWithMetrics(), json::object(), {{"metrics", nullptr}}});
  CHECK(Metrics.Names == std::vector<std::string>{
                             "time (inc)", "time", "visits", "cpu-time (inc)",
                             "cpu-time", "perf::PAGE-FAULTS (inc)",
                             "perf::PAGE-FAULTS"});
  CHECK(Metrics.Integer ==
        std::vector<bool>{false, false, true, false, false, true, true});
}

TEST_CASE("the job's profile.json holds sums only, as inclusive/exclusive "
          "pairs",
          "[profile-ranks]") {
  json Profile = json::parse(threeRankJob().Profile);
  REQUIRE(Profile.size() == 1);
  const json &Main = Profile[0];
  CHECK(Main["metrics"] == json({{"time (inc)", 12.0},
                                 {"time", 6.0},
                                 {"visits", 2},
                                 {"cpu-time (inc)", 12.0},
                                 {"cpu-time", 6.0},
                                 {"perf::PAGE-FAULTS (inc)", 40},
                                 {"perf::PAGE-FAULTS", 40}}));
  // Every key is a sum: no statistics and no per-rank columns.
  for (const auto &Metric : Main["metrics"].items()) {
    CHECK(Metric.key().find("(min)") == std::string::npos);
    CHECK(Metric.key().find("[rank") == std::string::npos);
  }
  REQUIRE(Main["children"].size() == 2);
  CHECK(Main["children"][0]["frame"]["name"] == "solve"); // 5 s before 5 s,
  CHECK(Main["children"][1]["frame"]["name"] == "io");    // then by region
}

TEST_CASE("profile-ranks.json has min, mean, max, imbalance and the ranks "
          "of the extremes per node and metric",
          "[profile-ranks]") {
  JobProfileFiles Files = threeRankJob();
  json Ranks = json::parse(Files.ProfileRanks);
  CHECK(Ranks["format"] == "sextant-profile-ranks");
  CHECK(Ranks["format_version"] == 1);
  CHECK(Ranks["ranks"] == 3);
  CHECK(Ranks["ranks_read"] == json({0, 2}));
  CHECK(Ranks["metrics"].size() == 7);
  REQUIRE(Ranks["nodes"].size() == 3);

  const json &Faults = Ranks["nodes"][0]["metrics"]["perf::PAGE-FAULTS (inc)"];
  // Ranks 0, 1 (not read: 0) and 2: 10, 0, 30.
  CHECK(Faults["min"] == 0.0);
  CHECK(Faults["min_rank"] == 1);
  CHECK(Faults["max"] == 30.0);
  CHECK(Faults["max_rank"] == 2);
  CHECK(Faults["mean"].get<double>() == Approx(40.0 / 3));
  CHECK(Faults["imbalance"].get<double>() == Approx(30.0 / (40.0 / 3)));

  // io ran on rank 2 only.
  const json &Io = Ranks["nodes"][2];
  CHECK(Io["name"] == "io");
  CHECK(Io["ranks"] == 1);
  CHECK(Io["parent_id"] == 0);
  CHECK(Io["metrics"]["time (inc)"]["max_rank"] == 2);
  CHECK(Io["metrics"]["time (inc)"]["imbalance"].get<double>() == Approx(3.0));
}

TEST_CASE("node_id joins profile-ranks.json to profile.json",
          "[profile-ranks]") {
  JobProfileFiles Files = threeRankJob();
  json Profile = json::parse(Files.Profile);
  json Nodes = json::parse(Files.ProfileRanks)["nodes"];
  // Depth first, as a reader walks profile.json: the n-th node has
  // node_id n, the same name and its parent's node_id as parent_id.
  size_t Next = 0;
  std::function<void(const json &, json)> Walk = [&](const json &Node,
                                                     json Parent) {
    REQUIRE(Next < Nodes.size());
    const json &Entry = Nodes[Next];
    CHECK(Node["attributes"]["node_id"] == Next);
    CHECK(Entry["node_id"] == Next);
    CHECK(Entry["parent_id"] == Parent);
    CHECK(Entry["name"] == Node["frame"]["name"]);
    CHECK(Entry["region_id"] == Node["attributes"]["region_id"]);
    ++Next;
    for (const json &Child : Node["children"])
      Walk(Child, Node["attributes"]["node_id"]);
  };
  for (const json &Root : Profile)
    Walk(Root, nullptr);
  CHECK(Next == Nodes.size());
}

TEST_CASE("imbalance is null where no rank has a value", "[profile-ranks]") {
  RegionUnion Union;
  RegionTimes Times;
  MergedNode Root;
  readRankProfile(
      json::array(
          {{{"frame", {{"name", "idle"}}},
            {"metrics", {{"time (inc)", 0}, {"time", 0}, {"visits", 1}}},
            {"attributes", {{"region_id", 1}}},
            {"children", json::array()}}}),
      0, {}, Union, Root, JobMetrics(), Times);
  json Stats = json::parse(jobProfileFiles(Root, {0}, {0, 1}, 1)
                               .ProfileRanks)["nodes"][0]["metrics"];
  CHECK(Stats["time"]["imbalance"].is_null());
  CHECK(Stats["visits"]["imbalance"] == 1.0);
}
