//===- tools/sextant/WaitStateReading.cpp - A job's wait states -----------===//
//
// Part of Sextant. See WaitStateReading.h.
//
//===----------------------------------------------------------------------===//

#include "WaitStateReading.h"

#include "TraceInput.h"

#include <map>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// The call paths of one rank, interned by their regions.
using PathIds = std::map<std::vector<uint32_t>, uint32_t>;

/// Collects one thread's MPI calls with records into its rank's input.
class WaitEventCollector {
public:
  WaitEventCollector(const Process &P, RankWaitInput &In, PathIds &Paths)
      : P(P), In(In), Paths(Paths) {}

  void enter(uint32_t Region, uint64_t Ticks) {
    Stack.push_back({Region, Ticks, NoCall});
  }
  void exit(uint32_t, uint64_t Ticks) {
    if (Stack.empty())
      return;
    if (Stack.back().Call != NoCall)
      In.Calls[Stack.back().Call].Exit = seconds(Ticks);
    Stack.pop_back();
  }
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    using trace::RecordType;
    bool Send = Record.Type == uint32_t(RecordType::MessageSent);
    bool Receive = Record.Type == uint32_t(RecordType::MessageReceived);
    bool Collective = Record.Type == uint32_t(RecordType::CollectiveCalled);
    if (!Send && !Receive && !Collective)
      return;
    // The adapter records inside the MPI call's region.
    if (Stack.empty() || !isMpiRegion(Stack.back().Region)) {
      ++In.RecordsOutsideCalls;
      return;
    }
    uint32_t Call = callOfInnermost();
    double Time = seconds(Ticks);
    if (Collective) {
      In.Collectives.push_back({Call, Time, Record.field(0),
                                static_cast<int>(int64_t(Record.field(1)) - 1),
                                static_cast<uint32_t>(Record.field(2))});
      return;
    }
    WaitMessage End;
    End.Call = Call;
    End.Time = Time;
    End.Communicator = Record.field(0);
    End.Partner = static_cast<int>(int64_t(Record.field(1)) - 1);
    End.Tag = Record.field(2);
    (Send ? In.Sends : In.Receives).push_back(End);
  }
  /// Notes the chunks missing before Chunk (lost or damaged).
  void afterChunk(const Process &, const TraceFile &,
                  const trace::Chunk &Chunk) {
    uint32_t Sequence = Chunk.Header.Sequence;
    if (Sequence > NextSequence) {
      In.LostChunks += Sequence - NextSequence;
      In.FirstGap = std::min(In.FirstGap, seconds(Chunk.Header.BaseTicks));
    }
    NextSequence = Sequence + 1;
  }

private:
  static constexpr uint32_t NoCall = UINT32_MAX;
  struct Frame {
    uint32_t Region;
    uint64_t Enter;
    uint32_t Call; ///< its index in In.Calls once it holds a record
  };

  double seconds(uint64_t Ticks) const {
    return P.Clock.nanoseconds(Ticks) * 1e-9;
  }
  const std::string &regionName(uint32_t Region) const {
    static const std::string Unknown = "<unknown region>";
    return Region >= 1 && Region <= P.Regions.size()
               ? P.Regions[Region - 1].Name
               : Unknown;
  }
  bool isMpiRegion(uint32_t Region) const {
    return Region >= 1 && Region <= P.Regions.size() &&
           P.Regions[Region - 1].Flags.Mpi;
  }

  /// The innermost frame's call in In.Calls, added at its first record.
  uint32_t callOfInnermost() {
    Frame &Innermost = Stack.back();
    if (Innermost.Call != NoCall)
      return Innermost.Call;
    std::vector<uint32_t> Regions;
    for (const Frame &F : Stack)
      Regions.push_back(F.Region);
    auto Found = Paths.find(Regions);
    uint32_t Path;
    if (Found != Paths.end()) {
      Path = Found->second;
    } else {
      Path = static_cast<uint32_t>(In.Paths.size());
      WaitCallPath Named;
      for (uint32_t Region : Regions)
        Named.Path.push_back(regionName(Region));
      Named.Function = regionName(Innermost.Region);
      In.Paths.push_back(std::move(Named));
      Paths.emplace(std::move(Regions), Path);
    }
    double Enter = seconds(Innermost.Enter);
    In.Calls.push_back({Enter, Enter, Path});
    Innermost.Call = static_cast<uint32_t>(In.Calls.size() - 1);
    return Innermost.Call;
  }

  const Process &P;
  RankWaitInput &In;
  PathIds &Paths;
  std::vector<Frame> Stack;
  uint32_t NextSequence = 0;
};

} // namespace

WaitStates readJobWaitStates(const std::string &Directory, bool ShowProgress,
                             std::string &Program) {
  std::vector<int> Ranks = jobRanks(Directory);
  if (Ranks.empty())
    throw InputError(Directory +
                     " is not an MPI job's directory (rank-<r>/ "
                     "directories): wait states are those of a traced MPI "
                     "job (SEXTANT_TRACE=1)");
  TraceReading Reading(ShowProgress);
  TraceInput Job = readJobProcesses(Directory, Ranks);
  Reading.setTotal(totalBytes(Job.Processes));
  std::vector<RankWaitInput> Inputs;
  size_t Files = 0;
  for (const Process &P : Job.Processes) {
    RankWaitInput In;
    In.Rank = P.Rank;
    PathIds Paths;
    for (const TraceFile &File : P.Files) {
      WaitEventCollector Collector(P, In, Paths);
      Reading.replay(P, File, Collector, true);
      ++Files;
    }
    Inputs.push_back(std::move(In));
  }
  Reading.finish(Files);
  Program = programName(Job.Processes.front().Metadata);
  return analyseWaitStates(Inputs);
}

} // namespace tool
} // namespace sextant
