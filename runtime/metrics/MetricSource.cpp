//===- runtime/metrics/MetricSource.cpp - Built-in metric sources ---------===//
//
// Part of Sextant. The sources that need no library: thread CPU time and
// getrusage fields.
//
//===----------------------------------------------------------------------===//

#include "runtime/metrics/MetricSource.h"

#include <sys/resource.h>
#include <time.h>

namespace sextant {
namespace runtime {

MetricReader::~MetricReader() = default;
MetricSource::~MetricSource() = default;

namespace {

class ThreadCpuTimeReader final : public MetricReader {
public:
  void read(uint64_t *Values) noexcept override {
    timespec Now;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &Now) == 0)
      Last = static_cast<uint64_t>(Now.tv_sec) * 1000000000u +
             static_cast<uint64_t>(Now.tv_nsec);
    Values[0] = Last;
  }

private:
  uint64_t Last = 0;
};

class ThreadCpuTimeSource final : public MetricSource {
public:
  ThreadCpuTimeSource() {
    Metrics.push_back({"cpu-time", "s", 1e-9, MetricAccumulation::Sum});
  }
  std::unique_ptr<MetricReader> startThread(std::string &) override {
    return std::make_unique<ThreadCpuTimeReader>();
  }
};

const struct {
  const char *Name;
  ResourceField Field;
  const char *Unit;
  MetricAccumulation Accumulation;
} ResourceFields[] = {
    {"peak-rss", ResourceField::PeakResidentSet, "KiB",
     MetricAccumulation::Maximum},
    {"page-faults", ResourceField::PageFaults, "count",
     MetricAccumulation::Sum},
    {"major-faults", ResourceField::MajorPageFaults, "count",
     MetricAccumulation::Sum},
    {"context-switches", ResourceField::ContextSwitches, "count",
     MetricAccumulation::Sum},
};

uint64_t fieldValue(const rusage &Usage, ResourceField Field) {
  auto U = [](long Value) { return static_cast<uint64_t>(Value); };
  switch (Field) {
  case ResourceField::PeakResidentSet:
    return U(Usage.ru_maxrss);
  case ResourceField::PageFaults:
    return U(Usage.ru_minflt) + U(Usage.ru_majflt);
  case ResourceField::MajorPageFaults:
    return U(Usage.ru_majflt);
  case ResourceField::ContextSwitches:
    return U(Usage.ru_nvcsw) + U(Usage.ru_nivcsw);
  }
  return 0;
}

class ResourceUsageReader final : public MetricReader {
public:
  explicit ResourceUsageReader(const std::vector<ResourceField> &Fields)
      : Fields(Fields), Last(Fields.size(), 0) {}
  void read(uint64_t *Values) noexcept override {
    rusage Usage;
    if (getrusage(RUSAGE_THREAD, &Usage) == 0)
      for (size_t I = 0; I < Fields.size(); ++I)
        Last[I] = fieldValue(Usage, Fields[I]);
    for (size_t I = 0; I < Fields.size(); ++I)
      Values[I] = Last[I];
  }

private:
  const std::vector<ResourceField> &Fields;
  std::vector<uint64_t> Last;
};

class ResourceUsageSource final : public MetricSource {
public:
  explicit ResourceUsageSource(const std::vector<ResourceField> &Wanted)
      : Fields(Wanted) {
    for (ResourceField Field : Fields)
      for (const auto &Known : ResourceFields)
        if (Known.Field == Field)
          Metrics.push_back({Known.Name, Known.Unit, 1.0, Known.Accumulation});
  }
  std::unique_ptr<MetricReader> startThread(std::string &) override {
    return std::make_unique<ResourceUsageReader>(Fields);
  }

private:
  std::vector<ResourceField> Fields;
};

} // namespace

std::unique_ptr<MetricSource> createThreadCpuTimeSource() {
  return std::make_unique<ThreadCpuTimeSource>();
}

bool resourceFieldNamed(const std::string &Name, ResourceField &Field) {
  for (const auto &Known : ResourceFields)
    if (Name == Known.Name) {
      Field = Known.Field;
      return true;
    }
  return false;
}

std::unique_ptr<MetricSource>
createResourceUsageSource(const std::vector<ResourceField> &Fields) {
  return std::make_unique<ResourceUsageSource>(Fields);
}

} // namespace runtime
} // namespace sextant
