//===- runtime/ExperimentInfo.h - Metadata of one measured run --*- C++ -*-===//
//
// Part of Sextant. Everything the experiment directory records about a run
// besides the call-path tree and the region table: program, process, times,
// clock and the counters of the runtime. Filled in by the runtime at
// finalization; a plain value so the writers can be tested without it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_EXPERIMENTINFO_H
#define SEXTANT_RUNTIME_EXPERIMENTINFO_H

#include "CallPathRecorder.h"
#include "Clock.h"

#include <cstdint>
#include <ctime>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

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
};

/// Seconds and nanoseconds of Time as ISO 8601 UTC, e.g.
/// "2024-05-01T10:34:56.123456789Z".
std::string formatUtcTime(const timespec &Time);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_EXPERIMENTINFO_H
