//===- mpi/MpiSession.cpp - An MPI job's start, end and faults ------------===//
//
// Part of Sextant. See MpiSession.h. Also the rank's mpi.json (rendered by
// the runtime when it writes the rank's directory) and the detection of
// other PMPI tools (OtherTools.h).
//
//===----------------------------------------------------------------------===//

#include "MpiSession.h"

#include "ClockGroups.h"
#include "ClockSync.h"
#include "JobReduction.h"
#include "LauncherRank.h"
#include "RegionScope.h"
#include "MpiAccounting.h"
#include "OtherTools.h"

#include "format/job/CrossRankMpi.h"
#include "format/job/JobCombiner.h"
#include "format/job/JobDirectory.h"
#include "format/job/JsonDocument.h"
#include "format/job/MpiSessionCosts.h"
#include "format/schema/ExperimentSchema.h"
#include "sextant/adapter_abi.h"

#include <mpi.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <memory>
#include <pthread.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sextant {
namespace mpi {

namespace {

/// The signal a failing rank sends to the other ranks on its host: write
/// your data now (and go on running).
int flushSignal() { return SIGRTMAX - 2; }

constexpr size_t HostNameSize = 64;
constexpr size_t BootIdSize = 40;

/// What every rank tells the others at MPI_Init.
struct Peer {
  int Pid;
  char Host[HostNameSize];
  char BootId[BootIdSize]; ///< the kernel's boot id; empty when unknown
  int ClockSource;         ///< __sextant_adapter_clock_source()
  int Tracing;             ///< 1 when this rank traces
  int SeparateHosts;       ///< 1 with SEXTANT_MPI_SEPARATE_HOSTS=1
  long BaseLength;         ///< rank 0's: the length of the job's directory
};

/// Bytes of rank 0's directory that travel with its Peer (a longer one's
/// rest follows in a broadcast).
constexpr size_t InlineBaseSize = 504;

/// Every rank's Peer, by rank, and rank 0's directory into Base: one
/// collective on MPI_COMM_WORLD (inside MPI_Init, before any of the
/// program's), so that MPI_Init pays a single collective step for the
/// adapter on one host (each costs a scheduling round on shared cores).
std::vector<Peer> exchangePeers(const Peer &Mine, int Rank, int Size,
                                std::string &Base) {
  std::vector<int> Counts(static_cast<size_t>(Size), sizeof(Peer));
  std::vector<int> Offsets(static_cast<size_t>(Size), 0);
  Counts[0] += static_cast<int>(InlineBaseSize);
  for (size_t I = 1; I < Counts.size(); ++I)
    Offsets[I] = Offsets[I - 1] + Counts[I - 1];
  std::vector<char> Sent(static_cast<size_t>(Counts[static_cast<size_t>(Rank)]));
  std::memcpy(Sent.data(), &Mine, sizeof(Peer));
  if (Rank == 0)
    std::memcpy(Sent.data() + sizeof(Peer), Base.data(),
                std::min(Base.size(), InlineBaseSize));
  std::vector<char> All(static_cast<size_t>(Offsets.back() + Counts.back()));
  PMPI_Allgatherv(Sent.data(), static_cast<int>(Sent.size()), MPI_BYTE,
                  All.data(), Counts.data(), Offsets.data(), MPI_BYTE,
                  MPI_COMM_WORLD);
  std::vector<Peer> Peers(static_cast<size_t>(Size));
  for (size_t I = 0; I < Peers.size(); ++I)
    std::memcpy(&Peers[I], All.data() + Offsets[I], sizeof(Peer));
  size_t Length = static_cast<size_t>(Peers[0].BaseLength);
  size_t Inline = std::min(Length, InlineBaseSize);
  if (Rank != 0) {
    Base.assign(All.data() + sizeof(Peer), Inline);
    Base.resize(Length);
  }
  if (Length > Inline)
    PMPI_Bcast(Base.data() + Inline, static_cast<int>(Length - Inline),
               MPI_CHAR, 0, MPI_COMM_WORLD);
  return Peers;
}

/// The kernel's boot id into Id (empty when it cannot be read): processes
/// with the same boot id run on one kernel and read the same clocks.
void readBootId(char (&Id)[BootIdSize]) {
  Id[0] = '\0';
  int File = ::open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC);
  if (File < 0)
    return;
  ssize_t Length = ::read(File, Id, BootIdSize - 1);
  ::close(File);
  Length = Length < 0 ? 0 : Length;
  while (Length > 0 && (Id[Length - 1] == '\n' || Id[Length - 1] == ' '))
    --Length;
  Id[Length] = '\0';
}

/// SEXTANT_MPI_SEPARATE_HOSTS=1 (for tests; ignored in setuid programs):
/// every rank counts as a host of its own for the clock synchronisation.
bool separateHostsRequested() {
  const char *Value = ::secure_getenv("SEXTANT_MPI_SEPARATE_HOSTS");
  return Value && std::strcmp(Value, "1") == 0;
}

struct Session {
  bool Measuring = false;
  bool Initialized = false; // MPI_Init seen and the session set up
  bool Finalized = false;
  std::atomic<int> EndedBy{0}; // 0: not yet, see endedByName
  int AbortCode = 0;
  int ThreadLevel = -1;
  int Rank = -1;
  int Size = 0;
  std::string RankSource;
  MPI_Comm Private = MPI_COMM_NULL;
  std::vector<Peer> Peers; // by world rank; read in signal handlers
  std::string Base;        // the job's directory after MPI_Init
  std::vector<OtherTool> Tools;
  int FlushPipe[2] = {-1, -1};
  /// This rank's time in the adapter's phases at MPI_Init and
  /// MPI_Finalize (format/job/MpiSessionCosts.h).
  double InitSetupSeconds = 0;
  double FinalizeSyncSeconds = 0;
  double RankWriteSeconds = 0;
  /// The clock synchronisations with rank 0 (ClockSync.h); Points is
  /// only appended to by the thread in MPI_Init and MPI_Finalize, before
  /// the measurement is written.
  format::ClockSync Sync;
  /// Who synchronises with whom (ClockGroups.h); null when no rank traces,
  /// as a profile needs no common time base.
  std::unique_ptr<ClockPlan> Clocks;
};

enum EndReason {
  NotEnded = 0,
  EndedByFinalize,
  EndedByAbort,
  EndedByFlush,
  EndedByExit
};

const char *endedByName(int Reason) {
  switch (Reason) {
  case EndedByFinalize:
    return "MPI_Finalize";
  case EndedByAbort:
    return "MPI_Abort";
  case EndedByFlush:
    return "flush request from another rank";
  case EndedByExit:
    return "exit without MPI_Finalize";
  default:
    return nullptr;
  }
}

/// Seconds on a steady clock, to time the adapter's phases.
double steadySeconds() {
  timespec Now;
  clock_gettime(CLOCK_MONOTONIC, &Now);
  return static_cast<double>(Now.tv_sec) + 1e-9 * Now.tv_nsec;
}

/// The clock synchronisation's plan from every rank's Peer, or null when
/// no rank traces. Every rank computes the same from the same Peers.
std::unique_ptr<ClockPlan> clockPlan(const std::vector<Peer> &Peers) {
  bool AnyTracing = false, Separate = false;
  std::vector<ClockIdentity> Identities(Peers.size());
  for (size_t Rank = 0; Rank < Peers.size(); ++Rank) {
    const Peer &P = Peers[Rank];
    AnyTracing |= P.Tracing != 0;
    Separate |= P.SeparateHosts != 0;
    // Host names stand in for a boot id that cannot be read.
    Identities[Rank].Kernel =
        P.BootId[0] ? std::string("boot:") +
                          std::string(P.BootId, strnlen(P.BootId, BootIdSize))
                    : std::string("host:") +
                          std::string(P.Host, strnlen(P.Host, HostNameSize));
    Identities[Rank].Source = P.ClockSource;
  }
  if (!AnyTracing)
    return nullptr;
  return std::make_unique<ClockPlan>(Identities, Separate);
}

Session &session() {
  static Session *State = new Session(); // never destroyed
  return *State;
}

void printWarning(const std::string &Text) {
  __sextant_adapter_warn(Text.c_str());
}

const char *threadLevelName(int Level) {
  if (Level == MPI_THREAD_SINGLE)
    return "MPI_THREAD_SINGLE";
  if (Level == MPI_THREAD_FUNNELED)
    return "MPI_THREAD_FUNNELED";
  if (Level == MPI_THREAD_SERIALIZED)
    return "MPI_THREAD_SERIALIZED";
  if (Level == MPI_THREAD_MULTIPLE)
    return "MPI_THREAD_MULTIPLE";
  return nullptr;
}

/// The rank's mpi.json (called by the runtime when it writes the rank's
/// directory, possibly in a signal handler).
char *renderRankFile(void *) {
  try {
    Session &S = session();
    Accounting &A = accounting();
    char Host[HostNameSize] = {};
    ::gethostname(Host, sizeof(Host) - 1);
    nlohmann::json Functions = nlohmann::json::array();
    // With SEXTANT_ENABLE=0 no call is measured: none is listed.
    for (unsigned I = 0; S.Measuring && I < WrapperCount; ++I) {
      uint64_t Calls = CallCounts[I].load(std::memory_order_relaxed);
      const FunctionBytes &B = A.Bytes[I];
      uint64_t Sent = B.Sent.load(std::memory_order_relaxed);
      uint64_t Received = B.Received.load(std::memory_order_relaxed);
      if (Calls == 0 && Sent == 0 && Received == 0)
        continue;
      Functions.push_back(format::rankFunctionJson(
          Wrappers[I].Name, {Calls, Sent, Received, B.RootCalls.load()}));
    }
    nlohmann::json Tools = nlohmann::json::array();
    for (const OtherTool &T : S.Tools)
      Tools.push_back(otherToolJson(T));
    const char *Ended = endedByName(S.EndedBy.load());
    const char *Level = threadLevelName(S.ThreadLevel);
    nlohmann::json Out = {
        {format::keys::Format, format::MpiFormat.Name},
        {format::keys::FormatVersion, format::MpiFormat.Version},
        {"rank", S.Rank},
        {"ranks", S.Size},
        {"rank_source", S.RankSource},
        {"hostname", Host},
        {"pid", static_cast<long>(::getpid())},
        {"mpi_initialized", S.Initialized},
        {"thread_level", Level ? nlohmann::json(Level) : nlohmann::json()},
        {"ended_by", Ended ? nlohmann::json(Ended) : nlohmann::json()},
        {"abort_code", S.EndedBy.load() == EndedByAbort
                           ? nlohmann::json(S.AbortCode)
                           : nlohmann::json()},
        {"functions", Functions},
        {"point_to_point", format::rankTrafficJson(A.PointToPoint.row())},
        {"one_sided", format::rankTrafficJson(A.OneSided.row())},
        {"unresolved_partners",
         A.PointToPoint.outOfRange() + A.OneSided.outOfRange()},
        {"requests_pending", A.Requests.size()},
        {"operations_cancelled", A.CancelledOperations.load()},
        {"freed_active_receives", A.FreedActiveReceives.load()},
        {"other_pmpi_tools", Tools},
        {format::clock_keys::ClockSync, S.Sync.Points.empty()
                                            ? nlohmann::json()
                                            : format::clockSyncJson(S.Sync)}};
    std::string Text = format::renderJsonDocument(Out, 2);
    return ::strdup(Text.c_str());
  } catch (...) {
    return nullptr;
  }
}

std::string baseDirectory() {
  std::vector<char> Buffer(4096);
  size_t Length =
      __sextant_adapter_base_directory(Buffer.data(), Buffer.size());
  if (Length >= Buffer.size()) {
    Buffer.resize(Length + 1);
    __sextant_adapter_base_directory(Buffer.data(), Buffer.size());
  }
  return std::string(Buffer.data(), Length < Buffer.size() ? Length : 0);
}

std::string rankDirectory(const std::string &Base, int Rank) {
  return Base + "/" + format::files::rankDirectoryName(Rank);
}

//===----------------------------------------------------------------------===//
// Faults: asking the other ranks of the host to write their data
//===----------------------------------------------------------------------===//

/// The flush signal's handler: wakes the helper thread (async-signal-safe).
void onFlushSignal(int) {
  int Saved = errno;
  char Byte = 1;
  ssize_t Ignored = ::write(session().FlushPipe[1], &Byte, 1);
  (void)Ignored;
  errno = Saved;
}

/// The helper thread: writes the measurement when asked (outside the signal
/// handler, so that it may take the runtime's locks).
void *flushThread(void *) {
  Session &S = session();
  for (;;) {
    char Byte;
    ssize_t Read = ::read(S.FlushPipe[0], &Byte, 1);
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read <= 0)
      return nullptr;
    int Expected = NotEnded;
    S.EndedBy.compare_exchange_strong(Expected, EndedByFlush);
    accounting().Active.store(false);
    __sextant_adapter_finalize();
  }
}

