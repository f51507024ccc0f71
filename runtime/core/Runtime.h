//===- runtime/core/Runtime.h - Process-wide state of libsextant ----------===//
//
// Part of Sextant. The Runtime is the one process-wide object of libsextant.
// It holds the options read at start-up, the runtime filter, the region
// registry and the arming of regions, and it runs the life of the process:
// initialization, fork(), fatal signals and the finalization that writes the
// experiment directory exactly once (and, with SEXTANT_SNAPSHOT, snapshots
// of it while the process runs). It coordinates four parts, each with
// its own state:
//
//   ThreadRegistry   the live threads, their numbering and names, their
//                    detach and merge into the process-wide tree, the wait
//                    for busy threads at the end;
//   TraceSession     the trace target, the end of each thread's trace and
//                    the drop statistics;
//   MetricsSession   the MetricSet, the merged metrics and their warnings;
//   AdapterRegistry  the rank and base directory, the adapters' extra files,
//                    the fatal-signal and thread-finish hooks.
//
// It is created and initialized on first use (a constructor of the library
// or the first registration, whichever comes first) and never destroyed, so
// that instrumented code running during static destruction or thread exit
// never meets a dead runtime.
//
// Threads: each thread's ThreadState is merged into the process-wide tree
// when the thread exits (a pthread key destructor that defers itself to the
// second-to-last destructor round; the last belongs to the sanitizers). At
// process end finalize() merges every still-live thread, closing open
// frames at the finalization timestamp.
//
// Locks, in the order they are taken (a lock is never taken while one later
// in the list is held): the finalization lock (Mutex below: finalize() and
// fork), the ThreadRegistry's lock (TraceSession and MetricsSession are
// changed under it and have none), the AdapterRegistry's lock, ModuleMutex,
// the RegionRegistry's, RegionArming's and UserRegionTable's locks, the
// ExperimentDirectory's (Output). The
// hot path takes none of them (see ThreadState.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_RUNTIME_H
#define SEXTANT_RUNTIME_CORE_RUNTIME_H

#include "runtime/clock/Clock.h"
#include "runtime/clock/ClockCalibration.h"
#include "runtime/config/Options.h"
#include "runtime/core/AdapterRegistry.h"
#include "runtime/core/MetricsSession.h"
#include "runtime/core/ThreadRegistry.h"
#include "runtime/core/ThreadState.h"
#include "runtime/core/TraceSession.h"
#include "runtime/io/ExperimentDirectory.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/regions/LoadedModuleChecker.h"
#include "runtime/regions/RegionArming.h"
#include "runtime/regions/RegionRegistry.h"
#include "runtime/regions/UserRegionTable.h"

