//===- format/profile/FlatProfile.cpp -------------------------------------===//
//
// Each region summed over its call paths.
//
// Part of Sextant. Summing a call-path profile per region, without
// recursion, and computing the derived metrics again from the sums.
//
//===----------------------------------------------------------------------===//

#include "format/profile/FlatProfile.h"

#include "format/profile/DerivedMetrics.h"

#include "common/NumberRange.h"

#include <algorithm>
#include <unordered_map>

namespace sextant {
namespace format {

double FlatRegion::metric(size_t Index) const {
  return Index < Metrics.size() ? Metrics[Index] : std::nan("");
}

namespace {

/// Name without " (inc)"; Inclusive says whether it was there.
std::string baseName(const std::string &Name, bool &Inclusive) {
  size_t Length = sizeof(keys::InclusiveSuffix) - 1;
  Inclusive = Name.size() > Length && Name.compare(Name.size() - Length, Length,
                                                   keys::InclusiveSuffix) == 0;
  return Inclusive ? Name.substr(0, Name.size() - Length) : Name;
}

/// How the flat view combines one metric over a region's call paths.
enum class FlatRule { Sum, InclusiveSum, Maximum, Derived };

} // namespace

std::vector<FlatRegion>
flatProfile(const CallPathProfile &Profile,
            const std::vector<std::string> &MaximumMetrics) {
  const std::vector<std::string> &MetricNames = Profile.metricNames();
  const size_t NoMetric = CallPathProfile::NoMetric;
  // The measured metrics by base name, to compute the derived ones again.
  std::vector<MetricDescription> Measured;
  std::vector<size_t> MeasuredInclusive, MeasuredExclusive;
  std::vector<FlatRule> Rules(MetricNames.size(), FlatRule::Sum);
  for (size_t I = 0; I < MetricNames.size(); ++I) {
    bool Inclusive = false;
    std::string Base = baseName(MetricNames[I], Inclusive);
    if (isDerivedMetricName(Base)) {
      Rules[I] = FlatRule::Derived;
      continue;
    }
    if (std::find(MaximumMetrics.begin(), MaximumMetrics.end(), Base) !=
        MaximumMetrics.end())
      Rules[I] = FlatRule::Maximum;
    else if (Inclusive)
      Rules[I] = FlatRule::InclusiveSum;
    if (!Inclusive) {
      Measured.push_back({Base, "", 1.0, MetricAccumulation::Sum});
      MeasuredExclusive.push_back(I);
      MeasuredInclusive.push_back(
          Profile.findMetric(Base + keys::InclusiveSuffix));
    }
  }
  std::vector<DerivedMetric> Derived = derivedMetrics(Measured);

  std::vector<FlatRegion> Regions;
  std::unordered_map<uint32_t, size_t> EntryOfRegion;
  // Open activations of each region on the current path: a node adds its
  // inclusive time only when no ancestor is the same region.
  std::unordered_map<uint32_t, unsigned> Open;
  auto Enter = [&](size_t Index) {
    const CallPathNode &Node = Profile.node(Index);
    auto [Slot, Inserted] =
        EntryOfRegion.emplace(Node.RegionId, Regions.size());
    if (Inserted) {
      Regions.emplace_back();
      Regions.back().RegionId = Node.RegionId;
      Regions.back().Name = Node.Name;
    }
    FlatRegion &Entry = Regions[Slot->second];
    Entry.Visits += Node.Visits;
    Entry.ExclusiveSeconds += Node.ExclusiveSeconds;
    unsigned &Activations = Open[Node.RegionId];
    if (Activations == 0)
      Entry.InclusiveSeconds += Node.InclusiveSeconds;
    Entry.Metrics.resize(MetricNames.size(), std::nan(""));
    for (size_t I = 0; I < MetricNames.size(); ++I) {
      double Value = Node.metric(I);
      if (std::isnan(Value) || Rules[I] == FlatRule::Derived ||
          (Rules[I] == FlatRule::InclusiveSum && Activations != 0))
        continue;
      double &Into = Entry.Metrics[I];
      if (std::isnan(Into))
        Into = Value;
      else if (Rules[I] == FlatRule::Maximum)
        Into = std::max(Into, Value);
      else
        Into += Value;
    }
    ++Activations;
  };
  Profile.walk(Enter,
               [&](size_t Index) { --Open[Profile.node(Index).RegionId]; });
  if (Derived.empty())
    return Regions;
  for (FlatRegion &Entry : Regions) {
    for (bool Inclusive : {false, true}) {
      const std::vector<size_t> &Sources =
          Inclusive ? MeasuredInclusive : MeasuredExclusive;
      std::vector<uint64_t> Values(Sources.size(), 0);
      for (size_t K = 0; K < Sources.size(); ++K) {
        double Value = Sources[K] == NoMetric ? 0 : Entry.metric(Sources[K]);
        Values[K] = roundSaturated<uint64_t>(Value); // NaN, negative: 0
      }
      double Seconds =
          Inclusive ? Entry.InclusiveSeconds : Entry.ExclusiveSeconds;
      for (const DerivedMetric &Metric : Derived) {
        size_t Index = Profile.findMetric(
            Inclusive ? Metric.Name + keys::InclusiveSuffix : Metric.Name);
        double Result = 0;
        if (Index != NoMetric && Index < Entry.Metrics.size() &&
            derivedValue(Metric, Values.data(), Seconds, Result))
          Entry.Metrics[Index] = Result;
      }
    }
  }
  return Regions;
}

void sortByExclusiveTime(std::vector<FlatRegion> &Regions) {
  std::sort(Regions.begin(), Regions.end(),
            [](const FlatRegion &A, const FlatRegion &B) {
              if (A.ExclusiveSeconds != B.ExclusiveSeconds)
                return A.ExclusiveSeconds > B.ExclusiveSeconds;
              return A.RegionId < B.RegionId;
            });
}

} // namespace format
} // namespace sextant
