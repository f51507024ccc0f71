//===- format/schema/ExperimentDescription.cpp - Run and region records ---===//
//
// Part of Sextant. What the records of experiment.json answer beyond their
// fields.
//
//===----------------------------------------------------------------------===//

#include "format/schema/ExperimentDescription.h"

namespace sextant {
namespace format {

std::vector<std::string> ExperimentMetadata::maximumMetrics() const {
  std::vector<std::string> Names;
  if (Metrics)
    for (const MetricsRecord::Measured &Metric : Metrics->MeasuredMetrics)
      if (Metric.Accumulation == MetricAccumulation::Maximum)
        Names.push_back(Metric.Name);
  return Names;
}

} // namespace format
} // namespace sextant
