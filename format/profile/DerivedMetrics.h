//===- format/profile/DerivedMetrics.h - Metrics computed from others -----===//
//
// Part of Sextant. Metrics computed per call-path node from measured ones,
// written next to them in profile.json when their inputs were measured:
//
//   IPC                   PAPI_TOT_INS / PAPI_TOT_CYC
//   FLOP/s                floating-point operations / wall seconds, from
//                         PAPI_DP_OPS, else PAPI_FP_OPS, else PAPI_SP_OPS
//   arithmetic intensity  the same operations / bytes of memory traffic,
//                         PAPI_L3_TCM (last-level misses) * 64-byte lines
//
// FLOP/s and arithmetic intensity place a region on the roofline (`sextant
// roofline`). All need hardware counters (a PMU the kernel exposes to
// PAPI); on a machine without them these metrics are simply absent.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_DERIVEDMETRICS_H
#define SEXTANT_FORMAT_PROFILE_DERIVEDMETRICS_H

#include "format/schema/MetricDescription.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Bytes moved per last-level cache miss in the arithmetic intensity.
constexpr double CacheLineBytes = 64;

struct DerivedMetric {
  std::string Name;
  std::string Unit;
  /// Index of the numerator among the measured metrics.
  size_t Numerator = 0;
  /// Index of the denominator, or PerWallSecond to divide by wall time.
  size_t Denominator = 0;
  /// Multiplies the denominator (bytes per cache line).
  double DenominatorScale = 1;
  static constexpr size_t PerWallSecond = static_cast<size_t>(-1);
};

/// The derived metrics whose inputs are among Measured.
std::vector<DerivedMetric>
derivedMetrics(const std::vector<MetricDescription> &Measured);

/// Whether Name is the name of a derived metric (IPC, FLOP/s, ...).
bool isDerivedMetricName(const std::string &Name);

/// The value of Metric for one node: Values are the node's measured values
/// (inclusive or exclusive, one per measured metric), WallSeconds its
/// (inclusive or exclusive) time. False when the denominator is zero.
bool derivedValue(const DerivedMetric &Metric, const uint64_t *Values,
                  double WallSeconds, double &Result);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_DERIVEDMETRICS_H
