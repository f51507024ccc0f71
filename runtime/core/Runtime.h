//===- runtime/core/Runtime.h - Process-wide state of libsextant ----------===//
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

#ifndef SEXTANT_RUNTIME_CORE_RUNTIME_H
#define SEXTANT_RUNTIME_CORE_RUNTIME_H

#include "runtime/clock/Clock.h"
#include "runtime/clock/ClockCalibration.h"
#include "runtime/config/Options.h"
#include "runtime/core/ThreadState.h"
#include "runtime/metrics/MetricSet.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/output/ThreadProfiles.h"
#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/LoadedModuleChecker.h"
#include "runtime/regions/RegionArming.h"
#include "runtime/regions/RegionRegistry.h"
#include "runtime/regions/UserRegionTable.h"
#include "runtime/trace/ThreadTrace.h"
#include "runtime/trace/TraceStatistics.h"

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
  /// result into its handle and returns it. RuntimeOwned: the descriptor
  /// and handle belong to the runtime (user regions) and never go away.
  /// May throw std::bad_alloc.
  /// CodeAddress, when given, is an address in the module the region is
  /// reported in (OpenMP regions); else the descriptor's module is.
  uint32_t registerRegion(const sextant_region_descriptor &Descriptor,
                          bool RuntimeOwned = false,
                          const void *CodeAddress = nullptr);

  /// The options read at start-up.
  const RuntimeOptions &options() const { return Options; }

  /// False when SEXTANT_ENABLE=0: nothing is armed or recorded.
  bool measuring() const { return Options.Enable != 0; }

  /// Throttles region Id: its call path Node on the calling thread has just
  /// reached the throttling threshold at time Now (see ThrottlePolicy.h).
  void throttleRegion(uint32_t Id, uint64_t Visits, Ticks InclusiveTicks,
                      Ticks Now) noexcept;

  /// sextant_pause() / sextant_resume(): disarm / re-arm every region.
  void pauseMeasurement() noexcept;
  void resumeMeasurement() noexcept;

  /// The user region named Name, created on first use (registered by
  /// userRegionHandle); null when out of memory.
  UserRegion *userRegion(std::string_view Name) noexcept;
  /// The value of Region's handle, registering the region on first use.
  uint32_t userRegionHandle(UserRegion &Region) noexcept {
    uint32_t Handle = __atomic_load_n(&Region.Handle, __ATOMIC_RELAXED);
    return Handle != SEXTANT_INVALID ? Handle : registerUserRegion(Region);
  }

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

  // Adapters (RuntimeAdapters.cpp, include/sextant/adapter_abi.h).
  bool setRank(int Rank, int Size) noexcept;
  bool setBaseDirectory(const std::string &Path) noexcept;
  std::string baseDirectory() noexcept;
  bool addAdapterOutput(const char *Name, char *(*Render)(void *),
                        void *Context) noexcept;
  void setFatalHook(void (*Hook)(int)) noexcept { FatalHook.store(Hook); }

  /// Called for each thread as it is finished (at its exit, or for live
  /// threads at the end of the run), with the thread idle and before its
  /// open frames are closed, so that an adapter with per-thread state of its
  /// own (the OpenMP tool) can close what it still holds. Registered once by
  /// the adapter when it starts; the runtime never names the adapter.
  using ThreadFinishHook = void (*)(ThreadState &State, Ticks Now) noexcept;
  void setThreadFinishHook(ThreadFinishHook Hook) noexcept {
    ThreadFinish.store(Hook);
  }
  /// finalize(), returning whether this call wrote the measurement.
  bool finalizeNow() noexcept;

  Runtime(const Runtime &) = delete;
  Runtime &operator=(const Runtime &) = delete;

