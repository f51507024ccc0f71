//===- format/schema/ExperimentDescription.h - Run and region records -----===//
//
// Part of Sextant. The one description of experiment.json (what is known
// about a measured run) and of regions.json (the region table), field by
// field as docs/output-formats.md documents them. The runtime fills these
// structs at the end of the run and writes them with ExperimentJson.h and
// RegionsJson.h; the reader (ExperimentReader.h) reads the files back into
// them and the summary text (SummaryText.h) is rendered from them. A member
// that is null in the file is an empty std::optional; members that older
// experiments lack keep their default when read.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_EXPERIMENTDESCRIPTION_H
#define SEXTANT_FORMAT_SCHEMA_EXPERIMENTDESCRIPTION_H

#include "format/schema/MetricDescription.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace format {

/// regions.json "flags": what the compiler plug-in knew about a region.
struct RegionFlags {
  bool DebugInfo = false;
  bool MayUnwind = false;
  bool Demangled = false;
  bool User = false; ///< a region of the user API (sextant_region_begin)
  bool OpenMP = false;
  bool Mpi = false;
  /// A function of a library measured by a generated wrapper.
  bool Library = false;
};

/// regions.json "filter_rule": the rule of the runtime filter that decided.
struct FilterRuleRecord {
  std::string File;
  uint64_t Line = 0;
  uint64_t Column = 0;
  std::string Rule;    ///< the rule's text, e.g. "EXCLUDE tiny"
  std::string Pattern; ///< the pattern that matched
};

/// regions.json "throttled": when and why the runtime disarmed a region.
struct ThrottleRecord {
  double AfterSeconds = 0; ///< since the start of the measurement
  uint64_t Visits = 0;
  double MeanVisitSeconds = 0;
};

/// One entry of regions.json.
struct RegionRecord {
  uint32_t Id = 0; ///< its index in the list + 1
  std::string Name;
  std::string Mangled;
  std::string File;
  uint64_t BeginLine = 0;
  uint64_t EndLine = 0;
  std::string Module; ///< the executable or shared library
  RegionFlags Flags;
  bool Filtered = false; ///< excluded by the runtime filter
  std::string FilterReason;
  std::optional<FilterRuleRecord> FilterRule;
  std::optional<ThrottleRecord> Throttled;
};

/// experiment.json "throttle": SEXTANT_THROTTLE.
struct ThrottleSettingRecord {
  bool Enabled = false;
  uint64_t MinVisits = 0;
  uint64_t MaxMeanVisitNanoseconds = 0;
};

/// experiment.json "trace": what SEXTANT_TRACE wrote and lost.
struct TraceRecord {
  std::string Directory;      ///< relative to the experiment directory
  uint64_t FormatVersion = 0; ///< of the trace files (TraceFormat.h)
  uint64_t BufferSizeBytes = 0;
  uint64_t Files = 0;
  uint64_t ChunksWritten = 0;
  uint64_t EventsWritten = 0;
  uint64_t BytesWritten = 0;
  /// BytesWritten / EventsWritten; null without events.
  std::optional<double> BytesPerEvent;
  uint64_t ChunksDropped = 0;
  uint64_t EventsDropped = 0;
  uint64_t ThreadsWithoutTrace = 0;
  std::optional<std::string> WriteError; ///< the first one
};

/// experiment.json "metrics": SEXTANT_METRICS.
struct MetricsRecord {
  struct Measured {
    std::string Name;
    std::string Unit;
    MetricAccumulation Accumulation = MetricAccumulation::Sum;
  };
  struct Derived {
    std::string Name;
    std::string Unit;
  };
  struct Unavailable {
    std::string Name;
    std::string Reason;
  };
  std::vector<std::string> Requested;
  std::vector<Measured> MeasuredMetrics;
  std::vector<Derived> DerivedMetrics;
  std::vector<Unavailable> UnavailableMetrics;
  bool Multiplexed = false;
  uint64_t EventsLost = 0;
  uint64_t ThreadsWithoutEverySource = 0;
  uint64_t TraceSamplesWritten = 0;
  uint64_t TraceSamplesDropped = 0;
};

