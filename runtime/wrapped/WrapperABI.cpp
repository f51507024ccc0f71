//===- runtime/wrapped/WrapperABI.cpp - The runtime side of wrappers ------===//
//
// Part of Sextant. The functions of include/sextant/wrapper_abi.h that
// generated library wrappers call. A registered library is one
// WrappedLibrary of the WrappedLibraryTable, written at the end of the
// measurement (also after a fatal signal) as library-<name>.json of the
// process's experiment through the adapter interface (adapter_abi.h:
// __sextant_adapter_add_output). A library that numbers its processes
// (OpenSHMEM's PEs) places the process in its job: rank-<r>/ under the
// job's base directory, as the MPI adapter does, the base agreed on by the
// job's processes through the file system (JobBaseDirectory.h) when the
// launcher names the job (LauncherJob.h).
//
//===----------------------------------------------------------------------===//

#include "common/AtomicFile.h"
#include "common/Compiler.h"
#include "format/schema/ExperimentSchema.h"
#include "runtime/io/Diagnostics.h"
#include "runtime/wrapped/JobBaseDirectory.h"
#include "runtime/wrapped/LauncherJob.h"
#include "runtime/wrapped/WrappedLibraryTable.h"

#include "sextant/adapter_abi.h"
#include "sextant/wrapper_abi.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <unistd.h>

using namespace sextant;
using namespace sextant::runtime;

namespace {

/// When the library was loaded (at process start), in nanoseconds since
/// the epoch: the processes of a job all started before any of them placed
/// itself (JobBaseDirectory.h).
long long LoadedNs = 0;

__attribute__((constructor)) void noteLoadTime() {
  timespec Now;
  clock_gettime(CLOCK_REALTIME, &Now);
  LoadedNs = static_cast<long long>(Now.tv_sec) * 1000000000LL + Now.tv_nsec;
}

char *renderLibrary(void *Context) {
  try {
    const WrappedLibraryTable &Table = WrappedLibraryTable::instance();
    std::string Text = format::renderRankLibraryJson(
        static_cast<const WrappedLibrary *>(Context)->snapshot(
            Table.rank(), Table.rankCount()));
    return ::strdup(Text.c_str());
  } catch (...) {
    return nullptr;
  }
}

bool addOutputFile(WrappedLibrary &Library) {
  std::string Name = format::files::libraryFileName(Library.name());
  return __sextant_adapter_add_output(Name.c_str(), &renderLibrary, &Library) !=
         0;
}

void warnOnce(std::atomic<bool> &Warned, const std::string &Text) {
  if (!Warned.exchange(true))
    printMessage(MessageKind::Warning, Text);
}

const char *getVariable(const char *Name) { return std::getenv(Name); }

/// argv[0] of the process as directory names show it.
std::string programName() {
  char Buffer[4096];
  int Fd = ::open("/proc/self/cmdline", O_RDONLY | O_CLOEXEC);
  ssize_t Length = Fd < 0 ? -1 : ::read(Fd, Buffer, sizeof(Buffer) - 1);
  if (Fd >= 0)
    ::close(Fd);
  Buffer[Length > 0 ? Length : 0] = '\0';
  return format::files::programFileName(Buffer);
}

std::string baseDirectory() {
  std::string Base(4096, '\0');
  size_t Length = __sextant_adapter_base_directory(&Base[0], Base.size());
  if (Length >= Base.size()) {
    Base.assign(Length + 1, '\0');
    __sextant_adapter_base_directory(&Base[0], Base.size());
  }
  Base.resize(Length < Base.size() ? Length : 0);
  return Base;
}

/// Moves the process (already rank Rank) into the job's one directory when
/// the launcher names the job; otherwise it keeps its own base.
void joinJobDirectory(int Rank) {
  LauncherJob Job = launcherJob(&getVariable);
  std::string Base = baseDirectory();
  if (Job.Id.empty() || Base.empty() || Base[0] != '/')
    return;
  JobDirectoryRequest Request;
  Request.Program = programName();
  Request.JobId = Job.Id;
  Request.StartedNs = LoadedNs;
  const char *Chosen = std::getenv("SEXTANT_OUTPUT_DIR");
  if (Chosen && *Chosen) {
    Request.First = Base; // the directory the user named
  } else {
    size_t Slash = Base.rfind('/');
    Request.First = Base.substr(0, Slash ? Slash : 1);
    Request.First = joinPath(Request.First,
                             "sextant-" + Request.Program + "-job-" + Job.Id);
  }
  std::string Directory, Error;
  if (!agreeOnJobDirectory(Request, Directory, Error)) {
    printMessage(MessageKind::Warning, "rank " + std::to_string(Rank) +
                                           " keeps its own directory '" + Base +
                                           "': " + Error);
    return;
  }
  __sextant_adapter_set_base_directory(Directory.c_str());
}

} // namespace

extern "C" {

SEXTANT_EXPORT int
__sextant_wrapped_library_register(const sextant_wrapped_library *Library) {
  if (!__sextant_adapter_measuring())
    return -1;
  try {
    return WrappedLibraryTable::instance().add(Library, &addOutputFile);
  } catch (...) {
    return -1;
  }
}

SEXTANT_EXPORT void __sextant_wrapped_call(int Library, unsigned Function,
                                           unsigned long long Bytes,
                                           unsigned Flags) {
  if (WrappedLibrary *L = WrappedLibraryTable::instance().find(Library))
    L->recordCall(Function, Bytes, Flags);
}

SEXTANT_EXPORT void __sextant_wrapped_transfer(int Library, unsigned Function,
                                               int Kind, int Peer,
                                               unsigned long long Bytes) {
  (void)Function; // counted by __sextant_wrapped_call
  if (WrappedLibrary *L = WrappedLibraryTable::instance().find(Library))
    L->recordTransfer(Kind, Peer, Bytes);
}

SEXTANT_EXPORT int __sextant_wrapped_set_rank(int Library, int Rank, int Size) {
  static std::atomic<bool> WarnedInvalid{false}, WarnedOther{false};
  WrappedLibraryTable &Table = WrappedLibraryTable::instance();
  WrappedLibrary *L = Table.find(Library);
  if (!L)
    return 0;
  if (Rank < 0 || Size <= Rank) {
    warnOnce(WarnedInvalid, "library '" + L->name() + "' gave rank " +
                                std::to_string(Rank) + " of " +
                                std::to_string(Size) +
                                ": the process is not placed in its job");
    return 0;
  }
  try {
    std::lock_guard<std::mutex> Lock(Table.placementLock());
    L->setPeerCount(Size);
    if (Table.rank() >= 0) {
      if (Table.rank() == Rank && Table.rankCount() == Size)
        return 1;
      warnOnce(WarnedOther,
               "library '" + L->name() + "' gave rank " + std::to_string(Rank) +
                   " of " + std::to_string(Size) +
                   ", but the process is rank " + std::to_string(Table.rank()) +
                   " of " + std::to_string(Table.rankCount()) +
                   " already: the first placement stays");
      return 0;
    }
    if (!__sextant_adapter_set_rank(Rank, Size))
      return 0; // the measurement was written
    Table.setPlacement(Rank, Size);
    for (int Id = 0; Id < WrappedLibraryTable::Capacity; ++Id)
      if (WrappedLibrary *Other = Table.find(Id))
        Other->setPeerCount(Size);
    joinJobDirectory(Rank);
    return 1;
  } catch (...) {
    return 0;
  }
}

} // extern "C"
