//===- test/unit/runtime/metrics/MetricRecorderTests.cpp ------------------===//
//
// Metrics per node.
//
// Part of Sextant. Metrics besides time with a fake counter source whose
// readings the test sets: inclusive and exclusive accumulation (sums and
// maxima) following the call-path recorder through nesting, repeated
// visits, repairs and the end; merging thread tables; the derived metrics
// (IPC, FLOP/s, arithmetic intensity) and their profile.json keys;
// SEXTANT_METRICS parsing; the counter-sample files of traces.
//
//===----------------------------------------------------------------------===//

#include "format/profile/DerivedMetrics.h"
#include "format/schema/MetricTraceFormat.h"
#include "runtime/metrics/MetricSet.h"
#include "runtime/metrics/MetricTrace.h"
#include "runtime/output/ProfileModel.h"

#include "format/profile/ProfileJson.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace sextant;
using namespace sextant::runtime;
using NodeIndex = CallPathTree::NodeIndex;

namespace {

/// A source whose counters read whatever the test stored in Counters.
class FakeCounterSource final : public MetricSource {
public:
  FakeCounterSource(std::vector<std::string> Names,
                    std::vector<uint64_t> &Counters,
                    MetricAccumulation Kind = MetricAccumulation::Sum)
      : Counters(Counters) {
    for (const std::string &Name : Names)
      Metrics.push_back({Name, "count", 1.0, Kind});
  }
  std::unique_ptr<MetricReader> startThread(std::string &) override {
    return std::make_unique<Reader>(Counters);
  }

private:
  class Reader final : public MetricReader {
  public:
    explicit Reader(std::vector<uint64_t> &Counters) : Counters(Counters) {}
    void read(uint64_t *Values) noexcept override {
      for (size_t I = 0; I < Counters.size(); ++I)
        Values[I] = Counters[I];
    }

  private:
    std::vector<uint64_t> &Counters;
  };
  std::vector<uint64_t> &Counters;
};

/// A recorder and its thread metrics, driven like the instrumentation ABI.
struct Thread {
  CallPathRecorder Recorder;
  std::unique_ptr<ThreadMetrics> Metrics;

  explicit Thread(const MetricSet &Set) {
    std::string Error;
    Metrics = Set.startThread(Error);
    REQUIRE(Metrics);
    CHECK(Error.empty());
  }
  void enter(uint32_t Region, Ticks Now) {
    Recorder.enter(Region, Now);
    Metrics->afterEnter(Recorder);
  }
  void exit(uint32_t Region, Ticks Now) {
    Recorder.exit(Region, Now);
    Metrics->afterExit(Recorder, Now);
  }
  NodeIndex node(const std::vector<uint32_t> &Path) const {
    NodeIndex Node = CallPathTree::RootNode;
    for (uint32_t Region : Path) {
      Node = Recorder.tree().findChild(Node, Region);
      REQUIRE(Node != CallPathTree::NoNode);
    }
    return Node;
  }
  uint64_t inclusive(const std::vector<uint32_t> &Path, size_t Metric) const {
    return Metrics->recorder().table().inclusiveAt(node(Path), Metric);
  }
  uint64_t exclusive(const std::vector<uint32_t> &Path, size_t Metric) const {
    return Metrics->recorder().table().exclusiveAt(node(Path), Metric);
  }
};

} // namespace

TEST_CASE("metrics accumulate inclusive and exclusive differences per node",
          "[metrics]") {
  std::vector<uint64_t> Counters = {0, 0};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"A", "B"}, Counters));
  REQUIRE(Set.metrics().size() == 2);
  Thread T(Set);

  // main { work {} work {} io {} } with counter A advancing by known steps.
  Counters = {100, 7};
  T.enter(1, 0);
  Counters = {110, 7};
  T.enter(2, 1);
  Counters = {150, 8};
  T.exit(2, 2); // work: +40 A, +1 B
  Counters = {155, 8};
  T.enter(2, 3);
  Counters = {175, 8};
  T.exit(2, 4); // work: +20 A
  T.enter(3, 5);
  Counters = {180, 20};
  T.exit(3, 6); // io: +5 A, +12 B
  Counters = {200, 20};
  T.exit(1, 7); // main: +100 A, +13 B

  CHECK(T.inclusive({1}, 0) == 100);
  CHECK(T.exclusive({1}, 0) == 100 - 60 - 5);
  CHECK(T.inclusive({1}, 1) == 13);
  CHECK(T.exclusive({1}, 1) == 0);
  CHECK(T.inclusive({1, 2}, 0) == 60);
  CHECK(T.exclusive({1, 2}, 0) == 60);
  CHECK(T.inclusive({1, 2}, 1) == 1);
  CHECK(T.inclusive({1, 3}, 0) == 5);
  CHECK(T.inclusive({1, 3}, 1) == 12);
  CHECK(T.Metrics->recorder().depth() == 0);
  CHECK(T.Metrics->lostEvents() == 0);
}

