//===- format/job/JobConsistency.cpp - What makes a job's view less exact -===//
//
// Part of Sextant. See JobConsistency.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobConsistency.h"

#include "format/job/ClockAlignment.h"
#include "format/job/JobRanks.h"
#include "format/schema/JsonWriter.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

constexpr char ClockKey[] = "clock";
constexpr char VersionKey[] = "sextant_version";

} // namespace

json rankClockEntry(const json &RankMpi, double TicksPerSecond) {
  ClockSync Sync;
  std::string Error;
  if (!readClockSync(RankMpi, Sync, Error) || Sync.Points.empty())
    return json();
  double Bound = 0;
  double ReferenceFrequency = 0;
  for (const ClockSyncPoint &Point : Sync.Points) {
    Bound = std::max(Bound, Point.ErrorBoundSeconds);
    if (Point.ReferenceTicksPerSecond > 0)
      ReferenceFrequency = Point.ReferenceTicksPerSecond;
  }
  json Entry = {{"points", Sync.Points.size()},
                {"error_bound_seconds", Bound},
                {"drift_ppm", json()},
                {"drift_plausible", true}};
  // The drift needs both frequencies; origins do not matter.
  if (Sync.Points.size() >= 2 && TicksPerSecond > 0 && ReferenceFrequency > 0) {
    ClockAlignment Alignment = ClockAlignment::fromSync(
        Sync, ClockScale{0, TicksPerSecond}, ClockScale{0, ReferenceFrequency});
    double Drift = Alignment.measuredDrift();
    const ClockSyncPoint &First = Sync.Points.front();
    const ClockSyncPoint &Last = Sync.Points.back();
    double Span = (static_cast<double>(Last.LocalTicks) -
                   static_cast<double>(First.LocalTicks)) /
                  TicksPerSecond;
    // The offsets' own errors can explain part of the change between them.
    double Explained = MaxPlausibleDrift * Span + First.ErrorBoundSeconds +
                       Last.ErrorBoundSeconds;
    Entry["drift_ppm"] = Drift * 1e6;
    Entry["drift_plausible"] = std::fabs(Drift * Span) <= Explained;
  }
  return Entry;
}

std::vector<std::string>
jobConsistencyProblems(const std::vector<json> &Entries) {
  std::vector<std::string> Problems;
  std::map<std::string, std::vector<int>> RanksOfVersion;
  std::vector<int> InitOnly, Implausible;
  double WorstDrift = 0;
  int WorstRank = -1;
  for (const json &Entry : Entries) {
    if (!Entry.is_object())
      continue;
    int Rank = Entry.value("rank", -1);
    const json &Version = Entry.value(VersionKey, json());
    if (Version.is_string())
      RanksOfVersion[Version.get<std::string>()].push_back(Rank);
    const json &Clock = Entry.value(ClockKey, json());
    if (!Clock.is_object())
      continue;
    // Rank 0's clock is the reference: its offset is 0 either way.
    if (Clock.value("points", 0) == 1 && Rank != 0)
      InitOnly.push_back(Rank);
    if (!Clock.value("drift_plausible", true)) {
      Implausible.push_back(Rank);
      double Drift = std::fabs(Clock.value("drift_ppm", 0.0));
      if (Drift >= WorstDrift) {
        WorstDrift = Drift;
        WorstRank = Rank;
      }
    }
  }
  if (RanksOfVersion.size() > 1) {
    std::string Line = "the ranks were measured by different Sextant "
                       "versions:";
    const char *Separator = " ";
    for (const auto &[Version, Ranks] : RanksOfVersion) {
      Line += Separator + Version + " (rank(s) " + rankRangesText(Ranks) + ")";
      Separator = ", ";
    }
    Problems.push_back(Line + "; every rank's data is kept, but files of "
                              "different versions may not combine exactly");
  }
  if (!InitOnly.empty())
    Problems.push_back(
        "the clocks of rank(s) " + rankRangesText(InitOnly) +
        " were synchronised at MPI_Init only (they ended before "
        "MPI_Finalize): their timelines use that offset, without drift "
        "correction");
  if (!Implausible.empty())
    Problems.push_back(
        "the clocks of rank(s) " + rankRangesText(Implausible) +
        " drifted from rank 0's between MPI_Init and MPI_Finalize by more "
        "than " +
        formatFixed(MaxPlausibleDrift * 1e6, 0) +
        " ppm and the synchronisations' error bounds explain (" +
        formatFixed(WorstDrift, 0) + " ppm at rank " +
        std::to_string(WorstRank) +
        "; a host without an invariant TSC, or a slow synchronisation): "
        "their timelines use the more precise synchronisation alone");
  return Problems;
}

} // namespace format
} // namespace sextant