void startFlushHelper() {
  Session &S = session();
  if (::pipe2(S.FlushPipe, O_CLOEXEC) != 0)
    return;
  // The helper is created with every signal blocked, so that the flush
  // signal (and the program's signals) go to other threads.
  sigset_t All, Previous;
  sigfillset(&All);
  pthread_sigmask(SIG_SETMASK, &All, &Previous);
  pthread_t Thread;
  int Error = pthread_create(&Thread, nullptr, &flushThread, nullptr);
  pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  if (Error != 0) {
    printWarning("cannot start the flush helper thread; when another rank "
                 "fails, this rank's data may be lost");
    return;
  }
  pthread_detach(Thread);
  struct sigaction Action;
  std::memset(&Action, 0, sizeof(Action));
  Action.sa_handler = &onFlushSignal;
  sigemptyset(&Action.sa_mask);
  Action.sa_flags = SA_RESTART;
  sigaction(flushSignal(), &Action, nullptr);
}

/// Modification time of Path in nanoseconds, 0 when absent.
long long modificationTime(const char *Path) {
  struct stat Status;
  if (::stat(Path, &Status) != 0)
    return 0;
  return static_cast<long long>(Status.st_mtim.tv_sec) * 1000000000LL +
         Status.st_mtim.tv_nsec;
}

