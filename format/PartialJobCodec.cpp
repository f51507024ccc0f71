//===- format/PartialJobCodec.cpp - A partial job as bytes ----------------===//
//
// Part of Sextant. serialize() and deserialize() of PartialJob.h: CBOR
// (nlohmann::json::to_cbor) of an object whose call tree is a flat list in
// preorder, each node with its number of children, so that neither side
// recurses over the tree's depth. deserialize() checks every field (types,
// ranges, region ids, ranks inside the partial's range, the tree's shape)
// and limits the nesting of the CBOR document, so that bytes cut short or
// garbage are an error, never a crash.
//
//===----------------------------------------------------------------------===//

#include "format/PartialJob.h"

#include <stdexcept>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

constexpr const char CodecFormat[] = "sextant-partial-job";
constexpr int CodecVersion = 1;
/// Deeper CBOR documents are rejected (regions, attributes and the
/// experiment are a few levels deep; the tree is flat).
constexpr int MaximumDepth = 64;

using DomParser = nlohmann::detail::json_sax_dom_parser<json>;

/// The DOM parser of nlohmann::json that stops at MaximumDepth levels.
class DepthLimitedParser : public DomParser {
public:
  explicit DepthLimitedParser(json &Result) : DomParser(Result, false) {}
  bool start_object(std::size_t Length) {
    return ++Depth <= MaximumDepth && DomParser::start_object(Length);
  }
  bool end_object() {
    --Depth;
    return DomParser::end_object();
  }
  bool start_array(std::size_t Length) {
    return ++Depth <= MaximumDepth && DomParser::start_array(Length);
  }
  bool end_array() {
    --Depth;
    return DomParser::end_array();
  }

private:
  int Depth = 0;
};

[[noreturn]] void malformed(const std::string &What) {
  throw std::runtime_error(What);
}

void require(bool Condition, const char *What) {
  if (!Condition)
    malformed(What);
}

json heldJson(const HeldAggregates &H) {
  json Values = json::array();
  for (const RankAggregate &A : H.Values)
    Values.push_back({A.Sum.Limbs[0], A.Sum.Limbs[1], A.Sum.Limbs[2], A.Min,
                      A.MinRank, A.Max, A.MaxRank});
  return {H.Holders, H.LowestHolder, H.LowestLacking, Values};
}

json trafficJson(const SparseTraffic &Row) {
  json List = json::array();
  for (const auto &[Partner, T] : Row)
    List.push_back({Partner, T.MessagesSent, T.BytesSent, T.MessagesReceived,
                    T.BytesReceived});
  return List;
}

json recordJson(const RankRecord &R) {
  json Functions = json::array();
  for (const auto &[Name, Counts] : R.Functions)
    Functions.push_back({Name, Counts[0], Counts[1], Counts[2], Counts[3]});
  return {R.Rank,
          R.Read,
          R.MpiRead,
          R.Entry,
          R.EndedBy,
          trafficJson(R.PointToPoint),
          trafficJson(R.OneSided),
          Functions};
}

/// Reads the fields of a partial back, checking each.
class Reader {
public:
  Reader(PartialJob &Partial) : Partial(Partial) {}

  void read(const json &Document) {
    require(Document.is_object(), "not an object");
    require(Document.at("format").get<std::string>() == CodecFormat,
            "not a partial job");
    require(Document.at("version").get<int>() == CodecVersion,
            "unknown version");
    const json &Range = Document.at("range");
    Partial.Range = {Range.at(0).get<int>(), Range.at(1).get<int>()};
    require(Partial.Range.Lo >= 0 && Partial.Range.Lo <= Partial.Range.Hi,
            "bad range");
    Partial.DeclaredRanks = Document.at("declared").get<int>();
    for (const json &Region : Document.at("regions")) {
      require(Region.is_object(), "bad region");
      size_t Before = Partial.Regions.regions().size();
      require(Partial.Regions.add(Region) == Before + 1, "repeated region");
    }
    Partial.RegionsVersion = Document.at("regions_version");
    Partial.FirstExperiment = Document.at("first_experiment");
    readMetrics(Document.at("metrics"));
    readNodes(Document.at("nodes"));
    for (const json &Time : Document.at("times"))
      Partial.Times[region(Time.at(0))] = held(Time.at(1), RegionTimeCount);
    for (const json &Function : Document.at("functions"))
      Partial.Functions[Function.at(0).get<std::string>()] =
          held(Function.at(1), job_keys::FunctionFieldCount);
    for (const json &Record : Document.at("ranks"))
      readRecord(Record);
    Partial.Tools = Document.at("tools");
    require(Partial.Tools.is_array(), "bad tools");
    for (const json &Problem : Document.at("problems"))
      Partial.Problems.push_back(Problem.get<std::string>());
  }

private:
  PartialJob &Partial;