TEST_CASE("maximum metrics keep the largest growth of one visit", "[metrics]") {
  std::vector<uint64_t> Counters = {1000};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"peak"}, Counters, MetricAccumulation::Maximum));
  Thread T(Set);
  T.enter(1, 0);
  T.enter(2, 1);
  Counters = {1300}; // grows by 300 in the first visit of 2
  T.exit(2, 2);
  T.enter(2, 3);
  Counters = {1400}; // by 100 in the second
  T.exit(2, 4);
  Counters = {1450};
  T.exit(1, 5);
  CHECK(T.inclusive({1, 2}, 0) == 300);
  CHECK(T.exclusive({1, 2}, 0) == 300);
  CHECK(T.inclusive({1}, 0) == 450);
  CHECK(T.exclusive({1}, 0) == 50); // 450 minus the children's 400
}

TEST_CASE("metrics follow the recorder's repairs and the end", "[metrics]") {
  std::vector<uint64_t> Counters = {0};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"A"}, Counters));
  Thread T(Set);

  T.enter(1, 0);
  T.enter(2, 1);
  Counters = {10};
  T.enter(3, 2);
  Counters = {30};
  // The exit of 2 arrives while 3 is open: 3 lost its exit, both close now.
  T.exit(2, 3);
  CHECK(T.Recorder.depth() == 1);
  CHECK(T.Metrics->recorder().depth() == 1);
  CHECK(T.inclusive({1, 2, 3}, 0) == 20);
  CHECK(T.inclusive({1, 2}, 0) == 30);
  CHECK(T.exclusive({1, 2}, 0) == 10);

  // An exit of a region that is not open changes nothing.
  T.exit(9, 4);
  CHECK(T.Metrics->recorder().depth() == 1);

  // Frames still open at the end close with the last readings.
  T.enter(4, 5);
  Counters = {45};
  T.Recorder.closeAll(6);
  T.Metrics->closeAll(T.Recorder, 6, true);
  CHECK(T.Metrics->recorder().depth() == 0);
  CHECK(T.inclusive({1, 4}, 0) == 15);
  CHECK(T.inclusive({1}, 0) == 45);
  CHECK(T.exclusive({1}, 0) == 0);
}

TEST_CASE("a frame the metrics did not see opens at the next event",
          "[metrics]") {
  std::vector<uint64_t> Counters = {0};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"A"}, Counters));
  Thread T(Set);
  T.enter(1, 0);
  // Region 2 entered without the metrics following (e.g. another path into
  // the recorder), then 3 with them.
  T.Recorder.enter(2, 1);
  Counters = {5};
  T.enter(3, 2);
  CHECK(T.Metrics->recorder().depth() == 3);
  Counters = {12};
  T.exit(3, 3);
  T.exit(2, 4);
  T.exit(1, 5);
  CHECK(T.inclusive({1, 2, 3}, 0) == 7);
  CHECK(T.inclusive({1, 2}, 0) == 7); // counted from when it was seen
  CHECK(T.inclusive({1}, 0) == 12);
}

TEST_CASE("thread metric tables merge along equal call paths", "[metrics]") {
  std::vector<uint64_t> Counters = {0, 0};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"sum"}, Counters));
  std::vector<uint64_t> Peak = {0};
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"peak"}, Peak, MetricAccumulation::Maximum));
  // The fake source of "sum" reads Counters[0] only; Peak feeds "peak".
  Counters.resize(1);
  Thread First(Set), Second(Set);

  First.enter(1, 0);
  Counters = {10};
  Peak = {4};
  First.exit(1, 1);

  Counters = {0};
  Peak = {0};
  Second.enter(2, 0);
  Second.enter(1, 1);
  Counters = {7};
  Peak = {9};
  Second.exit(1, 2);
  Second.exit(2, 3);
  Counters = {7};
  Second.enter(1, 4);
  Counters = {10};
  Peak = {11};
  Second.exit(1, 5);

  CallPathTree Merged;
  NodeMetricTable Table(2);
  for (Thread *T : {&First, &Second}) {
    Merged.mergeFrom(T->Recorder.tree());
    mergeNodeMetrics(Merged, Table, T->Recorder.tree(),
                     T->Metrics->recorder().table(), Set.accumulations());
  }
  NodeIndex One = Merged.findChild(CallPathTree::RootNode, 1);
  NodeIndex Two = Merged.findChild(CallPathTree::RootNode, 2);
  NodeIndex TwoOne = Merged.findChild(Two, 1);
  REQUIRE(One != CallPathTree::NoNode);
  REQUIRE(TwoOne != CallPathTree::NoNode);
  CHECK(Table.inclusiveAt(One, 0) == 13); // 10 + 3
  CHECK(Table.inclusiveAt(One, 1) == 4);  // max(4, 2)
  CHECK(Table.inclusiveAt(TwoOne, 0) == 7);
  CHECK(Table.inclusiveAt(TwoOne, 1) == 9);
  CHECK(Table.exclusiveAt(Two, 0) == 0);
}

