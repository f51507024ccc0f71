//===- format/job/CrossRankAggregate.cpp - A value over ranks, mergeable --===//
//
// Part of Sextant. See CrossRankAggregate.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/CrossRankAggregate.h"

#include <algorithm>
#include <cmath>

namespace sextant {
namespace format {

namespace {

constexpr int FractionBits = 128;
constexpr int TotalBits = 192;
/// The highest bit a magnitude may use; the top bit is the sign.
constexpr int HighestBit = TotalBits - 2;

using Words = std::array<uint64_t, 3>;

void addLimbs(Words &To, const Words &From) {
  uint64_t Carry = 0;
  for (size_t I = 0; I < To.size(); ++I) {
    uint64_t Sum = To[I] + From[I];
    uint64_t CarryOut = Sum < To[I];
    Sum += Carry;
    CarryOut |= Sum < Carry;
    To[I] = Sum;
    Carry = CarryOut;
  }
}

Words negated(Words L) {
  for (uint64_t &Limb : L)
    Limb = ~Limb;
  addLimbs(L, {1, 0, 0});
  return L;
}

bool negative(const Words &L) { return L[2] >> 63; }

} // namespace

void ExactSum::add(double Value) {
  if (Value == 0 || !std::isfinite(Value))
    return;
  int Exponent = 0;
  double Fraction = std::frexp(std::fabs(Value), &Exponent);
  // |Value| = Mantissa * 2^(Exponent - 53), Mantissa < 2^53.
  uint64_t Mantissa = static_cast<uint64_t>(std::ldexp(Fraction, 53));
  int Shift = Exponent - 53 + FractionBits; // the bit of Mantissa's 1s
  if (Shift + 53 > HighestBit) {
    Mantissa = (uint64_t(1) << 53) - 1; // saturate
    Shift = HighestBit - 53;
  }
  if (Shift < 0) {
    if (-Shift >= 64)
      return;
    Mantissa >>= -Shift;
    Shift = 0;
  }
  Words Addend{};
  size_t Limb = static_cast<size_t>(Shift / 64);
  unsigned Offset = static_cast<unsigned>(Shift % 64);
  Addend[Limb] = Mantissa << Offset;
  if (Offset != 0 && Limb + 1 < Addend.size())
    Addend[Limb + 1] = Mantissa >> (64 - Offset);
  addLimbs(Limbs, Value < 0 ? negated(Addend) : Addend);
}

void ExactSum::add(const ExactSum &Other) { addLimbs(Limbs, Other.Limbs); }

double ExactSum::value() const {
  bool Negative = negative(Limbs);
  Words Magnitude = Negative ? negated(Limbs) : Limbs;
  int Top = -1;
  for (int Limb = 2; Limb >= 0 && Top < 0; --Limb)
    if (Magnitude[Limb])
      Top = Limb * 64 + 63 - __builtin_clzll(Magnitude[Limb]);
  if (Top < 0)
    return 0;
  // The 64 bits from Top down, the bits below them folded into the lowest
  // one (a sticky bit: it lies below the 53 bits kept, so the conversion
  // rounds as the exact value would).
  int Low = std::max(0, Top - 63);
  size_t Limb = static_cast<size_t>(Low / 64);
  unsigned Offset = static_cast<unsigned>(Low % 64);
  uint64_t Bits = Magnitude[Limb] >> Offset;
  if (Offset != 0 && Limb + 1 < Magnitude.size())
    Bits |= Magnitude[Limb + 1] << (64 - Offset);
  bool Sticky = Offset != 0 && (Magnitude[Limb] << (64 - Offset)) != 0;
  for (size_t Below = 0; Below < Limb; ++Below)
    Sticky |= Magnitude[Below] != 0;
  if (Sticky)
    Bits |= 1;
  double Result = std::ldexp(static_cast<double>(Bits), Low - FractionBits);
  return Negative ? -Result : Result;
}

RankAggregate RankAggregate::of(double Value, int Rank) {
  RankAggregate A;
  A.Sum.add(Value);
  A.Min = A.Max = Value;
  A.MinRank = A.MaxRank = Rank;
  return A;
}

void RankAggregate::merge(const RankAggregate &Upper) {
  Sum.add(Upper.Sum);
  if (Upper.MinRank >= 0 && (MinRank < 0 || Upper.Min < Min)) {
    Min = Upper.Min;
    MinRank = Upper.MinRank;
  }
  if (Upper.MaxRank >= 0 && (MaxRank < 0 || Upper.Max > Max)) {
    Max = Upper.Max;
    MaxRank = Upper.MaxRank;
  }
}

HeldAggregates HeldAggregates::of(const std::vector<double> &Values, int Rank) {
  HeldAggregates H;
  for (double Value : Values)
    H.Values.push_back(RankAggregate::of(Value, Rank));
  H.Holders = 1;
  H.LowestHolder = Rank;
  return H;
}

HeldAggregates HeldAggregates::absent(size_t Count, RankRange Range) {
  HeldAggregates H;
  H.Values.resize(Count);
  H.LowestLacking = Range.Lo < Range.Hi ? Range.Lo : -1;
  return H;
}

void HeldAggregates::addZeroValue() {
  Values.push_back(LowestHolder >= 0 ? RankAggregate::of(0, LowestHolder)
                                     : RankAggregate());
}

void HeldAggregates::merge(const HeldAggregates &Upper, RankRange LowerRange,
                           RankRange UpperRange) {
  for (size_t V = 0; V < Values.size() && V < Upper.Values.size(); ++V)
    Values[V].merge(Upper.Values[V]);
  if (LowestHolder < 0)
    LowestHolder = Upper.LowestHolder;
  Holders += Upper.Holders;
  if (LowestLacking >= 0)
    return;
  if (LowerRange.Hi < UpperRange.Lo) // the ranks between lack it
    LowestLacking = LowerRange.Hi;
  else
    LowestLacking = Upper.LowestLacking;
}

RankStatistics HeldAggregates::statistics(size_t V, RankRange Range,
                                          int RankCount) const {
  RankStatistics S;
  if (RankCount <= 0)
    return S;
  // The lowest rank of the job without the entry: before the range, in it,
  // or after it.
  int Lacking = Range.Lo > 0           ? 0
                : LowestLacking >= 0   ? LowestLacking
                : Range.Hi < RankCount ? std::max(Range.Hi, 0)
                                       : -1;
  const RankAggregate &A = Values[V];
  S.Min = A.Min;
  S.MinRank = A.MinRank;
  S.Max = A.Max;
  S.MaxRank = A.MaxRank;
  if (Lacking >= 0) {
    // The lacking ranks count 0: the extreme when the holders' is beyond
    // it, the lowest of both ranks on a tie.
    if (A.MinRank < 0 || A.Min > 0 || (A.Min == 0 && Lacking < A.MinRank)) {
      S.Min = 0;
      S.MinRank = Lacking;
    }
    if (A.MaxRank < 0 || A.Max < 0 || (A.Max == 0 && Lacking < A.MaxRank)) {
      S.Max = 0;
      S.MaxRank = Lacking;
    }
  }
  S.Mean = A.Sum.value() / static_cast<double>(RankCount);
  return S;
}

} // namespace format
} // namespace sextant
