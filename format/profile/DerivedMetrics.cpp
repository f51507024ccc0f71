//===- format/profile/DerivedMetrics.cpp - Metrics computed from others ---===//
//
// Part of Sextant. Finding the inputs of each derived metric and computing
// it for one node.
//
//===----------------------------------------------------------------------===//

#include "format/profile/DerivedMetrics.h"

namespace sextant {
namespace format {

namespace {

constexpr size_t Missing = static_cast<size_t>(-2);

size_t indexOf(const std::vector<MetricDescription> &Measured,
               std::initializer_list<const char *> Names) {
  for (const char *Name : Names)
    for (size_t I = 0; I < Measured.size(); ++I)
      if (Measured[I].Name == Name)
        return I;
  return Missing;
}

} // namespace

std::vector<DerivedMetric>
derivedMetrics(const std::vector<MetricDescription> &Measured) {
  std::vector<DerivedMetric> Derived;
  size_t Instructions = indexOf(Measured, {"PAPI_TOT_INS"});
  size_t Cycles = indexOf(Measured, {"PAPI_TOT_CYC"});
  size_t Operations =
      indexOf(Measured, {"PAPI_DP_OPS", "PAPI_FP_OPS", "PAPI_SP_OPS"});
  size_t Misses = indexOf(Measured, {"PAPI_L3_TCM"});
  if (Instructions != Missing && Cycles != Missing)
    Derived.push_back({"IPC", "instructions/cycle", Instructions, Cycles, 1});
  if (Operations != Missing) {
    Derived.push_back(
        {"FLOP/s", "FLOP/s", Operations, DerivedMetric::PerWallSecond, 1});
    if (Misses != Missing)
      Derived.push_back({"arithmetic intensity", "FLOP/byte", Operations,
                         Misses, CacheLineBytes});
  }
  return Derived;
}

bool isDerivedMetricName(const std::string &Name) {
  return Name == "IPC" || Name == "FLOP/s" || Name == "arithmetic intensity";
}

bool derivedValue(const DerivedMetric &Metric, const uint64_t *Values,
                  double WallSeconds, double &Result) {
  double Denominator = Metric.Denominator == DerivedMetric::PerWallSecond
                           ? WallSeconds
                           : static_cast<double>(Values[Metric.Denominator]) *
                                 Metric.DenominatorScale;
  if (!(Denominator > 0))
    return false;
  Result = static_cast<double>(Values[Metric.Numerator]) / Denominator;
  return true;
}

} // namespace format
} // namespace sextant
