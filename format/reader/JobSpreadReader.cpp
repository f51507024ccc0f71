//===- format/reader/JobSpreadReader.cpp - An MPI job's load balance ------===//
//
// Part of Sextant. Validated reading of profile-ranks.json and of the
// job's experiment.json "ranks" (JsonInput.h).
//
//===----------------------------------------------------------------------===//

#include "format/reader/JobSpreadReader.h"
#include "format/job/JobRanks.h"
#include "format/reader/JsonInput.h"
#include "format/schema/ExperimentSchema.h"

#include "common/AtomicFile.h"

namespace sextant {
namespace format {

namespace {

/// Loads Directory's file Name and checks that it is an object.
nlohmann::json loadObject(const std::string &Directory, const char *Name,
                          std::string &Path) {
  Path = joinPath(Directory, Name);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue(Document, Path).expectObject();
  return Document;
}

/// Runs Read; false with the message of its InputError in Error.
template <typename Body> bool reading(std::string &Error, Body Read) {
  try {
    Read();
    return true;
  } catch (const InputError &Failure) {
    Error = Failure.what();
    return false;
  }
}

} // namespace

bool readRankSpread(const std::string &Directory, size_t NodeCount,
                    CallPathSpread &Out, std::string &Error) {
  namespace jk = job_keys;
  return reading(Error, [&] {
    std::string Path;
    nlohmann::json Document = loadObject(Directory, files::ProfileRanks, Path);
    JsonValue Top(Document, Path);
    std::string Format = Top.member(keys::Format, "a string").asString();
    if (Format != ProfileRanksFormat.Name)
      Top.fail(std::string("\"format\" is \"") + Format + "\", expected \"" +
               ProfileRanksFormat.Name + "\"");
    Out = CallPathSpread();
    Out.Metric = "time (inc)";
    Out.Members = Top.member(keys::Ranks, "the job's size").asUnsigned();
    JsonValue Nodes = Top.member(jk::Nodes, "an array of nodes");
    Nodes.expectArray();
    if (Nodes.raw().size() != NodeCount)
      Nodes.fail("has " + std::to_string(Nodes.raw().size()) +
                 " nodes, profile.json " + std::to_string(NodeCount));
    Out.Nodes.resize(NodeCount);
    for (size_t I = 0; I < NodeCount; ++I) {
      JsonValue Node = Nodes.element(I);
      if (Node.member(keys::NodeId, "the node's position").asUnsigned() != I)
        Node.fail("\"node_id\" is not the node's position " +
                  std::to_string(I));
      JsonValue Metrics = Node.member(jk::MetricNames, "an object");
      if (!Metrics.has(Out.Metric.c_str()))
        continue;
      JsonValue Value = Metrics.member(Out.Metric.c_str(), "statistics");
      Spread S;
      S.Min = Value.member(jk::Min, "a number").asNumber();
      S.Mean = Value.member(jk::Mean, "a number").asNumber();
      S.Max = Value.member(jk::Max, "a number").asNumber();
      JsonValue Imbalance = Value.member(jk::Imbalance, "a number or null");
      if (!Imbalance.isNull())
        S.Imbalance = Imbalance.asNumber();
      S.MinAt = Value.member(jk::MinRank, "a rank").asInteger();
      S.MaxAt = Value.member(jk::MaxRank, "a rank").asInteger();
      S.Count = Node.member(keys::Ranks, "a number of ranks").asUnsigned();
      Out.Nodes[I] = S;
    }
  });
}

bool readRankWallTimes(const std::string &Directory, uint64_t Ranks,
                       std::vector<double> &WallSeconds, std::string &Error) {
  return reading(Error, [&] {
    std::string Path;
    nlohmann::json Document = loadObject(Directory, files::Experiment, Path);
    JsonValue List = JsonValue(Document, Path)
                         .member(keys::Ranks, "the list of the job's ranks");
    List.expectArray();
    // The job's size is checked before it sizes anything (JobRanks.h).
    uint64_t Trusted = trustedRankCount(List.raw().size());
    if (Ranks > Trusted)
      JsonValue(Document, Path)
          .member(experiment_keys::MpiRanks, "the job's size")
          .fail("a job of " + std::to_string(Ranks) + " ranks, more than " +
                std::to_string(Trusted) + " (" +
                std::to_string(TrustedRanksPerRankPresent) +
                " per rank listed in \"ranks\", plus " +
                std::to_string(TrustedRanksOverPresent) + ") for the " +
                std::to_string(List.raw().size()) +
                " ranks listed; `sextant combine --force` rewrites the job's "
                "files");
    WallSeconds.assign(Ranks, 0);
    for (size_t I = 0; I < List.raw().size(); ++I) {
      JsonValue Entry = List.element(I);
      uint64_t Rank = Entry.member("rank", "a rank").asUnsigned();
      if (Rank >= Ranks)
        Entry.fail("rank " + std::to_string(Rank) + " of a job of " +
                   std::to_string(Ranks));
      WallSeconds[Rank] =
          Entry.member(experiment_keys::WallSeconds, "seconds").asNumber();
    }
  });
}

} // namespace format
} // namespace sextant
