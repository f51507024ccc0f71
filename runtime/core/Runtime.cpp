//===- runtime/core/Runtime.cpp - Process-wide state of libsextant --------===//
//
// Part of Sextant. Initialization (options, filter, program metadata),
// region registration, thread attach and thread-exit flush, and the
// process-end finalization that writes the experiment directory.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/Runtime.h"

#include "runtime/config/PrivilegedExecution.h"
#include "runtime/core/AsymmetricBarrier.h"
#include "runtime/core/EventCostProbe.h"
#include "runtime/core/FatalSignals.h"
#include "runtime/core/OutOfMemoryWarning.h"
#include "runtime/core/ProcessExit.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/io/OutputDirectory.h"
#include "runtime/io/RunResultReport.h"
#include "runtime/output/ExperimentInfo.h"
#include "runtime/output/ExperimentWriter.h"

#include "common/FileContents.h"
#include "common/MessageText.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

extern char **environ;

#ifndef SEXTANT_VERSION_STRING
#error "SEXTANT_VERSION_STRING must be defined by the build"
#endif

namespace sextant {
namespace runtime {

ThreadEventWord ThreadMarkers[3] = {{1}, {1}, {1}};
__thread ThreadEventWord *CurrentThread
    __attribute__((tls_model("initial-exec"))) = &ThreadMarkers[0];
std::atomic<bool> FinalizationStarted{false};
// The clock source is CLOCK_MONOTONIC until installClockSource() runs.
std::atomic<uint32_t> FastPathBlockers{FastPathClockNotTsc};
FrameOffsetTable FrameOffsets;

namespace {

std::atomic<Runtime *> TheRuntime{nullptr};
pthread_mutex_t InitializationMutex = PTHREAD_MUTEX_INITIALIZER;
/// Set while this thread initializes the runtime (re-entry returns null).
__thread bool InitializingOnThisThread
    __attribute__((tls_model("initial-exec"))) = false;

std::string executablePath() {
  char Buffer[PATH_MAX];
  ssize_t Length = ::readlink("/proc/self/exe", Buffer, sizeof(Buffer) - 1);
  if (Length <= 0)
    return std::string();
  return std::string(Buffer, static_cast<size_t>(Length));
}

std::vector<std::string> commandLine() {
  std::vector<std::string> Arguments;
  std::string Contents = readWholeFile("/proc/self/cmdline");
  size_t Start = 0;
  while (Start < Contents.size()) {
    size_t End = Contents.find('\0', Start);
    if (End == std::string::npos)
      End = Contents.size();
    Arguments.push_back(Contents.substr(Start, End - Start));
    Start = End + 1;
  }
  return Arguments;
}

std::string currentDirectory() {
  char Buffer[PATH_MAX];
  if (::getcwd(Buffer, sizeof(Buffer)))
    return Buffer;
  return std::string();
}

std::string hostName() {
  char Buffer[256] = {};
  if (::gethostname(Buffer, sizeof(Buffer) - 1) != 0)
    return std::string();
  return Buffer;
}

/// "file:line:column: message" of a filter diagnostic.
std::string describe(const filter::Diagnostic &Diagnostic) {
  std::string Text = Diagnostic.File;
  if (Diagnostic.Line != 0) {
    Text += ":" + std::to_string(Diagnostic.Line);
    if (Diagnostic.Column != 0)
      Text += ":" + std::to_string(Diagnostic.Column);
  }
  return Text + ": " + Diagnostic.Message;
}

std::string_view orEmpty(const char *Text) {
  return Text ? std::string_view(Text) : std::string_view();
}

} // namespace

//===----------------------------------------------------------------------===//
// Creation and initialization
//===----------------------------------------------------------------------===//

Runtime *Runtime::existing() noexcept {
  return TheRuntime.load(std::memory_order_acquire);
}

Runtime *Runtime::instance() noexcept {
  if (Runtime *Existing = TheRuntime.load(std::memory_order_acquire))
    return Existing;
  if (InitializingOnThisThread)
    return nullptr;
  InitializingOnThisThread = true;
  pthread_mutex_lock(&InitializationMutex);
  Runtime *Created = TheRuntime.load(std::memory_order_acquire);
  if (!Created) {
    try {
      std::unique_ptr<Runtime> Fresh(new Runtime());
      Fresh->initialize();
      Created = Fresh.release(); // never destroyed, see Runtime.h
      TheRuntime.store(Created, std::memory_order_release);
    } catch (...) {
      printMessage(MessageKind::Error,
                   "out of memory while initializing; nothing is recorded");
      Created = nullptr;
    }
  }
  pthread_mutex_unlock(&InitializationMutex);
  InitializingOnThisThread = false;
  return Created;
}

void Runtime::initialize() {
  std::vector<std::string> Warnings;
  Privileged = runsWithElevatedPrivileges();
  if (Privileged) {
    std::string Notice;
    Options = privilegedOptions(environ, Notice);
    if (!Notice.empty())
      printMessage(MessageKind::Warning, Notice);
  } else {
    Options = parseOptions(environ, Warnings);
  }
  for (const std::string &Warning : Warnings)
    printMessage(MessageKind::Warning, Warning);

  // The clock, before any timestamp is taken (ClockCalibration.h).
  ClockEnvironment Hardware;
  Hardware.InvariantTsc = cpuHasInvariantTsc();
  Hardware.ReadTsc = &TscClock::now;
  Hardware.ReadNanoseconds = &MonotonicClock::now;
  std::vector<std::string> ClockWarnings;
  ClockChoice = selectClock(Options.ClockRequest, Hardware, ClockWarnings);
  for (const std::string &Warning : ClockWarnings)
    printMessage(MessageKind::Warning, Warning);
  installClockSource(ClockChoice.Source);
  if (ClockChoice.Source == ClockSource::Tsc && SEXTANT_HAVE_TSC)
    FastPathBlockers.fetch_and(~static_cast<uint32_t>(FastPathClockNotTsc));
  else
    FastPathBlockers.fetch_or(FastPathClockNotTsc);
  StartTicks = Clock::now();
  clock_gettime(CLOCK_REALTIME, &StartTime);
  Throttle =
      throttleThreshold(Options.Throttle, ClockChoice.StartInfo.TicksPerSecond);
  // Before tracing is set up, so that it measures profile mode.
  if (measuring())
    EventPairCostSeconds =
        measureEventPairCost(ClockChoice.StartInfo.TicksPerSecond);

  Pid = static_cast<long>(::getpid());
  WorkingDirectory = currentDirectory();
  ProgramPath = executablePath();
  Arguments = commandLine();
  Hostname = hostName();
  std::string OutputDirectory =
      Options.OutputDir.empty()
          ? defaultOutputDirectory()
          : absolutePath(Options.OutputDir, WorkingDirectory);
  Adapters.setOutputDirectory(OutputDirectory);
  // Claimed at the first file written, so that an adapter may still set a
  // rank directory of this process alone.
  Output.request(OutputDirectory, /*Claim=*/true, programForNames(), Pid);
  Threads.configure(Pid, ClockChoice.StartInfo.TicksPerSecond, Throttle,
                    Options.ThreadProfiles);

  loadFilter();
  Registry = std::make_unique<RegionRegistry>(Filter.get());
  Tracing.configure(Options, Output, Pid, ClockChoice.StartInfo.TicksPerSecond,
                    StartTicks);
  Metrics.configure(Options, measuring(), Tracing);
  // With nothing to write, nothing needs to happen on a signal or a fork.
  if (!Privileged) {
    installProcessEventHandlers();
    watchMainThreadExit();
  }

  prepareHeavyBarrier();
  int KeyError = pthread_key_create(&ThreadKey, &Runtime::onThreadExit);
  HaveThreadKey = KeyError == 0;
  if (!HaveThreadKey)
    printMessage(MessageKind::Warning,
                 std::string("cannot create a thread-exit hook (") +
                     std::strerror(KeyError) +
                     "); threads are merged only at process end");
  // Last: the thread uses the runtime as initialized.
  if (Options.Snapshot != 0 && measuring() && !Privileged)
    startSnapshots();
}

std::string Runtime::defaultOutputDirectory() const {
  std::tm LocalStart{};
  time_t StartSeconds = StartTime.tv_sec;
  localtime_r(&StartSeconds, &LocalStart);
  return absolutePath(
      experimentDirectoryName(programForNames(), LocalStart, Pid),
      WorkingDirectory);
}

const std::string &Runtime::programForNames() const {
  return !Arguments.empty() ? Arguments[0] : ProgramPath;
}

void Runtime::loadFilter() {
  if (Options.FilterFile.empty())
    return;
  auto Set = std::make_unique<filter::FilterSet>();
  std::vector<filter::Diagnostic> Diagnostics;
  bool Loaded = Set->addFile(Options.FilterFile, Diagnostics);
  for (const filter::Diagnostic &Diagnostic : Diagnostics)
    printMessage(Diagnostic.isError() ? MessageKind::Error
                                      : MessageKind::Warning,
                 describe(Diagnostic));
  if (!Loaded) {
    printMessage(MessageKind::Warning,
                 "ignoring the runtime filter '" +
                     messageText(Options.FilterFile) +
                     "' (SEXTANT_FILTER); the program runs without a runtime "
                     "filter");
    return;
  }
  Filter = std::move(Set);
  FilterLoaded = true;
  if (Options.Verbose >= 2)
    printMessage(MessageKind::Note, "using the runtime filter '" +
                                        messageText(Options.FilterFile) + "'");
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

std::string Runtime::modulePath(const void *Address) {
  Dl_info Info;
  link_map *Map = nullptr;
  if (!dladdr1(Address, &Info, reinterpret_cast<void **>(&Map),
               RTLD_DL_LINKMAP) ||
      !Map || !Map->l_name || Map->l_name[0] == '\0')
    return ProgramPath; // the executable itself (or a static executable)
  std::string LoaderName = Map->l_name;
  std::lock_guard<std::mutex> Lock(ModuleMutex);
  auto Found = ModulePaths.find(LoaderName);
  if (Found != ModulePaths.end())
    return Found->second;
  std::string Path = LoaderName;
  if (char *Resolved = ::realpath(LoaderName.c_str(), nullptr)) {
    Path = Resolved;
    std::free(Resolved);
  }
  ModulePaths.emplace(LoaderName, Path);
  return Path;
}

uint32_t Runtime::registerRegion(const sextant_region_descriptor &Descriptor,
                                 bool RuntimeOwned, const void *CodeAddress,
                                 uint32_t *RegionId) {
  auto Store = [&](uint32_t Handle) {
    if (Descriptor.handle)
      __atomic_store_n(Descriptor.handle, Handle, __ATOMIC_RELAXED);
    return Handle;
  };
  if (FinalizationStarted.load(std::memory_order_relaxed))
    return Store(SEXTANT_FILTERED);

  uint32_t Version = Descriptor.flags >> SEXTANT_ABI_VERSION_SHIFT;
  if (Version < SEXTANT_ABI_OLDEST_VERSION || Version > SEXTANT_ABI_VERSION) {
    // Only the handle (the first member in every version) is trusted.
    RegionsRejected.fetch_add(1, std::memory_order_relaxed);
    if (!AbiWarningPrinted.exchange(true))
      printMessage(MessageKind::Warning,
                   "region descriptors of ABI version " +
                       std::to_string(Version) + " in '" +
                       modulePath(&Descriptor) +
                       "', but this runtime implements versions " +
                       std::to_string(SEXTANT_ABI_OLDEST_VERSION) + " to " +
                       std::to_string(SEXTANT_ABI_VERSION) +
                       ": such regions are not measured (rebuild with the "
                       "SextantPlugin.so matching this libsextant)");
    return Store(SEXTANT_FILTERED);
  }

  std::string Module = modulePath(CodeAddress ? CodeAddress : &Descriptor);
  RegionIdentity Identity;
  Identity.DisplayName = orEmpty(Descriptor.display_name);
  Identity.MangledName = orEmpty(Descriptor.mangled_name);
  Identity.File = orEmpty(Descriptor.file);
  Identity.BeginLine = Descriptor.begin_line;
  Identity.EndLine = Descriptor.end_line;
  Identity.Flags = Descriptor.flags & ((1u << SEXTANT_ABI_VERSION_SHIFT) - 1);
  Identity.Module = Module;
  RegionRegistry::Registration Result = Registry->add(Identity);
  if (RegionId)
    *RegionId = Result.Id;
  FrameOffsets.reserve(Result.Id);
  // A user region has no function frame of its own (UserRegionStack.h), nor
  // has an OpenMP construct.
  if (Identity.Flags & (SEXTANT_REGION_USER | SEXTANT_REGION_OPENMP))
    FrameOffsets.markUnavailable(Result.Id);
  uint32_t Handle = SEXTANT_FILTERED;
  if (!measuring()) {
    Store(Handle);
  } else {
    HandleSite Site;
    Site.Handle = Descriptor.handle;
    if (!RuntimeOwned) {
      Site.Descriptor = &Descriptor;
      moduleOfAddress(&Descriptor, Site.ModuleBase, Site.LoaderName);
    }
    Handle = Arming.addSite(Result.Id, Result.Filtered, std::move(Site));
  }

  if (Result.New && Options.Verbose >= 2) {
    RegionInfo Region = Registry->region(Result.Id);
    std::string Line = "registered region " + std::to_string(Region.Id) + " '" +
                       Region.DisplayName + "' (" + Region.File + ":" +
                       std::to_string(Region.BeginLine) + ", " + Region.Module +
                       ")";
    if (Region.Filtered)
      Line += ": filtered, " + Region.FilterReason;
    printMessage(MessageKind::Note, Line);
  }
  return Handle;
}

//===----------------------------------------------------------------------===//
// Threads
//===----------------------------------------------------------------------===//

ThreadState *Runtime::attachCurrentThread() noexcept {
  if (CurrentThread != threadNotAttached())
    return nullptr; // flushed, abandoned or being attached
  if (FinalizationStarted.load(std::memory_order_relaxed)) {
    CurrentThread = threadFlushed();
    return nullptr;
  }
  Runtime *Self = existing();
  if (!Self) {
    // Events before any registration cannot carry a valid id; ignore them
    // without creating the runtime from an arbitrary context.
    return nullptr;
  }
  CurrentThread = threadAttaching();
  ThreadState *State = nullptr;
  try {
    State = Self->Threads.attach();
  } catch (...) {
    warnOutOfMemory("a thread is not recorded");
  }
  // Without the key (or if setspecific failed) the state stays live and is
  // merged at process end.
  if (State && Self->HaveThreadKey)
    pthread_setspecific(Self->ThreadKey, State);
  CurrentThread = State ? State : threadFlushed();
  return State;
}

void Runtime::abandonCurrentThread(ThreadState &State) noexcept {
  // The recorder is unchanged by the failed event; it stays in LiveThreads
  // and is merged at thread exit or process end.
  CurrentThread = threadFlushed();
  warnOutOfMemory("stopped recording a thread; its profile up to this point "
                  "is kept");
  (void)State;
}

void Runtime::onThreadExit(void *Argument) {
  auto *State = static_cast<ThreadState *>(Argument);
  Runtime *Self = existing();
  if (!Self)
    return;
  // Defer to the second-to-last round of key destructors, so that
  // instrumented code in other keys' destructors is still recorded. The last
  // round belongs to the sanitizers, which end their own per-thread state
  // there (code running after that would crash under ASan or TSan).
  if (State->DestructorRounds + 2 < PTHREAD_DESTRUCTOR_ITERATIONS &&
      pthread_setspecific(Self->ThreadKey, State) == 0) {
    ++State->DestructorRounds;
    return;
  }
  CurrentThread = threadFlushed(); // later events of this thread: ignored
  Self->Threads.detach(State, Self->Adapters.threadFinishHook());
}

//===----------------------------------------------------------------------===//
// Finalization
//===----------------------------------------------------------------------===//

void Runtime::finalize() noexcept {
  try {
    std::unique_lock<std::mutex> Lock(Mutex, std::defer_lock);
    // Held until the measurement is written: exiting threads wait for it.
    std::unique_lock<std::mutex> ThreadsLock;
    if (!beginFinalization(Lock, ThreadsLock))
      return;
    heavyBarrier();
    Ticks EndTicks = Clock::now();
    timespec EndTime{};
    clock_gettime(CLOCK_REALTIME, &EndTime);
    Threads.finishLiveThreads(EndTicks, Adapters.threadFinishHook());

    AdapterFileList AdapterFiles;
    OutputClaim Claim;
    std::optional<ExperimentInfo> Info =
        describeExperiment(EndTicks, EndTime, AdapterFiles, Claim);
    if (!Info)
      return;
    std::vector<std::string> Errors;
    bool Written = writeExperiment(*Info, AdapterFiles, Errors);
    WroteMeasurement.store(Written);
    reportFinalization(*Info, Claim, Errors, Written);
  } catch (...) {
    printMessage(MessageKind::Error,
                 "out of memory while writing the profile; it is incomplete "
                 "or missing");
  }
}

bool Runtime::beginFinalization(std::unique_lock<std::mutex> &Lock,
                                std::unique_lock<std::mutex> &ThreadsLock) {
  if (!lockForFinalization(Lock))
    return false;
  if (Finalized)
    return false;
  Finalized = true;
  if (Privileged)
    return false; // writes nothing (PrivilegedExecution.h)
  markFinalizationStarted(std::memory_order_seq_cst);
  if (!Threads.close(ThreadsLock))
    return false;
  if (static_cast<long>(::getpid()) != Pid) {
    // A child made by fork() without exec whose fork handlers did not run
    // (see ProcessEvents.cpp): its copy of the parent's data must not
    // overwrite the parent's experiment directory.
    if (Options.Verbose >= 2)
      printMessage(MessageKind::Note, "process " + std::to_string(::getpid()) +
                                          " was forked from " +
                                          std::to_string(Pid) +
                                          "; it writes no profile");
    return false;
  }
  return true;
}

std::optional<ExperimentInfo>
Runtime::describeExperiment(Ticks EndTicks, const timespec &EndTime,
                            AdapterFileList &AdapterFiles, OutputClaim &Claim) {
  ExperimentInfo Info;
  Info.EndTime = EndTime;
  // The rank, the job's size and the directory the adapters chose.
  if (!Adapters.close(Info, AdapterFiles))
    return std::nullopt;

  describeRun(Info, EndTicks, EndTime);
  Threads.describe(Info);
  // Also frees the room kept for the final files (after Info.Clock: the
  // trace files get the final calibration).
  Tracing.complete(Info);
  if (int Signal = EndSignal.load())
    Info.EndSignal = signalName(Signal);
  Info.Metrics = Metrics.profileMetrics();
  // Last: the claim decides the directory experiment.json names.
  Claim = claimOutputDirectory();
  Info.OutputDirectory = Output.path();
  return Info;
}

ClockInfo Runtime::clockNow() const {
  return finalClockInfo(
      ClockChoice, takeReferencePoint(&TscClock::now, &MonotonicClock::now));
}

void Runtime::describeRun(ExperimentInfo &Info, Ticks EndTicks,
                          const timespec &EndTime) {
  Info.EndTime = EndTime;
  Info.SextantVersion = SEXTANT_VERSION_STRING;
  Info.ProgramPath = ProgramPath;
  Info.Arguments = Arguments;
  Info.Pid = Pid;
  Info.Hostname = Hostname;
  Info.WorkingDirectory = WorkingDirectory;
  Info.StartTime = StartTime;
  Info.Clock = clockNow();
  Info.WallSeconds =
      static_cast<double>(EndTicks - StartTicks) * Info.Clock.SecondsPerTick;
  Info.RegionsRejected = RegionsRejected.load(std::memory_order_relaxed);
  Info.FilterFile = Options.FilterFile;
  Info.FilterLoaded = FilterLoaded;
  Info.Enabled = measuring();
  Info.Instrumentation = Instrumentation.load(std::memory_order_relaxed);
  Info.EventPairCostSeconds = EventPairCostSeconds;
  Info.Throttle = Options.Throttle;
  Info.Pauses = Pauses.load(std::memory_order_relaxed);
  Info.PausedAtEnd = Arming.paused();
  Info.ParentPid = ParentPid;
}

Runtime::OutputClaim Runtime::claimOutputDirectory() {
  OutputClaim Claim;
  Output.prepare(Claim.Error, &Claim.Refused);
  return Claim;
}

bool Runtime::writeExperiment(ExperimentInfo &Info,
                              const AdapterFileList &AdapterFiles,
                              std::vector<std::string> &Errors) {
  std::vector<RegionInfo> Regions = Registry->snapshot();
  if (RegionNamer NameRegions = Namer.load(std::memory_order_acquire))
    NameRegions(Regions);
  auto WriteAll = [&] {
    return writeExperimentDirectory(Info, Threads.merged(), Regions, Options,
                                    Errors, Threads.threadProfiles(),
                                    &AdapterFiles, &Output);
  };
  bool Written = WriteAll();
  // The disk is full (the trace filled it): the end of the trace makes
  // room for the profile and the experiment description.
  while (!Written && Tracing.makeRoom(Errors, Info)) {
    Errors.clear();
    Written = WriteAll();
  }
  return Written;
}

void Runtime::reportFinalization(const ExperimentInfo &Info,
                                 const OutputClaim &Claim,
                                 const std::vector<std::string> &Errors,
                                 bool Written) {
  // One line however many files failed (a read-only or full directory
  // fails them all): the first error, and how many others there were. A
  // refused directory the tracing reported already is not told again.
  if (Claim.Refused) {
    if (Output.takeRefusalReport())
      printMessage(MessageKind::Error,
                   messageText(Claim.Error) + "; nothing is written");
  } else if (!Errors.empty()) {
    printMessage(MessageKind::Error,
                 messageText(Errors.front()) +
                     (Errors.size() == 1
                          ? std::string()
                          : " (and " + std::to_string(Errors.size() - 1) +
                                " more error(s) writing the experiment)"));
  }
  if (Info.ThreadsNotMerged != 0)
    printMessage(MessageKind::Warning,
                 std::to_string(Info.ThreadsNotMerged) +
                     " thread(s) were inside an event at the end and are "
                     "missing from the profile");
  if (Info.Trace.EventsDropped != 0 && !Claim.Refused)
    printMessage(
        MessageKind::Warning,
        std::to_string(Info.Trace.EventsDropped) + " trace event(s) in " +
            std::to_string(Info.Trace.ChunksDropped) +
            " chunk(s) could not be written (" + Info.Trace.FirstError + ")");
  if (Written)
    reportRunResult(Options.RunResult, Info.OutputDirectory);
  if (Written && Options.Verbose >= 1) {
    std::string Line = "profile written to ";
    appendEscaped(Line, Info.OutputDirectory); // whole: users copy it
    std::string Taken = Output.takenDirectory();
    if (!Taken.empty()) {
      Line += " (";
      appendEscaped(Line, Taken);
      Line += " holds another run)";
    }
    printMessage(MessageKind::Note, Line);
  }
}

} // namespace runtime
} // namespace sextant
