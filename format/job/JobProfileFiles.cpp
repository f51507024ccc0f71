//===- format/job/JobProfileFiles.cpp - The job's two profiles ------------===//
//
// Part of Sextant. See JobProfileFiles.h. The tree is walked with an
// explicit stack: a call tree can be a million levels deep.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobProfileFiles.h"
#include "format/job/JsonDocument.h"
#include "format/job/ProfileRanksJson.h"
#include "format/schema/JsonWriter.h"

#include "common/NumberRange.h"

#include <algorithm>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

json nodeMetrics(const MergedNode &Node, const JobMetrics &Metrics) {
  json Values = json::object();
  for (size_t M = 0; M < Metrics.Names.size(); ++M) {
    double Sum = Node.total(M);
    if (Metrics.Integer[M])
      Values[Metrics.Names[M]] = roundSaturated<uint64_t>(Sum);
    else
      Values[Metrics.Names[M]] = Sum;
  }
  return Values;
}

/// The children in decreasing inclusive time, then by region.
std::vector<const MergedNode *> sortedChildren(const MergedNode &Node) {
  std::vector<std::pair<double, const MergedNode *>> ByTime;
  for (const auto &Child : Node.Children)
    ByTime.push_back({Child->total(InclusiveTime), Child.get()});
  std::sort(ByTime.begin(), ByTime.end(), [](const auto &A, const auto &B) {
    if (A.first != B.first)
      return A.first > B.first;
    return A.second->Region < B.second->Region;
  });
  std::vector<const MergedNode *> Sorted;
  for (const auto &Entry : ByTime)
    Sorted.push_back(Entry.second);
  return Sorted;
}

/// The members of Node's object in the job's profile.json before its
/// children (the keys in order, as nlohmann::json sorts them).
void writeNodeHead(JsonWriter &Writer, const MergedNode &Node, uint64_t Id) {
  json Attributes = Node.Attributes;
  Attributes[keys::Ranks] = Node.Present;
  Attributes[keys::NodeId] = Id;
  Writer.key(keys::Attributes);
  writeJsonValue(Writer, Attributes);
  Writer.key(keys::Children);
}

/// The members after the children.
void writeNodeTail(JsonWriter &Writer, const MergedNode &Node,
                   const JobMetrics &Metrics) {
  Writer.key(keys::Frame);
  writeJsonValue(Writer, {{keys::Name, Node.Name}, {keys::Type, Node.Type}});
  Writer.key(keys::Metrics);
  writeJsonValue(Writer, nodeMetrics(Node, Metrics));
}

} // namespace

JobProfileFiles jobProfileFiles(const MergedNode &Root,
                                const std::vector<int> &RanksRead,
                                RankRange Range, int RankCount,
                                const JobMetrics &Metrics) {
  // Both files are written while the tree is walked, with an explicit
  // stack of the children still to write: no recursion, no document of the
  // whole tree. Nodes are numbered in the order they are opened.
  struct Pending {
    std::vector<const MergedNode *> Children;
    size_t Next;
    const MergedNode *Node; ///< nullptr for Root
    uint64_t Id;
  };
  JobProfileFiles Files;
  JsonWriter Writer(Files.Profile);
  ProfileRanksWriter Statistics(Files.ProfileRanks, RanksRead, Range, RankCount,
                                Metrics);
  uint64_t NextId = 0;
  std::vector<Pending> Stack;
  Writer.beginArray();
  Stack.push_back(
      {sortedChildren(Root), 0, nullptr, ProfileRanksWriter::NoParent});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Children.size()) {
      Writer.endArray();
      const MergedNode *Done = Top.Node;
      Stack.pop_back();
      if (Done) {
        writeNodeTail(Writer, *Done, Metrics);
        Writer.endObject();
      }
      continue;
    }
    const MergedNode *Node = Top.Children[Top.Next++];
    uint64_t Id = NextId++;
    Statistics.node(Id, Top.Id, *Node);
    Writer.beginObject();
    writeNodeHead(Writer, *Node, Id);
    Writer.beginArray();
    Stack.push_back({sortedChildren(*Node), 0, Node, Id});
  }
  Files.Profile += '\n';
  Statistics.finish();
  return Files;
}

} // namespace format
} // namespace sextant