/// experiment.json.
struct ExperimentMetadata {
  std::string SextantVersion;
  std::string Program;                ///< absolute path of the executable
  std::vector<std::string> Arguments; ///< argv, argv[0] included
  int64_t Pid = 0;
  std::string Hostname;
  std::string WorkingDirectory; ///< at start-up
  std::string OutputDirectory;  ///< absolute path of the experiment
  std::string
      StartTime; ///< ISO 8601 UTC, e.g. "2024-05-01T10:34:56.123456789Z"
  std::string EndTime;
  double WallSeconds = 0;
  std::string Clock; ///< "TSC" or "CLOCK_MONOTONIC"
  double ClockTicksPerSecond = 1e9;
  std::optional<std::string> ClockCalibration;
  /// Cost of one armed enter+exit pair, measured at start-up (0: not
  /// measured).
  std::optional<double> EventPairCostSeconds;
  bool Enabled = true; ///< SEXTANT_ENABLE
  /// How the program's code called the runtime (instrumentation_modes in
  /// ExperimentSchema.h: "plugin", "finstrument-functions", "api"), in
  /// that order; empty when nothing did. No value: an experiment written
  /// before the runtime recorded it.
  std::optional<std::vector<std::string>> Instrumentation;
  uint64_t Threads = 0;
  uint64_t ThreadsNotMerged = 0;
  uint64_t RegionsRegistered = 0;
  uint64_t RegionsFiltered = 0;
  uint64_t RegionsRejected = 0; ///< ABI version mismatch
  uint64_t RegionsThrottled = 0;
  ThrottleSettingRecord Throttle;
  uint64_t Pauses = 0;
  bool PausedAtEnd = false;
  uint64_t UserRegionsEndedImplicitly = 0;
  uint64_t Repairs = 0;
  uint64_t ExitsRepaired = 0;
  uint64_t ExitsIgnored = 0;
  uint64_t FramesOpenAtEnd = 0;
  std::optional<std::string> RuntimeFilter; ///< SEXTANT_FILTER
  bool RuntimeFilterLoaded = false;
  std::optional<std::string> EndedBySignal; ///< e.g. "SIGSEGV"
  /// Set in a snapshot (SEXTANT_SNAPSHOT): the seconds after the start at
  /// which the profile was copied from the running process. A process whose
  /// experiment.json still says so did not write its final profile (it was
  /// killed by SIGKILL, say).
  std::optional<double> SnapshotSeconds;
  std::optional<int64_t> ForkedFromPid;
  /// MPI jobs (libsextant-mpi): the process's rank and the job's size, or,
  /// in the job's combined view (CombinedJob), only the size.
  std::optional<uint64_t> MpiRank;
  std::optional<uint64_t> MpiRanks;
  /// The files that adapters added to the experiment ("mpi.json" from the
  /// MPI adapter); absent in experiments of older Sextants, which do not
  /// say.
  std::optional<std::vector<std::string>> AdapterFiles;
  std::optional<TraceRecord> Trace;
  std::optional<MetricsRecord> Metrics;
  /// "combined": true in the combined view of an MPI job (`sextant
  /// combine`); absent otherwise.
  bool CombinedJob = false;
  /// Sextant's own time at MPI_Init and MPI_Finalize in seconds, each the
  /// largest over the ranks: in the job's view written by the MPI adapter
  /// at MPI_Finalize only (format/job/MpiSessionCosts.h).
  struct MpiMeasurementTime {
    double InitSetup = 0;
    double FinalizeSync = 0;
    double RankWrite = 0;
    double JobCombine = 0;
  };
  std::optional<MpiMeasurementTime> MpiMeasurement;

  /// The names of the measured metrics accumulated as maxima.
  std::vector<std::string> maximumMetrics() const;
};

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_EXPERIMENTDESCRIPTION_H
