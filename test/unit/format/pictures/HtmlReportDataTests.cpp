//===- test/unit/format/pictures/HtmlReportDataTests.cpp ------------------===//
//
// The HTML report's data.
//
// Part of Sextant. The embedded document of the HTML report: the call tree
// rows, the threads' spread of each call path (matched by call path, the
// entry of the threads beyond the bound left out), the ranks' spread and
// the MPI job's sparse traffic, parsed back with nlohmann-json.
//
//===----------------------------------------------------------------------===//

#include "format/profile/CallPathSpread.h"
#include "format/pictures/HtmlReportData.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace sextant::format;
using nlohmann::json;

namespace {

CallPathNode node(const std::string &Name, double Inclusive, double Exclusive,
                  uint64_t Visits) {
  CallPathNode Node;
  Node.Name = Name;
  Node.InclusiveSeconds = Inclusive;
  Node.ExclusiveSeconds = Exclusive;
  Node.Visits = Visits;
  return Node;
}

/// main -> {solve, io}; Scale multiplies the times.
CallPathProfile threeNodes(double Main, double Solve, double Io) {
  CallPathProfile Profile;
  size_t Root = Profile.addNode(CallPathProfile::NoParent,
                                node("main", Main, Main - Solve - Io, 1));
  if (Solve > 0)
    Profile.addNode(Root, node("solve", Solve, Solve, 2));
  if (Io > 0)
    Profile.addNode(Root, node("io", Io, Io, 1));
  return Profile;
}

} // namespace

TEST_CASE("the threads' spread matches call paths across threads",
          "[HtmlReportData]") {
  CallPathProfile Merged = threeNodes(6, 4, 1);
  ThreadProfileList Threads;
  Threads.Threads.resize(3);
  Threads.Threads[0].Index = 0;
  Threads.Threads[0].Profile = threeNodes(3, 1, 1);
  Threads.Threads[1].Index = 1;
  Threads.Threads[1].Profile = threeNodes(3, 3, 0);
  // The threads beyond the bound: left out.
  Threads.Threads[2].Index = 2;
  Threads.Threads[2].MergedThreads = 5;
  Threads.Threads[2].Profile = threeNodes(100, 100, 0);
  CallPathSpread S = threadSpread(Merged, Threads);
  CHECK(S.Members == 2);
  REQUIRE(S.Nodes.size() == 3);
  REQUIRE(S.Nodes[1]); // solve: 1 on thread 0, 3 on thread 1
  CHECK(S.Nodes[1]->Min == 1);
  CHECK(S.Nodes[1]->Max == 3);
  CHECK(S.Nodes[1]->Mean == 2);
  CHECK(*S.Nodes[1]->Imbalance == 1.5);
  CHECK(S.Nodes[1]->MinAt == 0);
  CHECK(S.Nodes[1]->MaxAt == 1);
  CHECK(S.Nodes[1]->Count == 2);
  REQUIRE(S.Nodes[2]); // io: thread 0 alone ran it
  CHECK(S.Nodes[2]->Count == 1);
  CHECK(S.Nodes[2]->Mean == 1);
  CHECK(*S.Nodes[2]->Imbalance == 1);
}

TEST_CASE("the report's data holds rows, spreads and sparse traffic",
          "[HtmlReportData]") {
  Experiment E;
  E.Metadata.Program = "/bin/app</script>";
  E.Profile = threeNodes(6, 4, 1);
  HtmlReportExtras Extras;
  Extras.SuggestedFilter = "SCOREP_REGION_NAMES_BEGIN\n";
  CallPathSpread Ranks;
  Ranks.Metric = "time (inc)";
  Ranks.Members = 2;
  Ranks.Nodes.resize(3);
  Ranks.Nodes[0] = Spread{2, 3, 4, 4.0 / 3, 1, 0, 2};
  Ranks.Nodes[2] = Spread{0, 0, 0, std::nullopt, 0, 0, 0};
  Extras.Ranks = Ranks;
  Extras.RankWallSeconds = {1.5, 2.5};
  Extras.BytesSent = {{0, 800}, {0, 0}};
  Extras.MessagesSent = {{0, 2}, {1, 0}};
  json Data = json::parse(renderHtmlReportData(E, Extras));
  CHECK(Data["format"] == HtmlReportDataFormat);
  CHECK(Data["format_version"] == HtmlReportDataVersion);
  CHECK(Data["program"] == "/bin/app</script>");
  REQUIRE(Data["nodes"].size() == 3);
  // Children by inclusive time, as sextant report --tree: solve, io.
  CHECK(Data["names"][Data["nodes"][1][1].get<size_t>()] == "solve");
  CHECK(Data["nodes"][1][0] == 0);
  CHECK(Data["nodes"][1][2] == 2);
  CHECK(Data["nodes"][1][3] == 4.0);
  CHECK_FALSE(Data.contains("thread_spread"));
  const json &Rows = Data["rank_spread"]["rows"];
  REQUIRE(Rows.size() == 3);
  CHECK(Rows[0] == json::parse("[2.0, 3.0, 4.0, 1.3333333333333333, 1, 0, 2]"));
  CHECK(Rows[1].is_null());    // solve: no data
  CHECK(Rows[2][3].is_null()); // io: mean 0, no imbalance
  CHECK(Data["mpi"]["ranks"] == 2);
  CHECK(Data["mpi"]["wall_seconds"] == json::parse("[1.5, 2.5]"));
  // A pair with messages but no bytes counts as traffic.
  CHECK(Data["mpi"]["traffic"] ==
        json::parse("[[0, 1, 800, 2], [1, 0, 0, 1]]"));
  CHECK(Data["suggested_filter"] == "SCOREP_REGION_NAMES_BEGIN\n");
}

TEST_CASE("a report without MPI job has no mpi member", "[HtmlReportData]") {
  Experiment E;
  E.Profile = threeNodes(1, 0.5, 0);
  json Data = json::parse(renderHtmlReportData(E, HtmlReportExtras()));
  CHECK_FALSE(Data.contains("mpi"));
  CHECK_FALSE(Data.contains("rank_spread"));
  CHECK(Data["nodes"].size() == 2);
}