/// Asks the other ranks on this host to write their data and waits until
/// each has (its rank-<r>/experiment.json is from this job: not older than
/// MPI_Init) or is gone, at most FaultWaitSeconds. Async-signal-safe: the
/// paths are prepared at MPI_Init.
struct PeerPaths {
  std::vector<std::string> Experiment; // by rank; empty: not a local peer
  long long InitNanoseconds = 0;       // CLOCK_REALTIME at MPI_Init
};
PeerPaths *LocalPeers = nullptr;

void notifyLocalPeers() {
  Session &S = session();
  PeerPaths *Paths = LocalPeers;
  if (!Paths || !S.Initialized)
    return;
  size_t Count = Paths->Experiment.size();
  if (Count > 4096)
    return; // the stack arrays below
  bool Waiting[4096];
  for (size_t Rank = 0; Rank < Count; ++Rank) {
    Waiting[Rank] = false;
    if (Paths->Experiment[Rank].empty())
      continue;
    if (::kill(S.Peers[Rank].Pid, flushSignal()) == 0)
      Waiting[Rank] = true;
  }
  for (int Step = 0; Step < FaultWaitSeconds * 100; ++Step) {
    bool Any = false;
    for (size_t Rank = 0; Rank < Count; ++Rank) {
      if (!Waiting[Rank])
        continue;
      if (modificationTime(Paths->Experiment[Rank].c_str()) >=
              Paths->InitNanoseconds ||
          ::kill(S.Peers[Rank].Pid, 0) != 0)
        Waiting[Rank] = false;
      else
        Any = true;
    }
    if (!Any)
      return;
    timespec Pause{0, 10000000};
    nanosleep(&Pause, nullptr);
  }
}

