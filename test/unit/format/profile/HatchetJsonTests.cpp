//===- test/unit/format/profile/HatchetJsonTests.cpp ----------------------===//
//
// Hatchet's GraphFrame JSON.
//
// Part of Sextant. format/HatchetJson: the structure GraphFrame.from_json
// reads (each root's subtree in one object of "graph", children by id in
// the same object, one dataframe row per (node, rank, thread), the metric
// lists), the merge of threads and ranks by call path, and the metadata.
//
//===----------------------------------------------------------------------===//

#include "format/profile/HatchetJson.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>
#include <tuple>

using namespace sextant::format;
using nlohmann::json;

namespace {

CallPathNode pathNode(const char *Name, double Inclusive, double Exclusive,
                      uint64_t Visits) {
  CallPathNode Node;
  Node.Name = Name;
  Node.HasSource = true;
  Node.File = "a.c";
  Node.Line = 7;
  Node.InclusiveSeconds = Inclusive;
  Node.ExclusiveSeconds = Exclusive;
  Node.Visits = Visits;
  return Node;
}

/// main -> work on thread 0, work (a root of its own) on thread 1, and on
/// thread 1 a second "other" root.
ThreadProfileList twoThreads(double Scale) {
  ThreadProfileList List;
  ThreadProfile Main;
  Main.Index = 0;
  size_t Root = Main.Profile.addNode(CallPathProfile::NoParent,
                                     pathNode("main", 3 * Scale, 1 * Scale, 1));
  Main.Profile.addNode(Root, pathNode("work", 2 * Scale, 2 * Scale, 4));
  ThreadProfile Worker;
  Worker.Index = 1;
  Worker.Profile.addNode(CallPathProfile::NoParent,
                         pathNode("work", 5 * Scale, 5 * Scale, 2));
  CallPathNode Other = pathNode("other", 1, 1, 1);
  Other.HasSource = false;
  Worker.Profile.addNode(CallPathProfile::NoParent, Other);
  List.Threads.push_back(std::move(Main));
  List.Threads.push_back(std::move(Worker));
  return List;
}

json render(const HatchetGraphFrame &Frame) {
  HatchetRun Run;
  Run.Experiment.Program = "/bin/app";
  Run.Experiment.Arguments = {"app", "-n", "4"};
  Run.Experiment.Hostname = "node1";
  Run.Experiment.StartTime = "2026-01-01T00:00:00Z";
  Run.Experiment.SextantVersion = "0.1.0";
  Run.MpiRanks = 2;
  Run.RanksExported = {0, 1};
  Run.Threads = 4;
  return json::parse(Frame.render(Run));
}

} // namespace

TEST_CASE("the document has the members GraphFrame.from_json reads",
          "[hatchet]") {
  HatchetGraphFrame Frame;
  Frame.addRank(0, twoThreads(1));
  json Doc = render(Frame);
  CHECK(Doc["dataframe_indices"] == json({"node", "rank", "thread"}));
  CHECK(Doc["exclusive_metrics"] == json({"time", "visits"}));
  CHECK(Doc["inclusive_metrics"] == json({"time (inc)"}));
  CHECK(Doc["default_metric"] == "time");
  const json &Meta = Doc["metadata"];
  CHECK(Meta["program"] == "/bin/app");
  CHECK(Meta["command"] == "app -n 4");
  CHECK(Meta["hostname"] == "node1");
  CHECK(Meta["mpi_ranks"] == 2);
  CHECK(Meta["ranks_exported"] == 2);
  CHECK(Meta["threads"] == 4);
  CHECK(Meta["sextant_version"] == "0.1.0");
  CHECK(Meta["start_time"] == "2026-01-01T00:00:00Z");
}

TEST_CASE("each root's subtree is one object of graph, ids depth first",
          "[hatchet]") {
  HatchetGraphFrame Frame;
  Frame.addRank(0, twoThreads(1));
  CHECK(Frame.nodeCount() == 4); // main, main/work, work, other
  json Graph = render(Frame)["graph"];
  REQUIRE(Graph.size() == 3);
  // main (0) -> work (1); work (2); other (3).
  CHECK(Graph[0]["0"]["data"] ==
        json({{"name", "main"}, {"type", "function"}}));
  CHECK(Graph[0]["0"]["children"] == json::array({1}));
  CHECK(Graph[0]["1"]["children"] == json::array());
  CHECK(Graph[0].size() == 2);
  CHECK(Graph[1].size() == 1);
  CHECK(Graph[1]["2"]["data"]["name"] == "work");
  CHECK(Graph[2]["3"]["data"]["name"] == "other");
  // from_json looks every child up in its root's object.
  for (const json &Root : Graph)
    for (const auto &Entry : Root.items())
      for (const json &Child : Entry.value()["children"])
        CHECK(Root.contains(std::to_string(Child.get<int>())));
}

TEST_CASE("ranks and threads are rows of one graph merged by call path",
          "[hatchet]") {
  HatchetGraphFrame Frame;
  Frame.addRank(0, twoThreads(1));
  Frame.addRank(1, twoThreads(10));
  CHECK(Frame.nodeCount() == 4);
  json Rows = render(Frame)["dataframe"];
  REQUIRE(Rows.size() == 8);
  std::set<std::tuple<int, int, int>> Index;
  for (const json &Row : Rows)
    Index.insert(std::make_tuple(Row["node"].get<int>(), Row["rank"].get<int>(),
                                 Row["thread"].get<int>()));
  CHECK(Index.size() == Rows.size()); // a unique (node, rank, thread) index
  // Sorted by node, rank, thread: main/work on rank 1 thread 0.
  const json &Work = Rows[3];
  CHECK(Work["node"] == 1);
  CHECK(Work["rank"] == 1);
  CHECK(Work["thread"] == 0);
  CHECK(Work["name"] == "work");
  CHECK(Work["file"] == "a.c");
  CHECK(Work["line"] == 7);
  CHECK(Work["time (inc)"] == 20.0);
  CHECK(Work["time"] == 20.0);
  CHECK(Work["visits"] == 4);
  const json &Other = Rows[6];
  CHECK(Other["name"] == "other");
  CHECK(Other["file"].is_null());
  CHECK(Other["line"].is_null());
}

TEST_CASE("two nodes of one thread on the same call path make one row",
          "[hatchet]") {
  // Two regions of one name, file and line under main: one call path.
  ThreadProfileList List;
  ThreadProfile Main;
  size_t Root = Main.Profile.addNode(CallPathProfile::NoParent,
                                     pathNode("main", 3, 1, 1));
  Main.Profile.addNode(Root, pathNode("f", 1, 1, 1));
  CallPathNode Twin = pathNode("f", 1, 1, 2);
  Twin.RegionId = 9;
  Main.Profile.addNode(Root, Twin);
  List.Threads.push_back(std::move(Main));
  HatchetGraphFrame Frame;
  Frame.addRank(0, List);
  json Rows = render(Frame)["dataframe"];
  REQUIRE(Rows.size() == 2);
  CHECK(Rows[1]["visits"] == 3);
  CHECK(Rows[1]["time (inc)"] == 2.0);
}
