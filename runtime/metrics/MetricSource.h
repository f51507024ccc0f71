//===- runtime/metrics/MetricSource.h - Measurements besides wall time ----===//
//
// Part of Sextant. A metric source is one kind of measurement taken at the
// boundaries of every region besides the wall clock (which the call-path
// recorder always measures): thread CPU time, resource usage (getrusage),
// a PAPI event set. Following timemory's components, each source declares
// what it reads (MetricDescription: name, unit, how to accumulate) and reads
// those values on the calling thread; the runtime reads only the sources
// SEXTANT_METRICS names (MetricSet.h), so a program measured for wall time
// only never reads any of them.
//
// Every value is a 64-bit counter reading; a region's value is the
// difference between its exit and its enter readings, accumulated over its
// visits by the source's MetricAccumulation.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_METRICS_METRICSOURCE_H
#define SEXTANT_RUNTIME_METRICS_METRICSOURCE_H

#include "format/schema/MetricDescription.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Metrics are described in the experiment's terms (format/).
using format::MetricAccumulation;
using format::MetricDescription;

/// Reads the values of one source on the thread that created it.
class MetricReader {
public:
  virtual ~MetricReader();
  /// Writes the current readings, one per metric of the source, to Values.
  /// Never allocates, never throws; a failed read writes the previous
  /// readings (the region then gets no increment).
  virtual void read(uint64_t *Values) noexcept = 0;
};

/// One configured source, shared by every thread.
class MetricSource {
public:
  virtual ~MetricSource();
  /// The metrics this source reads, in the order read() writes them.
  const std::vector<MetricDescription> &metrics() const { return Metrics; }
  /// A reader for the calling thread (a PAPI event set is created here), or
  /// null with Error set when the thread cannot read this source (it then
  /// records zeros for it). May throw std::bad_alloc.
  virtual std::unique_ptr<MetricReader> startThread(std::string &Error) = 0;

protected:
  std::vector<MetricDescription> Metrics;
};

/// A metric that was asked for but is not measured, and why.
struct UnavailableMetric {
  std::string Name;
  std::string Reason;
};

/// Thread CPU time, CLOCK_THREAD_CPUTIME_ID ("cpu-time", seconds).
std::unique_ptr<MetricSource> createThreadCpuTimeSource();

/// Fields of getrusage(RUSAGE_THREAD) the resource-usage source can read.
enum class ResourceField {
  PeakResidentSet, ///< "peak-rss": growth of ru_maxrss (process-wide), KiB
  PageFaults,      ///< "page-faults": ru_minflt + ru_majflt of the thread
  MajorPageFaults, ///< "major-faults": ru_majflt of the thread
  ContextSwitches, ///< "context-switches": ru_nvcsw + ru_nivcsw
};

/// The resource field named Name, false when Name is none of them.
bool resourceFieldNamed(const std::string &Name, ResourceField &Field);

/// One getrusage(RUSAGE_THREAD) call per region boundary for all Fields.
std::unique_ptr<MetricSource>
createResourceUsageSource(const std::vector<ResourceField> &Fields);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_METRICS_METRICSOURCE_H