  bool inRange(int Rank) const {
    return Rank >= Partial.Range.Lo && Rank < Partial.Range.Hi;
  }
  void rank(int Rank) const {
    require(Rank == -1 || inRange(Rank), "rank outside the range");
  }

  uint32_t region(const json &Id) const {
    uint32_t Region = Id.get<uint32_t>();
    require(Region >= 1 && Region <= Partial.Regions.regions().size(),
            "unknown region");
    return Region;
  }

  HeldAggregates held(const json &Held, size_t Count) const {
    HeldAggregates H;
    H.Holders = Held.at(0).get<int>();
    H.LowestHolder = Held.at(1).get<int>();
    H.LowestLacking = Held.at(2).get<int>();
    require(H.Holders >= 0 && H.Holders <= Partial.Range.Hi - Partial.Range.Lo,
            "bad holders");
    rank(H.LowestHolder);
    rank(H.LowestLacking);
    const json &Values = Held.at(3);
    require(Values.is_array() && Values.size() == Count, "bad values");
    for (const json &V : Values) {
      RankAggregate A;
      for (size_t L = 0; L < A.Sum.Limbs.size(); ++L)
        A.Sum.Limbs[L] = V.at(L).get<uint64_t>();
      A.Min = V.at(3).get<double>();
      A.MinRank = V.at(4).get<int>();
      A.Max = V.at(5).get<double>();
      A.MaxRank = V.at(6).get<int>();
      rank(A.MinRank);
      rank(A.MaxRank);
      H.Values.push_back(A);
    }
    return H;
  }

  void readMetrics(const json &Metrics) {
    JobMetrics Defaults;
    Partial.Metrics.Names.clear();
    Partial.Metrics.Integer.clear();
    for (const json &Metric : Metrics) {
      Partial.Metrics.Names.push_back(Metric.at(0).get<std::string>());
      Partial.Metrics.Integer.push_back(Metric.at(1).get<bool>());
    }
    require(Partial.Metrics.Names.size() >= Defaults.Names.size() &&
                std::equal(Defaults.Names.begin(), Defaults.Names.end(),
                           Partial.Metrics.Names.begin()),
            "bad metrics");
  }

  void readNodes(const json &Nodes) {
    require(Nodes.is_array(), "bad nodes");
    // The nodes whose children are still to come, with their number.
    std::vector<std::pair<MergedNode *, size_t>> Open{
        {&Partial.Root, Nodes.empty() ? 0 : SIZE_MAX}};
    for (const json &Entry : Nodes) {
      while (Open.size() > 1 && Open.back().second == 0)
        Open.pop_back();
      MergedNode &Parent = *Open.back().first;
      if (Open.size() > 1)
        --Open.back().second;
      auto Node = std::make_unique<MergedNode>();
      Node->Region = region(Entry.at(0));
      Node->Name = Entry.at(1).get<std::string>();
      Node->Type = Entry.at(2).get<std::string>();
      Node->Attributes = Entry.at(3);
      Node->Present = Entry.at(4).get<int>();
      require(Node->Present >= 0 &&
                  Node->Present <= Partial.Range.Hi - Partial.Range.Lo,
              "bad present ranks");
      Node->Values = held(Entry.at(5), Partial.Metrics.Names.size());
      size_t Children = Entry.at(6).get<size_t>();
      require(Children < Nodes.size(), "bad number of children");
      require(Parent.ChildByRegion.emplace(Node->Region, Node.get()).second,
              "repeated call path");
      Parent.Children.push_back(std::move(Node));
      Open.push_back({Parent.Children.back().get(), Children});
    }
    for (size_t I = 1; I < Open.size(); ++I)
      require(Open[I].second == 0, "the tree is cut short");
  }

