//===- format/profile/HatchetJson.h - Hatchet's GraphFrame JSON -----------===//
//
// Part of Sextant. `sextant export --format=hatchet`: the per-thread call
// trees of one experiment or of every rank of an MPI job as the JSON of
// LLNL Hatchet's GraphFrame.to_json(), which GraphFrame.from_json() reads
// (hatchet/readers/json_reader.py):
//
//   {"graph": [{"<nid>": {"data": {"name": .., "type": ..},
//                         "children": [<nid>, ...]}, ...}, ...],
//    "dataframe_indices": ["node", "rank", "thread"],
//    "dataframe": [{"node": <nid>, "rank": r, "thread": t, "name": ..,
//                   "file": .., "line": .., "time (inc)": s, "time": s,
//                   "visits": n}, ...],
//    "exclusive_metrics": ["time", "visits"],
//    "inclusive_metrics": ["time (inc)"],
//    "default_metric": "time",
//    "metadata": {"program": .., "command": .., ...}}
//
// "graph" holds one object per root: the root's subtree, keyed by node id
// (Hatchet's _hatchet_nid: depth-first order over all roots). The ranks'
// and threads' trees are merged by call path (frame name, type, file and
// line); the dataframe has one row per call path a thread ran, indexed by
// (node, rank, thread index of profile-threads.json). docs/output-formats.md
// documents every key.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_HATCHETJSON_H
#define SEXTANT_FORMAT_PROFILE_HATCHETJSON_H

#include "format/schema/ExperimentDescription.h"
#include "format/profile/ThreadProfiles.h"

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace sextant {
namespace format {

/// The keys of the GraphFrame document.
namespace hatchet_keys {
constexpr char Graph[] = "graph";
constexpr char Data[] = "data";
constexpr char Children[] = "children";
constexpr char DataframeIndices[] = "dataframe_indices";
constexpr char Dataframe[] = "dataframe";
constexpr char Node[] = "node";
constexpr char Rank[] = "rank";
constexpr char Thread[] = "thread";
constexpr char ExclusiveMetrics[] = "exclusive_metrics";
constexpr char InclusiveMetrics[] = "inclusive_metrics";
constexpr char DefaultMetric[] = "default_metric";
constexpr char Metadata[] = "metadata";
} // namespace hatchet_keys

/// The run metadata of the document (Thicket composes runs by it).
struct HatchetRun {
  ExperimentMetadata Experiment; ///< rank 0's (the lowest rank read)
  uint64_t MpiRanks = 1;         ///< 1 for a process without MPI
  std::vector<int> RanksExported;
  uint64_t Threads = 0; ///< summed over the ranks exported
  std::string Directory;
};

class HatchetGraphFrame {
public:
  HatchetGraphFrame();
  /// Adds every thread of Threads (one rank's profile-threads.json) as the
  /// rows (node, Rank, thread index).
  void addRank(int Rank, const ThreadProfileList &Threads);
  /// The number of call paths (graph nodes).
  size_t nodeCount() const { return Nodes.size() - 1; }
  /// The document.
  std::string render(const HatchetRun &Run) const;

private:
  /// A call path; Nodes[0] is the parent of the roots.
  struct PathNode {
    std::string Name;
    FrameType Type = FrameType::Function;
    std::string File; ///< empty when the region's source is unknown
    uint64_t Line = 0;
    std::vector<uint32_t> Children;
  };
  using PathKey = std::tuple<uint32_t, std::string, int, std::string, uint64_t>;
  struct Row {
    uint32_t Node;
    int Rank;
    uint64_t Thread;
    double Inclusive = 0, Exclusive = 0;
    uint64_t Visits = 0;
  };
  uint32_t child(uint32_t Parent, const CallPathNode &Node);

  std::vector<PathNode> Nodes;
  std::map<PathKey, uint32_t> ChildOf;
  std::vector<Row> Rows;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_HATCHETJSON_H
