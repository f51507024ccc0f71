//===- mpi/CrossRankProfile.cpp - The combined view of an MPI job ---------===//
//
// Part of Sextant. See CrossRankProfile.h.
//
//===----------------------------------------------------------------------===//

#include "CrossRankProfile.h"

#include "CommMatrix.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <unordered_map>

namespace sextant {
namespace mpi {

namespace {

using nlohmann::json;

/// The metrics of a profile node, in the order of profile.json.
constexpr const char *MetricNames[] = {"time (inc)", "time", "visits"};
constexpr size_t MetricCount = 3;

/// Identity of a region across ranks.
std::string regionKey(const json &Region) {
  return Region.value("name", "") + '\x1f' + Region.value("mangled", "") +
         '\x1f' + Region.value("file", "") + '\x1f' +
         std::to_string(Region.value("begin_line", 0u)) + '\x1f' +
         Region.value("module", "");
}

struct MergedNode {
  uint32_t Region = 0; // merged id
  std::string Name;
  std::string Type;
  json Attributes;
  /// Values[metric][position of the rank in the input]
  std::vector<std::vector<double>> Values;
  std::vector<std::unique_ptr<MergedNode>> Children;
  std::unordered_map<uint32_t, MergedNode *> ChildByRegion;

  explicit MergedNode(size_t Ranks)
      : Values(MetricCount, std::vector<double>(Ranks, 0.0)) {}
  double total(size_t Metric) const {
    double Sum = 0;
    for (double V : Values[Metric])
      Sum += V;
    return Sum;
  }
};

struct RegionUnion {
  std::vector<json> Regions; // merged, id = index + 1
  std::unordered_map<std::string, uint32_t> ByKey;

