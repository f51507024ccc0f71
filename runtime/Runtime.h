//===- runtime/Runtime.h - Process-wide state of libsextant -----*- C++ -*-===//
//
// Part of Sextant. The Runtime is the one process-wide object of libsextant:
// the options read at start-up, the runtime filter, the region registry,
// the list of live threads and the merged call-path profile. It is created
// and initialized on first use (a constructor of the library or the first
// registration, whichever comes first) and never destroyed, so that
// instrumented code running during static destruction or thread exit never
// meets a dead runtime.
//
// Threads: each thread's ThreadState is merged into the process-wide tree
// under one lock when the thread exits (a pthread key destructor that
// defers itself to the last destructor round). At process end finalize()
// merges every still-live thread, closing open frames at the finalization
// timestamp, and writes the experiment directory exactly once.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_RUNTIME_H
#define SEXTANT_RUNTIME_RUNTIME_H

#include "CallPathTree.h"
#include "Clock.h"
#include "Options.h"
#include "RegionRegistry.h"
#include "ThreadState.h"

#include "filter/FilterSet.h"
#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <string>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace runtime {

class Runtime {
public:
  /// The runtime, created and initialized on the first call. Returns null
  /// when called again on the same thread while initialization is running,
  /// or when initialization failed for lack of memory (it is retried by the
  /// next call).
  static Runtime *instance() noexcept;
  /// The runtime if it has been created, else null; never creates it.
  static Runtime *existing() noexcept;

  /// Registers Descriptor (see __sextant_region_register), stores the
  /// result into its handle and returns it. May throw std::bad_alloc.
  uint32_t registerRegion(const sextant_region_descriptor &Descriptor);

  /// Creates the calling thread's state when CurrentThread is null and
  /// recording may go on; returns it, or null when the thread's events are
  /// to be ignored (then CurrentThread is a marker).
  static ThreadState *attachCurrentThread() noexcept;

  /// Stops recording the calling thread after an allocation failure; its
  /// data recorded so far is kept.
  void abandonCurrentThread(ThreadState &State) noexcept;

  /// Ends the measurement: merges every live thread and writes the
  /// experiment directory. Only the first call does anything.
  void finalize() noexcept;

  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

private:
  Runtime() = default;
  void initialize();
  void loadFilter();
  std::string modulePath(const void *Address);
  ThreadState *attach();
  void detachThread(ThreadState *State) noexcept;
  static void onThreadExit(void *State);
  bool waitUntilIdle(const ThreadState &State, bool IsCallingThread);

  // Set by initialize(), read-only afterwards.
  RuntimeOptions Options;
  std::unique_ptr<filter::FilterSet> Filter;
  bool FilterLoaded = false;
  std::unique_ptr<RegionRegistry> Registry;
  Ticks StartTicks = 0;
  timespec StartTime{};
  std::string ProgramPath;
  std::vector<std::string> Arguments;
  long Pid = 0;
  std::string Hostname;
  std::string WorkingDirectory;
  std::string OutputDirectory;
  pthread_key_t ThreadKey{};
  bool HaveThreadKey = false;

  // Registration.
  std::mutex ModuleMutex;
  /// Loader name of a module -> absolute path reported in the output.
  std::unordered_map<std::string, std::string> ModulePaths;
  std::atomic<uint64_t> RegionsRejected{0};
  std::atomic<bool> AbiWarningPrinted{false};
  std::atomic<bool> OutOfMemoryWarningPrinted{false};

  // Guarded by Mutex.
  std::mutex Mutex;
  std::vector<ThreadState *> LiveThreads;
  CallPathTree Merged;
  RepairCounters Repairs;
  uint64_t ThreadsSeen = 0;
  uint64_t ThreadsNotMerged = 0;
  bool Finalized = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_RUNTIME_H
