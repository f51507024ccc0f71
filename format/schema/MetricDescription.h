//===- format/schema/MetricDescription.h - What a metric measures ---------===//
//
// Part of Sextant. The description of one measured metric as the
// experiment records it (experiment.json "metrics"): its name, unit, scale
// and how per-visit values add up on a call-path node. The runtime's metric
// sources describe what they read with it; derived metrics and the readers
// of an experiment use it too.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_METRICDESCRIPTION_H
#define SEXTANT_FORMAT_SCHEMA_METRICDESCRIPTION_H

#include <string>

namespace sextant {
namespace format {

/// How the per-visit differences of a metric add up on a call-path node.
enum class MetricAccumulation {
  /// Inclusive: the sum over visits of exit minus enter reading; exclusive:
  /// the same minus what the node's children accumulated (counters, times).
  Sum,
  /// The largest per-visit difference (a high-water mark such as the growth
  /// of the peak resident set size); exclusive likewise, without the part
  /// of the visit spent in children.
  Maximum,
};

struct MetricDescription {
  /// The name in the outputs: the SEXTANT_METRICS item (an event name for
  /// PAPI, e.g. "perf::PAGE-FAULTS").
  std::string Name;
  /// Unit of the written value, e.g. "s", "KiB", "count".
  std::string Unit;
  /// Written value = raw difference * Scale (e.g. 1e-9 for nanoseconds).
  double Scale = 1.0;
  MetricAccumulation Accumulation = MetricAccumulation::Sum;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_METRICDESCRIPTION_H