  uint32_t add(json Region) {
    std::string Key = regionKey(Region);
    auto Found = ByKey.find(Key);
    if (Found != ByKey.end())
      return Found->second;
    uint32_t Id = static_cast<uint32_t>(Regions.size() + 1);
    Region["id"] = Id;
    Regions.push_back(std::move(Region));
    ByKey.emplace(Key, Id);
    return Id;
  }
};

void mergeTree(const json &Nodes, MergedNode &Parent, size_t Position,
               size_t Ranks, const std::unordered_map<uint32_t, uint32_t> &Ids,
               RegionUnion &Union) {
  if (!Nodes.is_array())
    return;
  for (const json &Node : Nodes) {
    const json &Attributes = Node.value("attributes", json::object());
    uint32_t Local = Attributes.value("region_id", 0u);
    auto Found = Ids.find(Local);
    uint32_t Id;
    if (Found != Ids.end()) {
      Id = Found->second;
    } else {
      // A region missing from regions.json: keyed by its frame name.
      json Stand = {{"name", Node["frame"].value("name", "?")},
                    {"mangled", ""},
                    {"file", ""},
                    {"begin_line", 0},
                    {"module", ""}};
      Id = Union.add(Stand);
    }
    MergedNode *Child;
    auto Existing = Parent.ChildByRegion.find(Id);
    if (Existing != Parent.ChildByRegion.end()) {
      Child = Existing->second;
    } else {
      Parent.Children.push_back(std::make_unique<MergedNode>(Ranks));
      Child = Parent.Children.back().get();
      Child->Region = Id;
      Child->Name = Node["frame"].value("name", "?");
      Child->Type = Node["frame"].value("type", "function");
      Child->Attributes = Attributes;
      Child->Attributes["region_id"] = Id;
      Parent.ChildByRegion.emplace(Id, Child);
    }
    const json &Metrics = Node.value("metrics", json::object());
    for (size_t M = 0; M < MetricCount; ++M)
      Child->Values[M][Position] += Metrics.value(MetricNames[M], 0.0);
    mergeTree(Node.value("children", json::array()), *Child, Position, Ranks,
              Ids, Union);
  }
}

json metricValue(size_t Metric, double Value) {
  if (Metric == 2)
    return static_cast<uint64_t>(Value + 0.5);
  return Value;
}

json renderNode(const MergedNode &Node, const std::vector<int> &RankOf,
                int RankCount) {
  json Out;
  Out["frame"] = {{"name", Node.Name}, {"type", Node.Type}};
  json Metrics = json::object();
  for (size_t M = 0; M < MetricCount; ++M)
    Metrics[MetricNames[M]] = metricValue(M, Node.total(M));
  for (size_t M = 0; M < MetricCount; ++M) {
    // Every rank of the job counts; ranks without data count 0.
    std::vector<double> All(static_cast<size_t>(RankCount), 0.0);
    for (size_t P = 0; P < RankOf.size(); ++P)
      All[RankOf[P]] = Node.Values[M][P];
    RankStatistics Stats = rankStatistics(All);
    std::string Name = MetricNames[M];
    Metrics[Name + " (min)"] = Stats.Min;
    Metrics[Name + " (mean)"] = Stats.Mean;
    Metrics[Name + " (max)"] = Stats.Max;
  }
  for (size_t P = 0; P < RankOf.size(); ++P)
    for (size_t M = 0; M < MetricCount; ++M)
      Metrics[std::string(MetricNames[M]) + " [rank " +
              std::to_string(RankOf[P]) + "]"] =
          metricValue(M, Node.Values[M][P]);
  Out["metrics"] = Metrics;
  json Attributes = Node.Attributes;
  int Present = 0;
  for (size_t P = 0; P < RankOf.size(); ++P)
    Present += Node.Values[2][P] > 0 || Node.Values[0][P] > 0;
  Attributes["ranks"] = Present;
  Out["attributes"] = Attributes;
  std::vector<const MergedNode *> Sorted;
  for (const auto &Child : Node.Children)
    Sorted.push_back(Child.get());
  std::sort(Sorted.begin(), Sorted.end(),
            [](const MergedNode *A, const MergedNode *B) {
              double TA = A->total(0), TB = B->total(0);
              if (TA != TB)
                return TA > TB;
              return A->Region < B->Region;
            });
  json Children = json::array();
  for (const MergedNode *Child : Sorted)
    Children.push_back(renderNode(*Child, RankOf, RankCount));
  Out["children"] = Children;
  return Out;
}

/// Per region: per rank exclusive time, and inclusive time not counted
/// twice for recursion.
struct RegionTimes {
  std::vector<double> Inclusive;
  std::vector<double> Exclusive;
  std::vector<double> Visits;
};

void collectTimes(const MergedNode &Node, std::multiset<uint32_t> &Open,
                  std::map<uint32_t, RegionTimes> &Times, size_t Ranks) {
  RegionTimes &T = Times[Node.Region];
  if (T.Inclusive.empty()) {
    T.Inclusive.assign(Ranks, 0);
    T.Exclusive.assign(Ranks, 0);
    T.Visits.assign(Ranks, 0);
  }
  bool Outermost = Open.count(Node.Region) == 0;
  for (size_t P = 0; P < Ranks; ++P) {
    if (Outermost)
      T.Inclusive[P] += Node.Values[0][P];
    T.Exclusive[P] += Node.Values[1][P];
    T.Visits[P] += Node.Values[2][P];
  }
  auto Position = Open.insert(Node.Region);
  for (const auto &Child : Node.Children)
    collectTimes(*Child, Open, Times, Ranks);
  Open.erase(Position);
}

json statisticsJson(const std::vector<double> &PerRank) {
  RankStatistics S = rankStatistics(PerRank);
  double Total = 0;
  for (double V : PerRank)
    Total += V;
  return {{"total", Total},        {"min", S.Min},
          {"mean", S.Mean},        {"max", S.Max},
          {"min_rank", S.MinRank}, {"max_rank", S.MaxRank},
          {"per_rank", PerRank}};
}

std::string fixed(double Value, int Decimals) {
  char Buffer[64];
  std::snprintf(Buffer, sizeof(Buffer), "%.*f", Decimals, Value);
  return Buffer;
}

std::string padLeft(const std::string &Text, size_t Width) {
  return Text.size() >= Width ? Text
                              : std::string(Width - Text.size(), ' ') + Text;
}

json parseOrNull(const std::string &Text) {
  if (Text.empty())
    return json();
  return json::parse(Text, nullptr, /*allow_exceptions=*/false);
}

} // namespace

CombinedFiles combineRanks(const std::vector<RankFiles> &Ranks, int RankCount,
                           const std::string &BaseDirectory) {
  CombinedFiles Out;
  std::vector<const RankFiles *> Sorted;
  for (const RankFiles &R : Ranks)
    if (R.Rank >= 0 && R.Rank < RankCount)
      Sorted.push_back(&R);
  std::sort(
      Sorted.begin(), Sorted.end(),
      [](const RankFiles *A, const RankFiles *B) { return A->Rank < B->Rank; });

  // Parse; ranks with an unreadable profile or regions file are left out
  // of the merged profile (their mpi.json may still count).
  std::vector<int> RankOf; // input position -> rank
  std::vector<json> Profiles, RegionFiles, Experiments;
  std::vector<json> MpiFiles(static_cast<size_t>(RankCount));
  std::vector<bool> HaveMpi(static_cast<size_t>(RankCount), false);
  std::set<int> Seen;
  for (const RankFiles *R : Sorted) {
    if (!Seen.insert(R->Rank).second)
      continue;
    json Mpi = parseOrNull(R->Mpi);
    if (Mpi.is_object()) {
      MpiFiles[R->Rank] = Mpi;
      HaveMpi[R->Rank] = true;
    } else {
      Out.Problems.push_back("rank " + std::to_string(R->Rank) +
                             ": mpi.json is missing or unreadable");
    }
    json Profile = parseOrNull(R->Profile);
    json Regions = parseOrNull(R->Regions);
    json Experiment = parseOrNull(R->Experiment);
    if (!Profile.is_array() || !Regions.is_object() ||
        !Experiment.is_object()) {
      Out.Problems.push_back(
          "rank " + std::to_string(R->Rank) +
          ": profile.json, regions.json or experiment.json is missing or "
          "unreadable; the rank is left out of the combined profile");
      continue;
    }
    RankOf.push_back(R->Rank);
    Profiles.push_back(std::move(Profile));
    RegionFiles.push_back(std::move(Regions));
    Experiments.push_back(std::move(Experiment));
  }
  for (int Rank = 0; Rank < RankCount; ++Rank)
    if (!Seen.count(Rank))
      Out.Problems.push_back("rank " + std::to_string(Rank) +
                             ": no data was received");

  // Regions and the merged tree.
  RegionUnion Union;
  MergedNode Root(RankOf.size());
  for (size_t P = 0; P < RankOf.size(); ++P) {
    std::unordered_map<uint32_t, uint32_t> Ids;
    for (const json &Region : RegionFiles[P].value("regions", json::array()))
      Ids[Region.value("id", 0u)] = Union.add(Region);
    mergeTree(Profiles[P], Root, P, RankOf.size(), Ids, Union);
  }
  json RegionsOut = {{"format", "sextant-regions"},
                     {"format_version", 1},
                     {"regions", Union.Regions}};
  if (!RegionFiles.empty())
    RegionsOut["format_version"] = RegionFiles[0].value("format_version", 1);
  Out.Regions = RegionsOut.dump(2) + "\n";
  json ProfileOut = renderNode(Root, RankOf, RankCount)["children"];
  Out.Profile = ProfileOut.dump() + "\n";

  // experiment.json: the lowest rank's, with the job's totals.
  json Experiment = Experiments.empty() ? json::object() : Experiments[0];
  Experiment["format"] = "sextant-experiment";
  if (!Experiment.contains("format_version"))
    Experiment["format_version"] = 1;
  Experiment["output_directory"] = BaseDirectory;
  Experiment["mpi_rank"] = nullptr;
  Experiment["mpi_ranks"] = RankCount;
  uint64_t Threads = 0;
  std::vector<double> Wall(static_cast<size_t>(RankCount), 0.0);
  json RankList = json::array();
  for (size_t P = 0; P < RankOf.size(); ++P) {
    const json &E = Experiments[P];
    Threads += E.value("threads", 0u);
    Wall[RankOf[P]] = E.value("wall_time_seconds", 0.0);
    RankList.push_back(
        {{"rank", RankOf[P]},
         {"directory", "rank-" + std::to_string(RankOf[P])},
         {"pid", E.value("pid", 0)},
         {"hostname", E.value("hostname", "")},
         {"threads", E.value("threads", 0u)},
         {"wall_time_seconds", E.value("wall_time_seconds", 0.0)},
         {"ended_by_signal", E.value("ended_by_signal", json())}});
  }
  Experiment["threads"] = Threads;
  Experiment["regions_registered"] = Union.Regions.size();
  Experiment["ranks"] = RankList;
  Experiment["combined"] = true;
  Out.Experiment = Experiment.dump(2) + "\n";

  // mpi.json: matrices and functions.
  auto Matrix = [&](const char *Section) {
    std::vector<std::vector<Traffic>> Rows(
        static_cast<size_t>(RankCount),
        std::vector<Traffic>(static_cast<size_t>(RankCount)));
    for (int Rank = 0; Rank < RankCount; ++Rank) {
      if (!HaveMpi[Rank])
        continue;
      for (const json &Entry : MpiFiles[Rank].value(Section, json::array())) {
        int Partner = Entry.value("partner", -1);
        if (Partner < 0 || Partner >= RankCount)
          continue;
        Traffic &T = Rows[Rank][Partner];
        T.MessagesSent = Entry.value("messages_sent", uint64_t(0));
        T.BytesSent = Entry.value("bytes_sent", uint64_t(0));
        T.MessagesReceived = Entry.value("messages_received", uint64_t(0));
        T.BytesReceived = Entry.value("bytes_received", uint64_t(0));
      }
    }
    return Rows;
  };
  auto MatrixJson = [&](const std::vector<std::vector<Traffic>> &Rows) {
    json Result;
    const char *Names[] = {"messages_sent", "bytes_sent", "messages_received",
                           "bytes_received"};
    for (int Field = 0; Field < 4; ++Field) {
      json Table = json::array();
      for (const auto &Row : Rows) {
        json Line = json::array();
        for (const Traffic &T : Row) {
          const uint64_t Values[] = {T.MessagesSent, T.BytesSent,
                                     T.MessagesReceived, T.BytesReceived};
          Line.push_back(Values[Field]);
        }
        Table.push_back(Line);
      }
      Result[Names[Field]] = Table;
    }
    return Result;
  };
  std::vector<std::vector<Traffic>> PointToPoint = Matrix("point_to_point");
  std::vector<std::vector<Traffic>> OneSided = Matrix("one_sided");
  std::vector<std::string> Asymmetries;
  bool AllRanks =
      std::all_of(HaveMpi.begin(), HaveMpi.end(), [](bool B) { return B; });
  if (AllRanks)
    Asymmetries = matrixAsymmetries(PointToPoint);
  for (const std::string &A : Asymmetries)
    Out.Problems.push_back("point-to-point traffic is asymmetric: " + A);

  std::map<std::string, std::vector<std::vector<double>>> Functions;
  const char *FunctionFields[] = {"calls", "bytes_sent", "bytes_received",
                                  "root_calls"};
  for (int Rank = 0; Rank < RankCount; ++Rank) {
    if (!HaveMpi[Rank])
      continue;
    for (const json &F : MpiFiles[Rank].value("functions", json::array())) {
      auto &Fields = Functions[F.value("name", "?")];
      if (Fields.empty())
        Fields.assign(4, std::vector<double>(static_cast<size_t>(RankCount)));
      for (int Field = 0; Field < 4; ++Field)
        Fields[Field][Rank] = F.value(FunctionFields[Field], 0.0);
    }
  }
  json FunctionList = json::array();
  for (const auto &[Name, Fields] : Functions) {
    json F = {{"name", Name}};
    for (int Field = 0; Field < 4; ++Field)
      F[FunctionFields[Field]] = statisticsJson(Fields[Field]);
    FunctionList.push_back(F);
  }
  json Tools = json::array();
  std::set<std::string> ToolKeys;
  json RankStates = json::array();
  for (int Rank = 0; Rank < RankCount; ++Rank) {
    if (!HaveMpi[Rank]) {
      RankStates.push_back(nullptr);
      continue;
    }
    RankStates.push_back(MpiFiles[Rank].value("ended_by", json()));
    for (const json &T :
         MpiFiles[Rank].value("other_pmpi_tools", json::array()))
      if (ToolKeys.insert(T.dump()).second)
        Tools.push_back(T);
  }
  json MpiOut = {{"format", "sextant-mpi-job"},
                 {"format_version", 1},
                 {"ranks", RankCount},
                 {"ranks_ended_by", RankStates},
                 {"point_to_point", MatrixJson(PointToPoint)},
                 {"one_sided", MatrixJson(OneSided)},
                 {"point_to_point_symmetric",
                  AllRanks ? json(Asymmetries.empty()) : json()},
                 {"point_to_point_asymmetries", Asymmetries},
                 {"functions", FunctionList},
                 {"other_pmpi_tools", Tools}};
  Out.Mpi = MpiOut.dump(2) + "\n";

  // summary.txt
  std::string S;
  std::string Program = Experiment.value("program", "");
  S += "Sextant MPI job: " + Program + ", " + std::to_string(RankCount) +
       " rank(s)\n";
  S += "Experiment: " + BaseDirectory +
       " (each rank's own experiment: rank-<r>/)\n";
  RankStatistics WallStats = rankStatistics(Wall);
  S += "Wall time (s): min " + fixed(WallStats.Min, 6) + " (rank " +
       std::to_string(WallStats.MinRank) + "), mean " +
       fixed(WallStats.Mean, 6) + ", max " + fixed(WallStats.Max, 6) +
       " (rank " + std::to_string(WallStats.MaxRank) + ")\n";
  for (const std::string &P : Out.Problems)
    S += "Warning: " + P + "\n";

  std::map<uint32_t, RegionTimes> Times;
  std::multiset<uint32_t> Open;
  for (const auto &Child : Root.Children)
    collectTimes(*Child, Open, Times, RankOf.size());
  struct Line {
    uint32_t Region;
    RankStatistics Inclusive;
    RankStatistics Exclusive;
    double TotalInclusive;
    double Visits;
  };
  std::vector<Line> Lines;
  for (const auto &[Region, T] : Times) {
    std::vector<double> Inc(static_cast<size_t>(RankCount), 0.0);
    std::vector<double> Exc(static_cast<size_t>(RankCount), 0.0);
    double Total = 0, Visits = 0;
    for (size_t P = 0; P < RankOf.size(); ++P) {
      Inc[RankOf[P]] = T.Inclusive[P];
      Exc[RankOf[P]] = T.Exclusive[P];
      Total += T.Inclusive[P];
      Visits += T.Visits[P];
    }
    Lines.push_back(
        {Region, rankStatistics(Inc), rankStatistics(Exc), Total, Visits});
  }
  std::sort(Lines.begin(), Lines.end(), [](const Line &A, const Line &B) {
    if (A.TotalInclusive != B.TotalInclusive)
      return A.TotalInclusive > B.TotalInclusive;
    return A.Region < B.Region;
  });
  S += "\nRegions across ranks (inclusive and exclusive seconds per rank)\n";
  S += "  incl min  incl mean   incl max  max rank   excl mean       visits  "
       "region\n";
  for (const Line &L : Lines) {
    std::string Name = L.Region >= 1 && L.Region <= Union.Regions.size()
                           ? Union.Regions[L.Region - 1].value("name", "?")
                           : "?";
    S += padLeft(fixed(L.Inclusive.Min, 6), 10) + " " +
         padLeft(fixed(L.Inclusive.Mean, 6), 10) + " " +
         padLeft(fixed(L.Inclusive.Max, 6), 10) + " " +
         padLeft(std::to_string(L.Inclusive.MaxRank), 9) + " " +
         padLeft(fixed(L.Exclusive.Mean, 6), 11) + " " +
         padLeft(std::to_string(static_cast<uint64_t>(L.Visits + 0.5)), 12) +
         "  " + Name + "\n";
  }
  S += "\nMPI functions (calls and bytes summed over ranks; min/max calls "
       "per rank)\n";
  S += "       calls  min calls  max calls    bytes sent  bytes received  "
       "function\n";
  for (const auto &[Name, Fields] : Functions) {
    RankStatistics Calls = rankStatistics(Fields[0]);
    double Total = 0, Sent = 0, Received = 0;
    for (int Rank = 0; Rank < RankCount; ++Rank) {
      Total += Fields[0][Rank];
      Sent += Fields[1][Rank];
      Received += Fields[2][Rank];
    }
    S += padLeft(fixed(Total, 0), 12) + " " + padLeft(fixed(Calls.Min, 0), 10) +
         " " + padLeft(fixed(Calls.Max, 0), 10) + " " +
         padLeft(fixed(Sent, 0), 13) + " " + padLeft(fixed(Received, 0), 15) +
         "  " + Name + "\n";
  }
  auto Table = [&](const std::string &Title,
                   const std::vector<std::vector<Traffic>> &Rows,
                   uint64_t Traffic::*Field) {
    S += "\n" + Title + " (row: from rank, column: to rank)\n" + padLeft("", 6);
    for (int To = 0; To < RankCount; ++To)
      S += padLeft(std::to_string(To), 14);
    S += "\n";
    for (int From = 0; From < RankCount; ++From) {
      S += padLeft(std::to_string(From), 6);
      for (int To = 0; To < RankCount; ++To)
        S += padLeft(std::to_string(Rows[From][To].*Field), 14);
      S += "\n";
    }
  };
  Table("Point-to-point bytes sent", PointToPoint, &Traffic::BytesSent);
  Table("Point-to-point messages sent", PointToPoint, &Traffic::MessagesSent);
  bool AnyOneSided = false;
  for (const auto &Row : OneSided)
    for (const Traffic &T : Row)
      AnyOneSided |= !T.empty();
  if (AnyOneSided) {
    Table("One-sided bytes put/accumulated", OneSided, &Traffic::BytesSent);
    Table("One-sided bytes got", OneSided, &Traffic::BytesReceived);
  }
  S += "\nPoint-to-point matrix: ";
  if (!AllRanks)
    S += "incomplete (ranks are missing)\n";
  else if (Asymmetries.empty())
    S += "symmetric (every message sent was received)\n";
  else
    S += std::to_string(Asymmetries.size()) + " asymmetric pair(s)\n";
  for (const json &T : Tools)
    S += "Other PMPI tool: " + T.value("library", "?") + " (" +
         T.value("position", "?") + " Sextant, " +
         std::to_string(T.value("functions", 0)) + " function(s))\n";
  Out.Summary = S;
  return Out;
}

} // namespace mpi
} // namespace sextant