void onFatalSignal(int) { notifyLocalPeers(); }

//===----------------------------------------------------------------------===//
// Load time
//===----------------------------------------------------------------------===//

const char *getVariable(const char *Name) { return std::getenv(Name); }

__attribute__((constructor)) void startAdapter() {
  Session &S = session();
  // With SEXTANT_ENABLE=0 too the ranks' (empty) experiments go into one
  // job directory, with the same collective calls at MPI_Init and
  // MPI_Finalize (a job whose ranks disagree must not hang); only the MPI
  // accounting is left out (mpi.json lists no function).
  LauncherRank Launcher = launcherRank(&getVariable);
  if (Launcher.Rank >= 0) {
    S.Rank = Launcher.Rank;
    S.Size = Launcher.Size;
    S.RankSource = Launcher.Source;
    __sextant_adapter_set_rank(S.Rank, S.Size);
  }
  S.Measuring = __sextant_adapter_measuring() != 0;
  __sextant_adapter_expect_job(); // snapshots wait for MPI_Init's directory
  __sextant_adapter_add_output("mpi.json", &renderRankFile, nullptr);
  __sextant_adapter_set_fatal_hook(&onFatalSignal);
  if (S.Measuring)
    S.Tools = findOtherTools();
}

/// At exit without MPI_Finalize (main returned, exit() was called): the
/// launcher kills the other ranks as soon as this one is gone, so this rank
/// writes its data now and waits for the others on its host to write
/// theirs. Runs before libsextant's own destructor.
__attribute__((destructor)) void endAdapter() {
  Session &S = session();
  if (!S.Initialized || S.Finalized)
    return;
  accounting().Active.store(false);
  int Expected = NotEnded;
  S.EndedBy.compare_exchange_strong(Expected, EndedByExit);
  __sextant_adapter_finalize();
  notifyLocalPeers();
}

} // namespace

