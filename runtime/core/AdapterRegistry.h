//===- runtime/core/AdapterRegistry.h - What adapters gave the runtime ----===//
//
// Part of Sextant. What the adapters (include/sextant/adapter_abi.h; the
// MPI wrapper, the OpenMP tool) set in the runtime: the process's rank in a
// parallel job, which moves the experiment into <base>/rank-<r>, the job's
// base directory, extra output files rendered at the end (mpi.json), the
// hook run after a fatal signal was handled and the hook run as each thread
// is finished. It also holds the experiment directory itself, which the
// rank moves.
//
// Locking: one mutex guards the directories, the rank and the outputs; it
// is taken last of the Runtime's own locks (after the finalization lock and
// the ThreadRegistry's, see Runtime.h) and nothing else is taken under it.
// The hooks are atomics. The registry is closed when the measurement is
// written: changes afterwards are refused.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_CORE_ADAPTERREGISTRY_H
#define SEXTANT_RUNTIME_CORE_ADAPTERREGISTRY_H

#include "runtime/core/ThreadRegistry.h"
#include "runtime/output/ExperimentInfo.h"

#include <atomic>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace runtime {

class AdapterRegistry {
public:
  AdapterRegistry() = default;
  AdapterRegistry(const AdapterRegistry &) = delete;
  AdapterRegistry &operator=(const AdapterRegistry &) = delete;

  /// The experiment directory chosen at start-up (before any adapter).
  void setOutputDirectory(std::string Directory);
  /// The experiment directory now.
  std::string outputDirectory();

  /// Sets the rank (0 <= Rank < Size) and moves the experiment into
  /// <base>/rank-<Rank>, stored into Directory; false when closed.
  bool setRank(int Rank, int Size, std::string &Directory);
  /// <Base>/rank-<r>, this rank's experiment directory in the job's
  /// directory Base (absolute), into Directory; false when closed or
  /// without a rank.
  bool rankDirectoryIn(const std::string &Base, std::string &Directory);
  /// Makes Path the job's base directory and Directory (rankDirectoryIn of
  /// Path) the experiment directory, which is then final; false when closed
  /// or without a rank.
  bool setBaseDirectory(const std::string &Path, const std::string &Directory);
  /// The job's base directory, or the experiment directory without a rank.
  std::string baseDirectory();
  /// An adapter will place this process in a job later (the MPI adapter,
  /// whose MPI_Init sets the job's directory): until then the directory may
  /// still move, and snapshots wait (describePlace).
  void expectJob();
  /// The job's base directory is final: it was claimed by this process
  /// (rank 0 at MPI_Init) or set, or kept because it could not move.
  void notePlaced();
  /// For a snapshot: the experiment directory and the rank into Info, true
  /// when the directory can no longer move (no job was announced, or its
  /// base directory is final); false otherwise and when closed.
  bool describePlace(ExperimentInfo &Info);

  /// Adds the file Name, rendered at the end by Render(Context); false when
  /// closed.
  bool addOutput(const char *Name, char *(*Render)(void *), void *Context);

  void setFatalHook(void (*Hook)(int)) noexcept { FatalHook.store(Hook); }
  void (*fatalHook() const noexcept)(int) { return FatalHook.load(); }
  void setThreadFinishHook(ThreadFinishHook Hook) noexcept {
    ThreadFinish.store(Hook);
  }
  ThreadFinishHook threadFinishHook() const noexcept {
    return ThreadFinish.load();
  }

  /// Closes the registry (its lock taken with lockWithSignalPatience; false
  /// when it was not), fills the experiment directory and the rank into
  /// Info and renders the outputs into Files (name, contents). Throws
  /// std::bad_alloc.
  bool close(ExperimentInfo &Info,
             std::vector<std::pair<std::string, std::string>> &Files);

  /// Hold the lock across fork() (see Runtime::prepareFork).
  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }
  /// In a child after fork(), with the lock held: the child's experiment
  /// directory becomes Fresh, or when Fresh is empty, the parent's with
  /// "-<ChildPid>" appended. Returns it.
  const std::string &restartInChild(std::string Fresh, long ChildPid);

private:
  struct Output {
    std::string Name;
    char *(*Render)(void *);
    void *Context;
  };

  // Guarded by Mutex.
  std::mutex Mutex;
  bool Closed = false;
  std::string OutputDirectory;
  /// With a rank: the job's experiment directory; OutputDirectory is then
  /// its rank-<Rank> subdirectory.
  std::string BaseDirectory;
  /// The process's rank in a parallel job and the job's size (-1, 0: none).
  int Rank = -1;
  int RankCount = 0;
  /// expectJob() and notePlaced() (describePlace).
  bool JobExpected = false;
  bool Placed = false;
  std::vector<Output> Outputs;

  std::atomic<void (*)(int)> FatalHook{nullptr};
  std::atomic<ThreadFinishHook> ThreadFinish{nullptr};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_CORE_ADAPTERREGISTRY_H
