//===- format/profile/HatchetJson.cpp - Hatchet's GraphFrame JSON ---------===//
//
// Part of Sextant. See HatchetJson.h. Trees are walked with explicit
// stacks: a call tree can be a million levels deep.
//
//===----------------------------------------------------------------------===//

#include "format/profile/HatchetJson.h"

#include "format/schema/JsonWriter.h"

#include <algorithm>
#include <unordered_map>

namespace sextant {
namespace format {

HatchetGraphFrame::HatchetGraphFrame() : Nodes(1) {}

uint32_t HatchetGraphFrame::child(uint32_t Parent, const CallPathNode &Node) {
  PathKey Key{Parent, Node.Name, static_cast<int>(Node.Type),
              Node.HasSource ? Node.File : std::string(),
              Node.HasSource ? Node.Line : 0};
  auto Found = ChildOf.find(Key);
  if (Found != ChildOf.end())
    return Found->second;
  uint32_t Id = static_cast<uint32_t>(Nodes.size());
  PathNode Path;
  Path.Name = Node.Name;
  Path.Type = Node.Type;
  Path.File = std::get<3>(Key);
  Path.Line = std::get<4>(Key);
  Nodes.push_back(std::move(Path));
  Nodes[Parent].Children.push_back(Id);
  ChildOf.emplace(std::move(Key), Id);
  return Id;
}

void HatchetGraphFrame::addRank(int Rank, const ThreadProfileList &Threads) {
  for (const ThreadProfile &Thread : Threads.Threads) {
    const CallPathProfile &Profile = Thread.Profile;
    std::vector<uint32_t> PathOf(Profile.size(), 0);
    // A thread has one row per call path, also where two of its nodes
    // merge into one path.
    std::unordered_map<uint32_t, size_t> RowOf;
    Profile.walk([&](size_t Index) {
      const CallPathNode &Node = Profile.node(Index);
      uint32_t Parent =
          Node.Parent == CallPathProfile::NoParent ? 0 : PathOf[Node.Parent];
      uint32_t Path = child(Parent, Node);
      PathOf[Index] = Path;
      auto Inserted = RowOf.emplace(Path, Rows.size());
      if (Inserted.second)
        Rows.push_back({Path, Rank, Thread.Index});
      Row &R = Rows[Inserted.first->second];
      R.Inclusive += Node.InclusiveSeconds;
      R.Exclusive += Node.ExclusiveSeconds;
      R.Visits += Node.Visits;
    });
  }
}

namespace {

/// Seconds with nanosecond resolution, as in profile.json.
constexpr int SecondDecimals = 9;

std::string joinedCommand(const std::vector<std::string> &Arguments) {
  std::string Command;
  for (const std::string &Argument : Arguments)
    Command += (Command.empty() ? "" : " ") + Argument;
  return Command;
}

void writeMetadata(JsonWriter &Json, const HatchetRun &Run) {
  const ExperimentMetadata &E = Run.Experiment;
  Json.beginObject();
  Json.member(experiment_keys::Program, E.Program);
  Json.member("command", joinedCommand(E.Arguments));
  Json.member(experiment_keys::Hostname, E.Hostname);
  Json.member(experiment_keys::StartTime, E.StartTime);
  Json.member(experiment_keys::EndTime, E.EndTime);
  Json.key(experiment_keys::WallSeconds);
  Json.realNumber(E.WallSeconds);
  Json.memberUnsigned(experiment_keys::MpiRanks, Run.MpiRanks);
  Json.memberUnsigned("ranks_exported", Run.RanksExported.size());
  Json.memberUnsigned(experiment_keys::Threads, Run.Threads);
  Json.member(experiment_keys::SextantVersion, E.SextantVersion);
  Json.member("experiment_directory", Run.Directory);
  Json.endObject();
}

void writeMetricNames(JsonWriter &Json, const char *Key,
                      std::initializer_list<const char *> Names) {
  Json.key(Key);
  Json.beginArray();
  for (const char *Name : Names)
    Json.string(Name);
  Json.endArray();
}

} // namespace

std::string HatchetGraphFrame::render(const HatchetRun &Run) const {
  // Hatchet's node ids: depth-first order over all roots.
  std::vector<uint64_t> IdOf(Nodes.size(), 0);
  std::vector<uint32_t> Order; // the nodes in id order
  std::vector<uint32_t> Stack(Nodes[0].Children.rbegin(),
                              Nodes[0].Children.rend());
  while (!Stack.empty()) {
    uint32_t Path = Stack.back();
    Stack.pop_back();
    IdOf[Path] = Order.size();
    Order.push_back(Path);
    Stack.insert(Stack.end(), Nodes[Path].Children.rbegin(),
                 Nodes[Path].Children.rend());
  }

  std::vector<bool> IsRoot(Nodes.size(), false);
  for (uint32_t Root : Nodes[0].Children)
    IsRoot[Root] = true;

  std::string Out;
  JsonWriter Json(Out);
  Json.beginObject();
  Json.key(hatchet_keys::Graph);
  Json.beginArray();
  // Each root's subtree is the run of Order from the root to the next root.
  for (size_t At = 0; At < Order.size();) {
    Json.lineBreak();
    Json.beginObject();
    do {
      const PathNode &Node = Nodes[Order[At]];
      Json.key(std::to_string(At));
      Json.beginObject();
      Json.key(hatchet_keys::Data);
      Json.beginObject();
      Json.member(keys::Name, Node.Name);
      Json.member(keys::Type, frameTypeName(Node.Type));
      Json.endObject();
      Json.key(hatchet_keys::Children);
      Json.beginArray();
      for (uint32_t Child : Node.Children)
        Json.unsignedNumber(IdOf[Child]);
      Json.endArray();
      Json.endObject();
      ++At;
    } while (At < Order.size() && !IsRoot[Order[At]]);
    Json.endObject();
  }
  Json.endArray();

  Json.key(hatchet_keys::DataframeIndices);
  Json.beginArray();
  Json.string(hatchet_keys::Node);
  Json.string(hatchet_keys::Rank);
  Json.string(hatchet_keys::Thread);
  Json.endArray();

  std::vector<const Row *> Sorted;
  for (const Row &R : Rows)
    Sorted.push_back(&R);
  std::sort(Sorted.begin(), Sorted.end(), [&](const Row *A, const Row *B) {
    return std::make_tuple(IdOf[A->Node], A->Rank, A->Thread) <
           std::make_tuple(IdOf[B->Node], B->Rank, B->Thread);
  });
  Json.key(hatchet_keys::Dataframe);
  Json.beginArray();
  for (const Row *R : Sorted) {
    const PathNode &Node = Nodes[R->Node];
    Json.lineBreak();
    Json.beginObject();
    Json.memberUnsigned(hatchet_keys::Node, IdOf[R->Node]);
    Json.key(hatchet_keys::Rank);
    Json.signedNumber(R->Rank);
    Json.memberUnsigned(hatchet_keys::Thread, R->Thread);
    Json.member(keys::Name, Node.Name);
    Json.key(keys::File);
    if (Node.File.empty())
      Json.null();
    else
      Json.string(Node.File);
    Json.key(keys::Line);
    if (Node.File.empty())
      Json.null();
    else
      Json.unsignedNumber(Node.Line);
    Json.key(keys::InclusiveTime);
    Json.fixedNumber(R->Inclusive, SecondDecimals);
    Json.key(keys::ExclusiveTime);
    Json.fixedNumber(R->Exclusive, SecondDecimals);
    Json.memberUnsigned(keys::Visits, R->Visits);
    Json.endObject();
  }
  Json.lineBreak();
  Json.endArray();

  writeMetricNames(Json, hatchet_keys::ExclusiveMetrics,
                   {keys::ExclusiveTime, keys::Visits});
  writeMetricNames(Json, hatchet_keys::InclusiveMetrics, {keys::InclusiveTime});
  Json.member(hatchet_keys::DefaultMetric, keys::ExclusiveTime);
  Json.key(hatchet_keys::Metadata);
  writeMetadata(Json, Run);
  Json.endObject();
  Out += '\n';
  return Out;
}

} // namespace format
} // namespace sextant
