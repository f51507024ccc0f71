//===- format/job/CrossRankAggregate.h - A value over ranks -----*- C++ -*-===//
//
// Part of Sextant. The cross-rank statistics of an MPI job as constant-size
// aggregates that merge: what a range of ranks contributes to one value
// (a call path's metric, a region's time, an MPI function's counter) is its
// sum, its minimum and maximum with the lowest rank holding each, how many
// ranks of the range hold an entry at all and the lowest rank of the range
// without one (a rank without the entry counts 0, as every rank of the job
// counts). Two ranges merge when the upper one follows the lower one; the
// job's min, mean, max and the ranks of the extremes come out of the
// aggregate of all ranks read, the same whichever way the ranges were
// grouped:
//
//   * the sum is exact (fixed point, 2^-128 to 2^62) and rounded once when
//     read, so that ((a + b) + c) and (a + (b + c)) give the same bits;
//   * ties of the extremes go to the lower range, that is the lowest rank.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_CROSSRANKAGGREGATE_H
#define SEXTANT_FORMAT_JOB_CROSSRANKAGGREGATE_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace sextant {
namespace format {

/// The statistics of one value over the ranks of a job.
struct RankStatistics {
  double Min = 0;
  double Mean = 0;
  double Max = 0;
  int MinRank = -1; ///< the lowest rank holding Min
  int MaxRank = -1; ///< the lowest rank holding Max
};

/// A sum of doubles that does not depend on the order of the additions:
/// a 192-bit two's complement fixed point number with 128 fraction bits.
/// Bits of an addend below 2^-128 are dropped and magnitudes from 2^62 on
/// saturate (neither happens to seconds, visits or bytes).
class ExactSum {
public:
  void add(double Value);
  void add(const ExactSum &Other);
  /// The sum rounded to the nearest double (ties to even).
  double value() const;

  std::array<uint64_t, 3> Limbs{}; ///< least significant first
};

/// One value of the ranks that hold an entry, over a range of ranks.
struct RankAggregate {
  ExactSum Sum;
  double Min = 0;
  double Max = 0;
  int MinRank = -1; ///< the lowest rank holding Min, -1: no rank
  int MaxRank = -1; ///< the lowest rank holding Max, -1: no rank

  static RankAggregate of(double Value, int Rank);
  /// Adds the ranks of Upper, which all follow this aggregate's.
  void merge(const RankAggregate &Upper);
};

/// The ranks a partial covers: [Lo, Hi), each read or not.
struct RankRange {
  int Lo = 0;
  int Hi = 0;
};

/// The values of one entry (a call path, a region, an MPI function) over
/// the ranks of a range that hold it.
struct HeldAggregates {
  std::vector<RankAggregate> Values;
  int Holders = 0;        ///< the ranks of the range holding the entry
  int LowestHolder = -1;  ///< -1: none
  int LowestLacking = -1; ///< the lowest rank of the range without it, -1: none

  /// The entry held by Rank alone, with Values.
  static HeldAggregates of(const std::vector<double> &Values, int Rank);
  /// The entry of Count values held by no rank of Range.
  static HeldAggregates absent(size_t Count, RankRange Range);
  /// Appends a value that the holders did not measure: 0 on every holder.
  void addZeroValue();
  /// Adds Upper, the entry over UpperRange, which follows LowerRange (this
  /// entry's range; ranks between the two lack the entry).
  void merge(const HeldAggregates &Upper, RankRange LowerRange,
             RankRange UpperRange);
  /// The statistics of value V over every rank of a job of RankCount ranks
  /// of which Range was read (the others lack the entry).
  RankStatistics statistics(size_t V, RankRange Range, int RankCount) const;
  double total(size_t V) const { return Values[V].Sum.value(); }
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_CROSSRANKAGGREGATE_H
