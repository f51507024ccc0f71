//===- tools/sextant/RegionScore.cpp - Measurement cost per region --------===//
//
// Part of Sextant. Computing the per-region estimates of `sextant score`.
//
//===----------------------------------------------------------------------===//

#include "RegionScore.h"

#include "format/profile/FlatProfile.h"

#include <algorithm>

namespace sextant {
namespace tool {

using namespace format;

CostModel chooseCostModel(const Experiment &E,
                          std::optional<double> BytesOverride) {
  CostModel Model;
  const std::optional<double> &Cost = E.Metadata.EventPairCostSeconds;
  if (Cost && *Cost > 0) {
    Model.EventPairCostSeconds = *Cost;
    Model.PairCostSource = "measured by the runtime at start-up";
  } else if (Cost) {
    Model.PairCostSource = "estimate: the run measured no cost, as with "
                           "SEXTANT_ENABLE=0";
  } else {
    Model.PairCostSource =
        "estimate: experiment.json has no event_pair_cost_seconds";
  }
  std::optional<double> Bytes;
  if (E.Metadata.Trace)
    Bytes = E.Metadata.Trace->BytesPerEvent;
  if (BytesOverride) {
    Model.TraceBytesPerEvent = *BytesOverride;
    Model.TraceBytesSource = "given with --bytes-per-event";
  } else if (Bytes && *Bytes > 0) {
    Model.TraceBytesPerEvent = *Bytes;
    Model.TraceBytesSource = "measured: the average of the trace in the "
                             "experiment";
  } else {
    Model.TraceBytesSource = "estimate: the design budget of the compact "
                             "event encoding";
  }
  return Model;
}

std::vector<RegionScore> scoreRegions(const Experiment &E,
                                      const CostModel &Model,
                                      const FilterThresholds &Thresholds) {
  std::vector<RegionScore> Scores;
  for (const FlatRegion &Flat : flatProfile(E.Profile)) {
    RegionScore Score;
    Score.RegionId = Flat.RegionId;
    Score.Name = Flat.Name;
    Score.Visits = Flat.Visits;
    Score.ExclusiveSeconds = Flat.ExclusiveSeconds;
    Score.InclusiveSeconds = Flat.InclusiveSeconds;
    Score.OverheadSeconds =
        static_cast<double>(Flat.Visits) * Model.EventPairCostSeconds;
    Score.TraceBytes =
        2.0 * static_cast<double>(Flat.Visits) * Model.TraceBytesPerEvent;
    if (const RegionRecord *Region = E.region(Flat.RegionId)) {
      Score.Name = Region->Name;
      Score.Mangled = Region->Mangled.empty() ? Region->Name : Region->Mangled;
      Score.Throttled = Region->Throttled.has_value();
      Score.Origin = regionOrigin(Region->Flags);
    }
    bool ManyShortVisits =
        Score.Visits >= Thresholds.MinVisits &&
        Score.inclusivePerVisit() <= Thresholds.MaxTimePerVisit;
    Score.ExcludedByFilter = Score.Origin != RegionOrigin::UserRegion &&
                             (Score.Throttled || ManyShortVisits);
    Scores.push_back(std::move(Score));
  }
  std::sort(Scores.begin(), Scores.end(),
            [](const RegionScore &A, const RegionScore &B) {
              if (A.OverheadSeconds != B.OverheadSeconds)
                return A.OverheadSeconds > B.OverheadSeconds;
              if (A.ExclusiveSeconds != B.ExclusiveSeconds)
                return A.ExclusiveSeconds > B.ExclusiveSeconds;
              if (A.Name != B.Name)
                return A.Name < B.Name;
              return A.RegionId < B.RegionId;
            });
  return Scores;
}

} // namespace tool
} // namespace sextant
