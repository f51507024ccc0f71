//===- format/CrossRankStatistics.cpp - One value over the ranks ----------===//
//
// Part of Sextant. See CrossRankStatistics.h.
//
//===----------------------------------------------------------------------===//

#include "format/CrossRankStatistics.h"

#include <cstddef>

namespace sextant {
namespace format {

RankStatistics rankStatistics(const std::vector<double> &Values) {
  RankStatistics Result;
  if (Values.empty())
    return Result;
  Result.Min = Result.Max = Values[0];
  Result.MinRank = Result.MaxRank = 0;
  double Sum = 0;
  for (std::size_t Rank = 0; Rank < Values.size(); ++Rank) {
    double Value = Values[Rank];
    Sum += Value;
    if (Value < Result.Min) {
      Result.Min = Value;
      Result.MinRank = static_cast<int>(Rank);
    }
    if (Value > Result.Max) {
      Result.Max = Value;
      Result.MaxRank = static_cast<int>(Rank);
    }
  }
  Result.Mean = Sum / static_cast<double>(Values.size());
  return Result;
}

double rankTotal(const std::vector<double> &Values) {
  double Sum = 0;
  for (double Value : Values)
    Sum += Value;
  return Sum;
}

} // namespace format
} // namespace sextant