//===----------------------------------------------------------------------===//
// MPI_Init, MPI_Finalize, MPI_Abort
//===----------------------------------------------------------------------===//

namespace {
// The adapter's own work at MPI_Init (the job directory, every rank's host
// and clock, the clock synchronisation) and at MPI_Finalize (its
// communicator, the second synchronisation, up to writing the measurement)
// runs outside the MPI call's region (`hook-outside-region` in
// wrap/interfaces/mpi.annotations), so that MPI_Init and MPI_Finalize show
// the MPI library's time alone; it is a region of its own instead, beside
// the call in the caller's call path (MPI kind), so that it is not charged
// to the caller's own time either and can be told apart.
uint32_t InitRegionHandle = SEXTANT_INVALID;
const sextant_region_descriptor InitRegion =
    SEXTANT_MPI_DESCRIPTOR(InitRegionHandle, "Sextant at MPI_Init");
uint32_t FinalizeRegionHandle = SEXTANT_INVALID;
const sextant_region_descriptor FinalizeRegion =
    SEXTANT_MPI_DESCRIPTOR(FinalizeRegionHandle, "Sextant at MPI_Finalize");
} // namespace

void sessionAfterInit(int Result, int ProvidedThreadLevel) {
  Session &S = session();
  if (Result != MPI_SUCCESS || S.Initialized)
    return;
  RegionScope Own(InitRegion);
  double Start = steadySeconds();
  Accounting &A = accounting();
  PMPI_Comm_rank(MPI_COMM_WORLD, &A.WorldRank);
  PMPI_Comm_size(MPI_COMM_WORLD, &A.WorldSize);
  A.PointToPoint.resize(A.WorldSize);
  A.OneSided.resize(A.WorldSize);
  if (ProvidedThreadLevel < 0)
    PMPI_Query_thread(&ProvidedThreadLevel);
  S.ThreadLevel = ProvidedThreadLevel;
  S.Rank = A.WorldRank;
  S.Size = A.WorldSize;
  S.RankSource = "MPI_COMM_WORLD";
  __sextant_adapter_set_rank(S.Rank, S.Size);

  {
    // Rank 0's experiment directory, claimed for this job (a sub-directory
    // of its own when another run has it), becomes everybody's.
    if (S.Rank == 0)
      __sextant_adapter_claim_base_directory();
    std::string Base = baseDirectory();
    Peer Mine{};
    Mine.Pid = static_cast<int>(::getpid());
    ::gethostname(Mine.Host, sizeof(Mine.Host) - 1);
    readBootId(Mine.BootId);
    Mine.ClockSource = __sextant_adapter_clock_source();
    Mine.Tracing = __sextant_adapter_tracing();
    Mine.SeparateHosts = separateHostsRequested() ? 1 : 0;
    Mine.BaseLength = static_cast<long>(Base.size());
    S.Peers = exchangePeers(Mine, S.Rank, S.Size, Base);
    if (S.Rank != 0)
      __sextant_adapter_set_base_directory(Base.c_str());
    S.Base = baseDirectory();
    auto *Paths = new PeerPaths();
    timespec Now;
    clock_gettime(CLOCK_REALTIME, &Now);
    // File times come from the kernel's coarse clock: allow for its lag.
    Paths->InitNanoseconds = static_cast<long long>(Now.tv_sec) * 1000000000LL +
                             Now.tv_nsec - 100000000LL;
    Paths->Experiment.resize(S.Peers.size());
    for (size_t Rank = 0; Rank < S.Peers.size(); ++Rank)
      if (static_cast<int>(Rank) != S.Rank &&
          std::strncmp(S.Peers[Rank].Host, Mine.Host, HostNameSize) == 0)
        Paths->Experiment[Rank] =
            rankDirectory(S.Base, static_cast<int>(Rank)) + "/experiment.json";
    LocalPeers = Paths;
    startFlushHelper();
    S.Clocks = clockPlan(S.Peers);
    // On MPI_COMM_WORLD: every message of it is sent and received inside
    // MPI_Init, before any of the program's, which MPI's order keeps
    // behind them.
    if (S.Clocks) {
      S.Sync.RoundTrips = ClockSyncRoundTrips;
      S.Sync.Points.push_back(
          synchronizeClocks(*S.Clocks, MPI_COMM_WORLD, S.Rank, "MPI_Init"));
    }
  }
  A.Tracing.store(__sextant_adapter_tracing() != 0);
  // Libraries loaded since start-up may wrap MPI too (measuring only: the
  // tools are told in mpi.json).
  if (S.Measuring)
    S.Tools = findOtherTools();
  if (S.Rank == 0)
    for (const OtherTool &T : S.Tools)
      printWarning(describeOtherTool(T));
  S.Initialized = true;
  S.InitSetupSeconds = steadySeconds() - Start;
  A.Active.store(S.Measuring);
}