  SparseTraffic traffic(const json &List) const {
    SparseTraffic Row;
    for (const json &Entry : List)
      Row.push_back(
          {Entry.at(0).get<int>(),
           {Entry.at(1).get<uint64_t>(), Entry.at(2).get<uint64_t>(),
            Entry.at(3).get<uint64_t>(), Entry.at(4).get<uint64_t>()}});
    return Row;
  }

  void readRecord(const json &Entry) {
    RankRecord R;
    R.Rank = Entry.at(0).get<int>();
    require(inRange(R.Rank) &&
                (Partial.Ranks.empty() || Partial.Ranks.back().Rank < R.Rank),
            "bad rank record");
    R.Read = Entry.at(1).get<bool>();
    R.MpiRead = Entry.at(2).get<bool>();
    R.Entry = Entry.at(3);
    R.EndedBy = Entry.at(4);
    R.PointToPoint = traffic(Entry.at(5));
    R.OneSided = traffic(Entry.at(6));
    for (const json &F : Entry.at(7)) {
      std::string Name = F.at(0).get<std::string>();
      require(Partial.Functions.count(Name), "unknown MPI function");
      auto &Counts = R.Functions[Name];
      for (size_t C = 0; C < Counts.size(); ++C)
        Counts[C] = F.at(C + 1).get<double>();
    }
    Partial.Ranks.push_back(std::move(R));
  }
};

} // namespace

std::string serialize(const PartialJob &Partial) {
  json Metrics = json::array();
  for (size_t M = 0; M < Partial.Metrics.Names.size(); ++M)
    Metrics.push_back({Partial.Metrics.Names[M], Partial.Metrics.Integer[M]});
  // The tree in preorder, without recursion.
  json Nodes = json::array();
  std::vector<const MergedNode *> Pending;
  for (auto Child = Partial.Root.Children.rbegin();
       Child != Partial.Root.Children.rend(); ++Child)
    Pending.push_back(Child->get());
  while (!Pending.empty()) {
    const MergedNode *Node = Pending.back();
    Pending.pop_back();
    Nodes.push_back({Node->Region, Node->Name, Node->Type, Node->Attributes,
                     Node->Present, heldJson(Node->Values),
                     Node->Children.size()});
    for (auto Child = Node->Children.rbegin(); Child != Node->Children.rend();
         ++Child)
      Pending.push_back(Child->get());
  }
  json Times = json::array();
  for (const auto &[Region, Held] : Partial.Times)
    Times.push_back({Region, heldJson(Held)});
  json Functions = json::array();
  for (const auto &[Name, Held] : Partial.Functions)
    Functions.push_back({Name, heldJson(Held)});
  json Ranks = json::array();
  for (const RankRecord &R : Partial.Ranks)
    Ranks.push_back(recordJson(R));
  json Document = {{"format", CodecFormat},
                   {"version", CodecVersion},
                   {"range", {Partial.Range.Lo, Partial.Range.Hi}},
                   {"declared", Partial.DeclaredRanks},
                   {"regions", Partial.Regions.regions()},
                   {"regions_version", Partial.RegionsVersion},
                   {"first_experiment", Partial.FirstExperiment},
                   {"metrics", Metrics},
                   {"nodes", Nodes},
                   {"times", Times},
                   {"functions", Functions},
                   {"ranks", Ranks},
                   {"tools", Partial.Tools},
                   {"problems", Partial.Problems}};
  std::vector<uint8_t> Bytes = json::to_cbor(Document);
  return std::string(Bytes.begin(), Bytes.end());
}

bool deserialize(const std::string &Bytes, PartialJob &Partial,
                 std::string &Error) {
  json Document;
  DepthLimitedParser Parser(Document);
  bool Parsed = false;
  try {
    Parsed = json::sax_parse(Bytes.begin(), Bytes.end(), &Parser,
                             json::input_format_t::cbor) &&
             !Parser.is_errored();
  } catch (const std::exception &) {
    Parsed = false; // an array or string longer than memory can be
  }
  if (!Parsed) {
    Error = "not a whole CBOR document of at most " +
            std::to_string(MaximumDepth) + " levels";
    return false;
  }
  PartialJob Read;
  try {
    Reader(Read).read(Document);
  } catch (const std::exception &Failure) {
    Error = std::string("malformed partial job: ") + Failure.what();
    return false;
  }
  Partial = std::move(Read);
  return true;
}

} // namespace format
} // namespace sextant