TEST_CASE("derived metrics need their inputs", "[metrics][derived]") {
  auto Described = [](std::vector<std::string> Names) {
    std::vector<MetricDescription> Metrics;
    for (const std::string &Name : Names)
      Metrics.push_back({Name, "count", 1.0, MetricAccumulation::Sum});
    return Metrics;
  };
  CHECK(format::derivedMetrics(Described({"perf::PAGE-FAULTS", "cpu-time"}))
            .empty());
  CHECK(format::derivedMetrics(Described({"PAPI_TOT_INS"})).empty());

  std::vector<format::DerivedMetric> Ipc =
      format::derivedMetrics(Described({"PAPI_TOT_CYC", "PAPI_TOT_INS"}));
  REQUIRE(Ipc.size() == 1);
  CHECK(Ipc[0].Name == "IPC");
  uint64_t Values[] = {400, 1000};
  double Result = 0;
  REQUIRE(format::derivedValue(Ipc[0], Values, 1.0, Result));
  CHECK(Result == Approx(2.5));
  uint64_t NoCycles[] = {0, 1000};
  CHECK_FALSE(format::derivedValue(Ipc[0], NoCycles, 1.0, Result));

  // FLOP/s prefers double precision; arithmetic intensity needs the misses.
  std::vector<format::DerivedMetric> Roofline = format::derivedMetrics(
      Described({"PAPI_FP_OPS", "PAPI_L3_TCM", "PAPI_DP_OPS"}));
  REQUIRE(Roofline.size() == 2);
  CHECK(Roofline[0].Name == "FLOP/s");
  CHECK(Roofline[1].Name == "arithmetic intensity");
  uint64_t Counts[] = {1, 1000, 6400000};
  REQUIRE(format::derivedValue(Roofline[0], Counts, 0.5, Result));
  CHECK(Result == Approx(12800000.0));
  REQUIRE(format::derivedValue(Roofline[1], Counts, 0.5, Result));
  CHECK(Result == Approx(6400000.0 / (1000 * format::CacheLineBytes)));
  CHECK_FALSE(format::derivedValue(Roofline[0], Counts, 0.0, Result));
}

TEST_CASE("profile.json has every metric, inclusive with (inc), and derived "
          "ones",
          "[metrics][derived]") {
  std::vector<uint64_t> Counters = {0, 0, 0, 2};
  MetricSet Set;
  Set.addSource(std::make_unique<FakeCounterSource>(
      std::vector<std::string>{"PAPI_TOT_INS", "PAPI_TOT_CYC", "PAPI_DP_OPS",
                               "PAPI_L3_TCM"},
      Counters));
  Thread T(Set);
  T.enter(1, 0);
  Counters = {100, 50, 10, 2};
  T.enter(2, 1000);
  Counters = {400, 150, 1290, 6};
  T.exit(2, 3000);
  Counters = {500, 200, 1300, 6};
  T.exit(1, 4000);

  ProfileMetrics Profile;
  Profile.Metrics = Set.metrics();
  Profile.Table = T.Metrics->recorder().table();
  std::vector<RegionInfo> Regions(2);
  Regions[0].Id = 1;
  Regions[0].DisplayName = "outer";
  Regions[1].Id = 2;
  Regions[1].DisplayName = "kernel";
  std::string Json = sextant::format::renderProfileJson(
      buildCallPathProfile(T.Recorder.tree(), Regions, 1e-6, &Profile));
  nlohmann::ordered_json Parsed = nlohmann::ordered_json::parse(Json);
  const nlohmann::ordered_json &Outer = Parsed[0]["metrics"];
  const nlohmann::ordered_json &Kernel = Parsed[0]["children"][0]["metrics"];
  // outer: 4 ms inclusive, 500 instructions over 200 cycles; a measured
  // metric's inclusive value comes right before its exclusive one.
  std::vector<std::string> Keys;
  for (auto Member = Outer.begin(); Member != Outer.end(); ++Member)
    Keys.push_back(Member.key());
  auto Position = [&](const char *Key) {
    return std::find(Keys.begin(), Keys.end(), Key) - Keys.begin();
  };
  CHECK(Position("PAPI_TOT_INS") == Position("PAPI_TOT_INS (inc)") + 1);
  CHECK(Position("IPC") == Position("IPC (inc)") + 1);
  CHECK(Outer["PAPI_TOT_INS (inc)"] == 500);
  CHECK(Outer["PAPI_TOT_INS"] == 200);
  CHECK(Outer["IPC (inc)"] == 2.5);
  CHECK(Outer["IPC"] == 2.0);
  // kernel: 1280 operations in 2 ms, over 4 misses of 64 bytes.
  CHECK(Kernel["FLOP/s (inc)"] == 640000.0);
  CHECK(Kernel["arithmetic intensity (inc)"] == 5.0);
  // outer's own part has no miss: its intensity is null, not infinite.
  CHECK(Outer["arithmetic intensity"].is_null());
}