namespace {

/// The job's view reduced over the private communicator (JobReduction.h),
/// written into the base directory by rank 0, which prints its problems.
void writeJobView(const Session &S) {
  double Start = steadySeconds();
  // Each phase's largest time over the ranks, and its rank, at rank 0.
  struct TimeAndRank {
    double Seconds;
    int Rank;
  };
  TimeAndRank Mine[3] = {{S.InitSetupSeconds, S.Rank},
                         {S.FinalizeSyncSeconds, S.Rank},
                         {S.RankWriteSeconds, S.Rank}};
  TimeAndRank Largest[3] = {};
  PMPI_Reduce(Mine, Largest, 3, MPI_DOUBLE_INT, MPI_MAXLOC, 0, S.Private);
  try {
    format::CombinedFiles Combined;
    if (!reduceJobView(S.Private, S.Rank, S.Size, S.Base, Combined))
      return;
    format::MpiSessionCosts Costs;
    Costs.InitSetup = {Largest[0].Seconds, Largest[0].Rank};
    Costs.FinalizeSync = {Largest[1].Seconds, Largest[1].Rank};
    Costs.RankWrite = {Largest[2].Seconds, Largest[2].Rank};
    Costs.JobCombine = {steadySeconds() - Start, S.Rank};
    Combined.Summary += format::mpiSessionCostsText(Costs);
    if (S.Clocks)
      Combined.Summary +=
          "\nThis job was traced: `sextant combine --force " + S.Base +
          "` adds its wait states (time in MPI waiting for another rank) to "
          "this summary; `sextant report --wait-states` shows them all.\n";
    nlohmann::json Experiment = format::parseJsonDocument(
        Combined.Experiment);
    if (Experiment.is_object()) {
      Experiment[format::experiment_keys::MpiMeasurementSeconds] =
          format::mpiSessionCostsJson(Costs);
      Combined.Experiment = format::renderJsonDocument(Experiment, 2);
    }
    for (const std::string &Problem : Combined.Problems)
      printWarning(Problem);
    std::string Error;
    if (!format::writeCombinedFiles(S.Base, Combined, Error))
      printWarning("cannot write the combined view of the MPI job into '" +
                   S.Base + "': " + Error);
    else
      __sextant_adapter_note(("MPI job of " + std::to_string(S.Size) +
                              " rank(s) written to " + S.Base)
                                 .c_str());
  } catch (const std::exception &Error) {
    printWarning(std::string("cannot combine the ranks' profiles: ") +
                 Error.what());
  }
}

} // namespace