#include "filter/FilterSet.h"
#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <pthread.h>
#include <string>
#include <unordered_map>
#include <utility>
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
  /// RegionId, when given, receives the region's id (0 when none).
  uint32_t registerRegion(const sextant_region_descriptor &Descriptor,
                          bool RuntimeOwned = false,
                          const void *CodeAddress = nullptr,
                          uint32_t *RegionId = nullptr);

  /// Notes that the program's code called the runtime in the way Bit
  /// (InstrumentationBits, ExperimentInfo.h): at registrations only, never
  /// on the path of an event.
  void noteInstrumentation(InstrumentationBits Bit) noexcept {
    if (!(Instrumentation.load(std::memory_order_relaxed) & Bit))
      Instrumentation.fetch_or(Bit, std::memory_order_relaxed);
  }

  /// Called at the end of the run with the regions about to be written, so
  /// that an adapter that registered regions before it knew their names
  /// (the -finstrument-functions hooks) names them. Set once by the adapter;
  /// the runtime never names the adapter.
  using RegionNamer = void (*)(std::vector<RegionInfo> &Regions);
  void setRegionNamer(RegionNamer NameRegions) noexcept {
    Namer.store(NameRegions, std::memory_order_release);
  }

  /// The options read at start-up.
  const RuntimeOptions &options() const { return Options; }

  /// False when SEXTANT_ENABLE=0: nothing is armed or recorded.
  bool measuring() const { return Options.Enable != 0; }
  /// True when the threads' events are traced (SEXTANT_TRACE=1).
  bool tracing() const { return Tracing.enabled(); }
  /// The clock source chosen at start-up.
  ClockSource clockSource() const { return ClockChoice.Source; }
  /// The clock as known now: for the TSC, its frequency from start-up until
  /// now (the start-up frequency early in the run).
  ClockInfo clockNow() const;

  /// Throttles region Id: its call path Node on the calling thread has just
  /// reached the throttling threshold at time Now (see ThrottlePolicy.h).
  void throttleRegion(uint32_t Id, uint64_t Visits, Ticks InclusiveTicks,
                      Ticks Now) noexcept;
  /// Records that region Id was throttled like throttleRegion() without
  /// disarming it: an OpenMP parallel region that switched to counting
  /// only (its own visits stay recorded, see runtime/openmp/OpenMPTool.h).
  /// True the first time for Id.
  bool noteThrottledRegion(uint32_t Id, uint64_t Visits, Ticks InclusiveTicks,
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

  /// Creates the calling thread's state when CurrentThread is
  /// threadNotAttached() and recording may go on; returns it, or null when
  /// the thread's events are to be ignored (then CurrentThread is a
  /// marker).
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
  bool claimBaseDirectory() noexcept;
  bool addAdapterOutput(const char *Name, char *(*Render)(void *),
                        void *Context) noexcept;
  void setFatalHook(void (*Hook)(int)) noexcept { Adapters.setFatalHook(Hook); }
  void expectJob() noexcept {
    try {
      Adapters.expectJob();
    } catch (...) {
    }
  }

  /// Called for each thread as it is finished (at its exit, or for live
  /// threads at the end of the run), with the thread idle and before its
  /// open frames are closed, so that an adapter with per-thread state of its
  /// own (the OpenMP tool) can close what it still holds. Registered once by
  /// the adapter when it starts; the runtime never names the adapter.
  void setThreadFinishHook(ThreadFinishHook Hook) noexcept {
    Adapters.setThreadFinishHook(Hook);
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
  /// The experiment directory named after the program, its start time and
  /// pid (when SEXTANT_OUTPUT_DIR is not set).
  std::string defaultOutputDirectory() const;
  /// The program as named in directory names: argv[0], else the executable.
  const std::string &programForNames() const;
  /// Registers a user region's runtime-owned descriptor; returns its handle
  /// value (SEXTANT_FILTERED on failure).
  uint32_t registerUserRegion(UserRegion &Region) noexcept;
  static void onThreadExit(void *State);

  // The steps of finalize(), in their order.
  /// The adapters' files (name, contents), e.g. mpi.json.
  using AdapterFileList = std::vector<std::pair<std::string, std::string>>;
  /// How the claim of the experiment directory went (claimOutputDirectory).
  struct OutputClaim {
    std::string Error;
    /// A directory rule refused it (ExperimentDirectory::prepare).
    bool Refused = false;
  };
  /// Takes the finalization lock into Lock and the ThreadRegistry's into
  /// ThreadsLock and stops the recording; false when this call writes
  /// nothing: a later call, a setuid program, a lock not taken in time, or a
  /// copy of the parent made by fork() whose fork handlers did not run.
  bool beginFinalization(std::unique_lock<std::mutex> &Lock,
                         std::unique_lock<std::mutex> &ThreadsLock);
  /// Everything experiment.json says of the run that ends at EndTicks and
  /// EndTime (real time), every thread finished, with the experiment
  /// directory claimed (Claim: how that went); AdapterFiles receives the
  /// adapters' files. None when the adapters' lock could not be taken.
  std::optional<ExperimentInfo>
  describeExperiment(Ticks EndTicks, const timespec &EndTime,
                     AdapterFileList &AdapterFiles, OutputClaim &Claim);
  /// The fields of experiment.json that describe the run itself (program,
  /// process, times to EndTicks and EndTime, clock, options and counters of
  /// the runtime): shared by the end and the snapshots.
  void describeRun(ExperimentInfo &Info, Ticks EndTicks,
                   const timespec &EndTime);
  /// Opens and claims the experiment directory (Output) before anything is
  /// written: the claim decides the directory experiment.json names (a
  /// sub-directory when another run has the requested one). The writer
  /// prepares it again (writeExperimentDirectory): nothing to do once it is
  /// open, but a failure of the system (a full disk) is tried again there
  /// after the trace made room, and a directory that cannot be had is one
  /// error rather than one per file.
  OutputClaim claimOutputDirectory();
  /// Writes every file of the experiment (with the regions named by the
  /// RegionNamer), cutting the trace's end while the disk is full; true
  /// when all were written, else Errors holds why.
  bool writeExperiment(ExperimentInfo &Info,
                       const AdapterFileList &AdapterFiles,
                       std::vector<std::string> &Errors);
  /// Prints what went wrong (one line for all the files that failed), what
  /// is missing from the profile and, with SEXTANT_VERBOSE, where it went.
  void reportFinalization(const ExperimentInfo &Info, const OutputClaim &Claim,
                          const std::vector<std::string> &Errors, bool Written);

  // Periodic snapshots (ProcessSnapshots.cpp).
  /// Starts the thread that writes a snapshot every SEXTANT_SNAPSHOT
  /// seconds; called by initialize() when the option is set.
  void startSnapshots() noexcept;
  static void *runSnapshots(void *Self) noexcept;
  /// Writes one snapshot of the experiment directory, unless the process's
  /// directory may still move; false when the measurement has ended (the
  /// snapshot thread then stops).
  bool writeSnapshot() noexcept;

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

  // Set by initialize(), read-only afterwards (Pid, StartTicks and
  // StartTime change in a child after fork).
  RuntimeOptions Options;
  std::unique_ptr<filter::FilterSet> Filter;
  bool FilterLoaded = false;
  /// A setuid/setgid program (PrivilegedExecution.h): nothing is written.
  bool Privileged = false;
  std::unique_ptr<RegionRegistry> Registry;
  Ticks StartTicks = 0;
  timespec StartTime{};
  std::string ProgramPath;
  std::vector<std::string> Arguments;
  long Pid = 0;
  std::string Hostname;
  std::string WorkingDirectory;
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
  /// InstrumentationBits noted so far; a child made by fork() keeps its
  /// parent's (its code is the same).
  std::atomic<uint32_t> Instrumentation{0};
  std::atomic<RegionNamer> Namer{nullptr};
  std::atomic<bool> AbiWarningPrinted{false};

  // The parts (see the file comment).
  /// Where this process writes: opened and claimed at the first file
  /// (ExperimentDirectory.h); its own lock is taken last before fork().
  ExperimentDirectory Output;
  TraceSession Tracing;
  MetricsSession Metrics;
  ThreadRegistry Threads{Tracing, Metrics};
  AdapterRegistry Adapters;

  // The process's life; guarded by Mutex, the finalization lock.
  std::mutex Mutex;
  bool Finalized = false;
  /// In a child made by fork(): the parent's pid (0: not a forked child).
  long ParentPid = 0;
  /// The fatal signal that ended the process (0: none).
  std::atomic<int> EndSignal{0};
  /// OS thread id of the thread that took Mutex in finalize() (0: none).
  std::atomic<uint64_t> FinalizingThread{0};
  /// Set when this process wrote the measurement (finalizeNow).
  std::atomic<bool> WroteMeasurement{false};
  /// A snapshot's failure to write was reported (once per run); guarded by
  /// Mutex.
  bool SnapshotFailureReported = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_RUNTIME_H
