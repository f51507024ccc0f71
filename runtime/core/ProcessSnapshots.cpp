//===- runtime/core/ProcessSnapshots.cpp - Periodic snapshots -------------===//
//
// Part of Sextant. With SEXTANT_SNAPSHOT=N, a thread of the runtime rewrites
// the experiment directory every N seconds from a copy of the profile, so
// that a process killed without a chance to write (SIGKILL, the OOM killer,
// a batch system's limit) keeps its data up to the last snapshot:
//
//  - the copy: ThreadRegistry::copyProfile() holds each live thread at the
//    snapshot gate (SnapshotGate.h) only while its recorder is copied, and
//    closes the copies' open frames at the moment of the copy; the fast
//    paths are not slowed between snapshots;
//  - the files: the final writer's (writeExperimentDirectory), each file
//    replaced whole by a rename, experiment.json last, which records
//    snapshot_seconds; the end of the run rewrites them all without it;
//  - what a snapshot leaves out: the trace (its chunks written so far stay
//    in trace/), metrics besides time, and the adapters' files (mpi.json);
//  - when: never before the process's directory is final (an MPI rank's is
//    set at MPI_Init, AdapterRegistry::describePlace), never after the end
//    began (the snapshot holds the finalization lock, so the two never
//    overlap), and not in a child made by fork(), which has no such thread.
//
// The thread blocks every signal (the program's signals go to its own
// threads), never records an event and never registers a region.
//
//===----------------------------------------------------------------------===//

#include "runtime/core/RegionEvents.h"
#include "runtime/core/Runtime.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/output/ExperimentWriter.h"

#include "common/MessageText.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <pthread.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void Runtime::startSnapshots() noexcept {
  sigset_t Every, Previous;
  sigfillset(&Every);
  pthread_sigmask(SIG_SETMASK, &Every, &Previous); // inherited by the thread
  pthread_attr_t Attributes;
  pthread_attr_init(&Attributes);
  pthread_attr_setdetachstate(&Attributes, PTHREAD_CREATE_DETACHED);
  pthread_t Thread;
  int Error =
      pthread_create(&Thread, &Attributes, &Runtime::runSnapshots, this);
  pthread_attr_destroy(&Attributes);
  pthread_sigmask(SIG_SETMASK, &Previous, nullptr);
  if (Error != 0) {
    printMessage(MessageKind::Warning,
                 std::string("cannot start the snapshot thread (") +
                     std::strerror(Error) + "); SEXTANT_SNAPSHOT is ignored");
    return;
  }
  pthread_setname_np(Thread, "sextant-snap");
}

void *Runtime::runSnapshots(void *Argument) noexcept {
  auto *Self = static_cast<Runtime *>(Argument);
  CurrentThread = threadFlushed(); // its events, if any, are ignored
  InRuntimeCall = true;            // a registration gives up at once
  timespec Next;
  clock_gettime(CLOCK_MONOTONIC, &Next);
  for (;;) {
    Next.tv_sec += static_cast<time_t>(Self->Options.Snapshot);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &Next, nullptr) ==
           EINTR) {
    }
    if (!Self->writeSnapshot())
      return nullptr;
    // A snapshot that took longer than the period: the next one N seconds
    // after this one ended, not at once.
    timespec Now;
    clock_gettime(CLOCK_MONOTONIC, &Now);
    if (Now.tv_sec > Next.tv_sec)
      Next = Now;
  }
}

bool Runtime::writeSnapshot() noexcept {
  try {
    // The finalization lock: a snapshot and the end never overlap, and
    // fork() waits for a snapshot to finish.
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Finalized || FinalizationStarted.load())
      return false;
    ExperimentInfo Info;
    if (!Adapters.describePlace(Info))
      return true; // the directory may still move: the next time
    ProcessProfileCopy Copy;
    if (!Threads.copyProfile(Copy))
      return true; // out of memory: the next time
    timespec Now{};
    clock_gettime(CLOCK_REALTIME, &Now);
    describeRun(Info, Copy.Taken, Now);
    Info.ThreadsSeen = Copy.ThreadsSeen;
    Info.ThreadsNotMerged = Copy.ThreadsNotMerged;
    Info.Repairs = Copy.Repairs;
    Info.UserRegionsEndedImplicitly = Copy.UserRegionsEndedImplicitly;
    Info.Snapshot = true;
    Info.SnapshotSeconds = Info.WallSeconds;

    OutputClaim Claim = claimOutputDirectory();
    if (Claim.Refused) {
      // A directory rule refused it: so will the end, which says why.
      return false;
    }
    Info.OutputDirectory = Output.path();
    std::vector<RegionInfo> Regions = Registry->snapshot();
    if (RegionNamer NameRegions = Namer.load(std::memory_order_acquire))
      NameRegions(Regions);
    std::vector<std::string> Errors;
    bool Written =
        writeExperimentDirectory(Info, Copy.Merged, Regions, Options, Errors,
                                 Copy.Profiles.get(), nullptr, &Output);
    if (!Written && !SnapshotFailureReported) {
      SnapshotFailureReported = true;
      printMessage(MessageKind::Warning,
                   "snapshot: " +
                       messageText(Errors.empty() ? std::string("not written")
                                                  : Errors.front()) +
                       " (later snapshots try again without a message)");
    } else if (Written && Options.Verbose >= 2) {
      std::string Line =
          "snapshot at " + std::to_string(Info.WallSeconds) + " s written to ";
      appendEscaped(Line, Info.OutputDirectory);
      printMessage(MessageKind::Note, Line);
    }
    return true;
  } catch (...) {
    return true; // out of memory: the next time
  }
}

} // namespace runtime
} // namespace sextant