private:
  Runtime() = default;
  void initialize();
  void loadFilter();
  std::string modulePath(const void *Address);
  ThreadState *attach();
  void detachThread(ThreadState *State) noexcept;
  /// Keeps what the output needs of a thread whose recording ends (at its
  /// exit or at the end of the process) besides its merged tree: a copy of
  /// its tree for profile-threads.json and its user-region counter. Called
  /// with Mutex held.
  void collectThreadResults(ThreadState &State) noexcept;
  /// Registers a user region's runtime-owned descriptor; returns its handle
  /// value (SEXTANT_FILTERED on failure).
  uint32_t registerUserRegion(UserRegion &Region) noexcept;
  static void onThreadExit(void *State);
  bool waitUntilIdle(const ThreadState &State, bool IsCallingThread);

  // Tracing (RuntimeTracing.cpp).
  /// Sets up Trace from the options; called by initialize().
  void configureTracing();
  /// Gives State a trace buffer when tracing; called with Mutex held after
  /// State->Index and State->Tid are set.
  void startTrace(ThreadState &State) noexcept;
  /// Ends State's trace after State->Recorder.closeAll(Now) closed
  /// FramesClosed frames and adds up its counters; called with Mutex held.
  void finishTrace(ThreadState &State, Ticks Now, size_t FramesClosed) noexcept;
  /// Fills the trace part of Info and writes the final clock frequency
  /// (Info.Clock) into every trace file; called with Mutex held.
  void completeTraces(ExperimentInfo &Info) noexcept;

  // Metrics besides time (RuntimeMetrics.cpp).
  /// Sets up Metrics from SEXTANT_METRICS; called by initialize() after
  /// configureTracing().
  void configureMetrics();
  /// Gives State its metric readers (and counter-sample file when
  /// tracing); called on State's thread without Mutex held.
  void startMetrics(ThreadState &State) noexcept;
  /// After State->Recorder.closeAll(Now) and the merge of its tree into
  /// Merged: closes and merges State's metrics. Current: called on State's
  /// thread (its counters are read once more and its readers stopped).
  /// Called with Mutex held.
  void finishMetrics(ThreadState &State, Ticks Now, bool Current) noexcept;
  /// In a child after fork: metrics other than time stop.
  void restartMetricsInChild(ThreadState *Caller) noexcept;
  /// The merged metrics for the outputs; null when none was asked for.
  const ProfileMetrics *profileMetrics() const noexcept;

  // Fatal signals and fork (ProcessEvents.cpp).
  /// Installs the fatal-signal handlers and the fork handlers; called by
  /// initialize().
  void installProcessEventHandlers();
  static void onFatalSignal(int Signal);
  /// Locks Mutex for finalize(): waits at most a few seconds in a fatal
  /// signal's handler (the interrupted code may hold it), else without
  /// bound. False (with an error printed) when it could not be taken.
  bool lockForFinalization(std::unique_lock<std::mutex> &Lock) noexcept;
  static void prepareFork();
  static void parentAfterFork();
  static void childAfterFork();
  /// Releases the locks prepareFork took.
  void unlockAfterFork();
  /// Turns the runtime into that of a child process made by fork() (see
  /// ProcessEvents.cpp); called with the locks of prepareFork held.
  void restartInChild() noexcept;

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
  /// Changed later only under Mutex, by an adapter (setRank,
  /// setBaseDirectory in RuntimeAdapters.cpp).
  std::string OutputDirectory;
  pthread_key_t ThreadKey{};
  bool HaveThreadKey = false;
  /// The clock chosen at start-up and the throttling check in its ticks.
  ClockSelection ClockChoice;
  ThrottleThreshold Throttle;
  /// Measured cost of one enter+exit pair in profile mode, seconds.
  double EventPairCostSeconds = 0;

  // Arming (has its own lock).
  LoadedModuleChecker ModuleChecker;
  RegionArming Arming{&ModuleChecker};
  std::atomic<uint64_t> Pauses{0};
  UserRegionTable UserRegions;

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
  std::unique_ptr<ThreadProfileSet> ThreadProfiles;
  uint64_t UserRegionsEndedImplicitly = 0;
  /// Totals of the traces of the threads that ended, and their files.
  TraceStatistics TraceTotals;
  std::vector<std::string> TraceFiles;

  /// What every thread's trace shares; set by initialize() (and in a child
  /// after fork), read-only otherwise.
  TraceTarget Trace;
  /// The fatal signal that ended the process (0: none).
  std::atomic<int> EndSignal{0};
  /// OS thread id of the thread that took Mutex in finalize() (0: none).
  std::atomic<uint64_t> FinalizingThread{0};
  /// In a child made by fork(): the parent's pid (0: not a forked child).
  long ParentPid = 0;

  // Adapters (RuntimeAdapters.cpp); guarded by Mutex.
  struct AdapterOutput {
    std::string Name;
    char *(*Render)(void *);
    void *Context;
  };
  std::vector<AdapterOutput> AdapterOutputs;
  /// The process's rank in a parallel job and the job's size (-1, 0: none).
  int Rank = -1;
  int RankCount = 0;
  /// With a rank: the job's experiment directory; OutputDirectory is then
  /// its rank-<Rank> subdirectory.
  std::string BaseDirectory;
  /// Set when this process wrote the measurement (finalizeNow).
  bool WroteMeasurement = false;
  std::atomic<void (*)(int)> FatalHook{nullptr};
  std::atomic<ThreadFinishHook> ThreadFinish{nullptr};
  /// SEXTANT_METRICS: set by initialize(), read-only afterwards.
  MetricSet Metrics;
  /// The metrics of Merged's nodes and what was lost; guarded by Mutex.
  ProfileMetrics MergedMetrics;
  bool MetricWarningPrinted = false;
  /// Set in a child after fork: new threads get no metric readers.
  bool MetricsStopped = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_RUNTIME_H
