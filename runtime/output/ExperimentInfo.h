//===- runtime/output/ExperimentInfo.h - Metadata of one measured run -----===//
//
// Part of Sextant. Everything the experiment directory records about a run
// besides the call-path tree and the region table: program, process, times,
// clock and the counters of the runtime. Filled in by the runtime at
// finalization; a plain value so the writers can be tested without it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_EXPERIMENTINFO_H
#define SEXTANT_RUNTIME_OUTPUT_EXPERIMENTINFO_H

#include "runtime/clock/Clock.h"
#include "runtime/profile/CallPathRecorder.h"
#include "runtime/regions/ThrottlePolicy.h"
#include "runtime/trace/TraceStatistics.h"

#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

struct ProfileMetrics;

/// The ways the program's code calls the runtime, as bits of
/// ExperimentInfo::Instrumentation (experiment.json "instrumentation").
enum InstrumentationBits : uint32_t {
  /// Code instrumented by the plugin called __sextant_region_register.
  InstrumentedByPlugin = 1u << 0,
  /// -finstrument-functions code called __cyg_profile_func_enter.
  InstrumentedByCygProfileHooks = 1u << 1,
  /// The user API registered a region (sextant_region_begin).
  InstrumentedByUserApi = 1u << 2,
};

struct ExperimentInfo {
  std::string SextantVersion;
  std::string ProgramPath;            ///< absolute path of the executable
  std::vector<std::string> Arguments; ///< argv, argv[0] included
  long Pid = 0;
  std::string Hostname;
  std::string WorkingDirectory; ///< at start-up
  std::string OutputDirectory;  ///< absolute path of the experiment
  timespec StartTime{};         ///< CLOCK_REALTIME at initialization
  timespec EndTime{};           ///< CLOCK_REALTIME at finalization
  double WallSeconds = 0;       ///< elapsed time of the runtime clock
  ClockInfo Clock = MonotonicClock::info();
  /// Threads that recorded at least one event.
  uint64_t ThreadsSeen = 0;
  /// Live threads whose data could not be merged at the end (they were in
  /// the middle of an event and did not finish it in time).
  uint64_t ThreadsNotMerged = 0;
  /// Descriptors rejected because of an ABI version mismatch.
  uint64_t RegionsRejected = 0;
  RepairCounters Repairs;
  std::string FilterFile; ///< SEXTANT_FILTER; empty when unset
  bool FilterLoaded = false;
  /// SEXTANT_ENABLE: false when every region was disarmed from the start.
  bool Enabled = true;
  /// InstrumentationBits of the ways the program's code called the runtime.
  uint32_t Instrumentation = 0;
  /// Cost of one armed enter+exit pair in profile mode, measured at
  /// start-up; 0 when not measured.
  double EventPairCostSeconds = 0;
  /// SEXTANT_THROTTLE.
  ThrottleSetting Throttle;
  /// Calls of sextant_pause() that paused the measurement.
  uint64_t Pauses = 0;
  /// Whether the measurement was paused at the end.
  bool PausedAtEnd = false;
  /// User regions ended because an enclosing user region ended first.
  uint64_t UserRegionsEndedImplicitly = 0;
  /// SEXTANT_TRACE, SEXTANT_BUFFER_SIZE and what the traces wrote and lost.
  bool TraceEnabled = false;
  uint64_t TraceBufferSize = 0;
  TraceStatistics Trace;
  /// The fatal signal during which the measurement was written, e.g.
  /// "SIGSEGV"; empty when the process ended normally.
  std::string EndSignal;
  /// A snapshot (SEXTANT_SNAPSHOT) rather than the end of the run: the
  /// files hold the profile as it was SnapshotSeconds after the start, and
  /// the process was still running.
  bool Snapshot = false;
  double SnapshotSeconds = 0;
  /// In a child made by fork(): the parent's pid; 0 otherwise.
  long ParentPid = 0;
  /// The rank of the process in a parallel job and the job's size (set by
  /// an adapter, adapter_abi.h); -1 and 0 outside one.
  int Rank = -1;
  int RankCount = 0;
  /// The files that adapters added to the experiment (mpi.json), whether
  /// or not each could be rendered.
  std::vector<std::string> AdapterFiles;
  /// SEXTANT_METRICS and the merged metrics; null when it was not set.
  const ProfileMetrics *Metrics = nullptr;
};

/// Seconds and nanoseconds of Time as ISO 8601 UTC, e.g.
/// "2024-05-01T10:34:56.123456789Z".
std::string formatUtcTime(const timespec &Time);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_EXPERIMENTINFO_H
