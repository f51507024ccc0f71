//===- runtime/trace/SpaceReserve.h - Room for the final files --*- C++ -*-===//
//
// Part of Sextant. A trace can fill the file system while the program runs;
// the experiment's own files (config.txt, profile.json, summary.txt,
// experiment.json with the trace's drop counters, ...) are only written at
// the end. So that they still fit, the first trace chunk of the process
// first sets SpaceReserveBytes aside in a reserve file, trace/.reserve,
// allocated with posix_fallocate(3); the runtime deletes it just before it
// writes the final files. When the reserve cannot be made (the disk is
// already fuller than that) or the final files are larger, the runtime cuts
// the trace's last chunks instead (TraceTruncation.h). No descriptor is
// kept: the file is created (O_EXCL|O_NOFOLLOW, in the trace directory's
// descriptor, ExperimentDirectory.h), allocated and closed at once.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_TRACE_SPACERESERVE_H
#define SEXTANT_RUNTIME_TRACE_SPACERESERVE_H

#include "format/schema/ExperimentSchema.h"

#include <atomic>
#include <cstdint>

namespace sextant {
namespace runtime {

/// Bytes set aside: the final files of a profile of some thousands of call
/// paths (profile.json takes about 250 bytes per call path, the other files
/// less); larger ones make room by cutting the trace.
constexpr uint64_t SpaceReserveBytes = 1 << 20;

/// The name of the reserve file in the trace directory.
constexpr const char *SpaceReserveFileName = format::files::SpaceReserve;

class ExperimentDirectory;

class SpaceReserve {
public:
  /// Forgets the reserve (not deleting it): in a child after fork(), whose
  /// reserve the parent's is not. Not thread-safe.
  void reset();
  /// Makes the reserve in Output's trace directory the first time it is
  /// called (later calls, also those of other threads meanwhile, return at
  /// once); the trace directory must have been opened. Thread-safe; never
  /// throws.
  void ensure(ExperimentDirectory &Output) noexcept;
  /// Deletes the reserve from Output's trace directory, if there is one;
  /// before the final files, or before the experiment moves.
  void release(ExperimentDirectory &Output) noexcept;
  /// Whether the reserve is held now.
  bool held() const { return Held.load(); }

private:
  std::atomic<bool> Tried{false};
  std::atomic<bool> Held{false};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_TRACE_SPACERESERVE_H