TEST_CASE("SEXTANT_METRICS selects built-in sources and reports unknown "
          "names",
          "[metrics]") {
  MetricSet Set;
  Set.configure(" cpu-time,page-faults , wall,,peak-rss,cpu-time,"
                "SEXTANT_NO_SUCH_EVENT",
                false);
  std::vector<std::string> Names;
  for (const MetricDescription &Metric : Set.metrics())
    Names.push_back(Metric.Name);
  CHECK(Names ==
        std::vector<std::string>{"cpu-time", "page-faults", "peak-rss"});
  CHECK(Set.requested() == std::vector<std::string>{"cpu-time", "page-faults",
                                                    "wall", "peak-rss",
                                                    "SEXTANT_NO_SUCH_EVENT"});
  REQUIRE(Set.unavailable().size() == 1);
  CHECK(Set.unavailable()[0].Name == "SEXTANT_NO_SUCH_EVENT");
  CHECK_FALSE(Set.unavailable()[0].Reason.empty());

  // The built-in sources read real values on this thread.
  CallPathRecorder Recorder;
  std::string Error;
  std::unique_ptr<ThreadMetrics> Metrics = Set.startThread(Error);
  REQUIRE(Metrics);
  Recorder.enter(1, 0);
  Metrics->afterEnter(Recorder);
  volatile double X = 1;
  for (int I = 0; I < 2000000; ++I)
    X = X * 1.0000001;
  Recorder.exit(1, 1);
  Metrics->afterExit(Recorder, 1);
  NodeIndex Node = Recorder.tree().findChild(CallPathTree::RootNode, 1);
  CHECK(Metrics->recorder().table().inclusiveAt(Node, 0) > 0); // cpu-time

  MetricSet Empty;
  Empty.configure("wall", false);
  CHECK(Empty.empty());
  CHECK(Empty.startThread(Error) == nullptr);
}

TEST_CASE("counter samples of a trace round-trip through the metric file",
          "[metrics][trace]") {
  sextant::test::ScratchDirectory Scratch("metric-trace");
  Scratch.create();
  std::string Path = Scratch.file("trace/samples.metrics");
  ExperimentDirectory Output;
  Output.request(Scratch.path(), /*Claim=*/false, "test", ::getpid());
  {
    // A buffer of 16 samples: 40 samples need three writes.
    MetricTrace Trace(Output, "samples.metrics", 3,
                      {"perf::PAGE-FAULTS", "cpu-time"}, 0);
    for (uint64_t I = 0; I < 40; ++I) {
      uint64_t Values[] = {I * 10, (uint64_t(1) << 40) + I};
      Trace.sample(1000 + I, Values);
    }
    Trace.flush();
    CHECK(Trace.samplesWritten() == 40);
    CHECK(Trace.samplesDropped() == 0);
    CHECK(Trace.error().empty());
  }
  sextant::trace::MetricSamples Samples;
  std::string Error;
  REQUIRE(sextant::trace::readMetricFile(Path, Samples, Error));
  CHECK(Samples.ThreadIndex == 3);
  CHECK(Samples.Names ==
        std::vector<std::string>{"perf::PAGE-FAULTS", "cpu-time"});
  REQUIRE(Samples.Ticks.size() == 40);
  CHECK(Samples.Ticks[39] == 1039);
  CHECK(Samples.Values[2 * 39] == 390);
  CHECK(Samples.Values[2 * 39 + 1] == (uint64_t(1) << 40) + 39);
  CHECK_FALSE(Samples.Truncated);

  // Below a regular file: neither the file nor its directory can be made.
  ExperimentDirectory Blocked;
  Blocked.request(Path, /*Claim=*/false, "test", ::getpid());
  MetricTrace Unwritable(Blocked, "x.metrics", 0, {"A"}, 0);
  uint64_t One = 1;
  Unwritable.sample(1, &One);
  Unwritable.flush();
  CHECK(Unwritable.samplesDropped() == 1);
  CHECK_FALSE(Unwritable.error().empty());
}