namespace {

/// The adapter's own communicator for its messages at MPI_Finalize (a
/// program's erroneous pending receive must not take them); false when it
/// cannot be made (then no combined view is written).
bool duplicateWorld(Session &S) {
  if (PMPI_Comm_dup(MPI_COMM_WORLD, &S.Private) == MPI_SUCCESS)
    return true;
  if (S.Rank == 0)
    printWarning("MPI_Comm_dup failed at MPI_Finalize: every rank writes its "
                 "own rank-<r>/, but no combined view is written");
  S.Private = MPI_COMM_NULL;
  return false;
}

} // namespace

void sessionBeforeFinalize() {
  Session &S = session();
  if (!S.Initialized || S.Finalized)
    return;
  S.Finalized = true;
  accounting().Active.store(false);
  // Open while the measurement is written: its time up to then is in it.
  RegionScope Own(FinalizeRegion);
  double Start = steadySeconds();
  // A traced job synchronises the clocks first, over the adapter's own
  // communicator; an untraced one makes that communicator after writing,
  // so that its first collective, which waits for the last rank to arrive,
  // does not hold the ranks' writing back.
  if (S.Clocks && duplicateWorld(S))
    S.Sync.Points.push_back(
        synchronizeClocks(*S.Clocks, S.Private, S.Rank, "MPI_Finalize"));
  double Synchronized = steadySeconds();
  S.FinalizeSyncSeconds = Synchronized - Start;
  int Expected = NotEnded;
  S.EndedBy.compare_exchange_strong(Expected, EndedByFinalize);
  __sextant_adapter_finalize(); // writes rank-<r>/, mpi.json included
  S.RankWriteSeconds = steadySeconds() - Synchronized;
  if (!S.Clocks) {
    double Writing = steadySeconds();
    duplicateWorld(S);
    S.FinalizeSyncSeconds += steadySeconds() - Writing;
  }
  if (S.Private == MPI_COMM_NULL)
    return;
  writeJobView(S);
  PMPI_Comm_free(&S.Private);
}

void sessionAfterFinalize() {}

void sessionBeforeAbort(int ErrorCode) {
  Session &S = session();
  S.AbortCode = ErrorCode;
  int Expected = NotEnded;
  S.EndedBy.compare_exchange_strong(Expected, EndedByAbort);
  accounting().Active.store(false);
  __sextant_adapter_finalize();
  notifyLocalPeers();
}

} // namespace mpi
} // namespace sextant
