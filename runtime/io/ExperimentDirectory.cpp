//===- runtime/io/ExperimentDirectory.cpp - Where this run writes ---------===//
//
// Part of Sextant. See ExperimentDirectory.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/io/ExperimentDirectory.h"
#include "common/AtomicFile.h"
#include "format/schema/ExperimentSchema.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

/// Creates the claim file in Directory; EEXIST when another run has it.
int writeClaim(const SafeDirectory &Directory, std::string_view Program,
               long Pid, std::string &Error) {
  int File = Directory.createFile(format::files::RunClaim, NewFileMode, Error);
  if (File < 0) {
    int Errno = errno;
    return Directory.contains(format::files::RunClaim) ? EEXIST
           : Errno != 0                                ? Errno
                                                       : EIO;
  }
  std::string Text = format::files::renderRunClaim(
      Pid, format::files::programFileName(std::string(Program)));
  ssize_t Written;
  do
    Written = ::write(File, Text.data(), Text.size());
  while (Written < 0 && errno == EINTR);
  ::close(File);
  return 0;
}

} // namespace

bool claimExperimentDirectory(const std::string &Path, std::string_view Program,
                              long Pid, SafeDirectory &Claimed,
                              std::string &Taken, std::string &Error,
                              int *Failure) {
  int Ignored = 0;
  int &FailureErrno = Failure ? *Failure : Ignored;
  SafeDirectory Requested;
  if (!Requested.open(Path, /*Create=*/true, Error)) {
    FailureErrno = Requested.failureErrno();
    return false;
  }
  int Result = writeClaim(Requested, Program, Pid, Error);
  if (Result == 0 && Requested.contains(format::files::Experiment)) {
    // An earlier run that left no claim file (an older Sextant).
    ::unlinkat(Requested.descriptor(), format::files::RunClaim, 0);
    Result = EEXIST;
  }
  if (Result == 0) {
    SafeDirectory Trace;
    std::string Ignored;
    if (Trace.openChild(Requested, format::files::TraceDirectory, false,
                        Ignored)) {
      Trace.removeRegularFiles(format::files::ThreadFilePrefix,
                               format::files::TraceFileSuffix);
      Trace.removeRegularFiles(format::files::ThreadFilePrefix,
                               format::files::MetricSamplesFileSuffix);
      Trace.removeFile(format::files::SpaceReserve);
    }
    Claimed = std::move(Requested);
    Taken.clear();
    return true;
  }
  if (Result != EEXIST) {
    FailureErrno = Result;
    return false;
  }
  std::string Name = format::files::runDirectoryName(std::string(Program), Pid);
  for (int Attempt = 0; Attempt < 100; ++Attempt) {
    std::string Candidate =
        Attempt == 0 ? Name : Name + "." + std::to_string(Attempt);
    bool Existed = Requested.contains(Candidate);
    bool Created = false;
    if (!Claimed.openChild(Requested, Candidate, /*Create=*/true, Error,
                           &Created) &&
        !Existed) {
      FailureErrno = Claimed.failureErrno();
      return false;
    }
    if (!Created)
      continue; // a run of an earlier process of the same pid, or a trap
    if (int Errno = writeClaim(Claimed, Program, Pid, Error)) {
      FailureErrno = Errno;
      return false;
    }
    Taken = Path;
    return true;
  }
  Error = "cannot create a directory of its own in '" + Path +
          "': too many runs named '" + Name + "'";
  FailureErrno = EEXIST;
  return false;
}

void ExperimentDirectory::request(std::string Path, bool ClaimIt,
                                  std::string ProgramName, long ProcessId) {
  std::lock_guard<std::mutex> Lock(Mutex);
  reset(std::move(Path), ClaimIt, std::move(ProgramName), ProcessId);
}

void ExperimentDirectory::moveTo(std::string Path) {
  std::lock_guard<std::mutex> Lock(Mutex);
  reset(std::move(Path), /*Claim=*/false, Program, Pid, /*KeepTrace=*/true);
}

bool ExperimentDirectory::moveWithTrace(std::string Path, std::string &Error) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Trace.isOpen()) {
    if (!TraceCreated) {
      Error = "its trace directory '" + Trace.path() +
              "' was there before this process started tracing (another run "
              "shares it)";
      return false;
    }
    SafeDirectory Destination;
    if (!Destination.open(Path, /*Create=*/true, Error))
      return false;
    std::string Holder = Trace.path().substr(0, Trace.path().rfind('/'));
    if (!Trace.moveInto(Destination, format::files::TraceDirectory, Error))
      return false;
    // Only an empty directory is removed, never through a symbolic link.
    if (!Holder.empty())
      ::rmdir(Holder.c_str());
  }
  reset(std::move(Path), /*Claim=*/false, Program, Pid, /*KeepTrace=*/true);
  return true;
}

void ExperimentDirectory::restartInChild(std::string Path,
                                         std::string ProgramName,
                                         long ProcessId) {
  reset(std::move(Path), /*Claim=*/true, std::move(ProgramName), ProcessId);
}

void ExperimentDirectory::reset(std::string Path, bool ClaimIt,
                                std::string ProgramName, long ProcessId,
                                bool KeepTrace) {
  Requested = std::move(Path);
  Claim = ClaimIt;
  Program = std::move(ProgramName);
  Pid = ProcessId;
  Top.close();
  if (!KeepTrace || !Trace.isOpen()) {
    Trace.close();
    TraceCreated = false;
    TraceFailure.clear();
    TraceErrno = 0;
  }
  Taken.clear();
  Failure.clear();
  FailureErrno = 0;
  RefusalReported = false;
}

std::string ExperimentDirectory::path() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Top.isOpen() ? Top.path() : Requested;
}

std::string ExperimentDirectory::pathOf(Place Where, std::string_view Name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Where == Place::Trace && Trace.isOpen())
    return Trace.pathOf(Name);
  std::string Directory = Top.isOpen() ? Top.path() : Requested;
  if (Where == Place::Trace)
    Directory = joinPath(Directory, format::files::TraceDirectory);
  return joinPath(Directory, Name);
}

std::string ExperimentDirectory::takenDirectory() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Taken;
}

const SafeDirectory *ExperimentDirectory::open(Place Where, std::string &Error,
                                               bool *Refused,
                                               std::string_view Name) {
  if (Failure.empty() && !Top.isOpen()) {
    bool Opened = Claim
                      ? claimExperimentDirectory(Requested, Program, Pid, Top,
                                                 Taken, Failure, &FailureErrno)
                      : Top.open(Requested, /*Create=*/true, Failure);
    if (!Claim)
      FailureErrno = Top.failureErrno();
    if (Opened)
      Failure.clear();
  }
  if (Failure.empty() && Where == Place::Trace && !Trace.isOpen()) {
    if (Trace.openChild(Top, format::files::TraceDirectory, /*Create=*/true,
                        TraceFailure, &TraceCreated))
      TraceFailure.clear();
    else
      TraceErrno = Trace.failureErrno();
  }
  if (!Failure.empty() || (Where == Place::Trace && !TraceFailure.empty())) {
    // A directory rule says which directory broke it; a failure of the
    // system is told as a failure to create what was asked for.
    int Errno = !Failure.empty() ? FailureErrno : TraceErrno;
    std::string Directory = Top.isOpen() ? Top.path() : Requested;
    if (Where == Place::Trace)
      Directory = joinPath(Directory, format::files::TraceDirectory);
    if (Errno == 0)
      Error = !Failure.empty() ? Failure : TraceFailure;
    else if ((Errno == EMFILE || Errno == ENFILE) && !Name.empty())
      // The process has no descriptor left, for the file as for its
      // directory: told as the failure to write the file.
      Error = "cannot write '" + joinPath(Directory, Name) +
              "': " + std::strerror(Errno);
    else if (Where == Place::Trace)
      Error = "cannot create the trace directory '" + Directory +
              "': " + std::strerror(Errno);
    else
      Error = Failure;
    if (Refused)
      *Refused = Errno == 0;
    // A refusal is kept (one message per run, nothing tried again); a
    // failure of the system (no descriptor left, a full disk) is tried
    // again at the next file.
    if (Errno != 0) {
      (Failure.empty() ? TraceFailure : Failure).clear();
      FailureErrno = TraceErrno = 0;
    }
    return nullptr;
  }
  return Where == Place::Top ? &Top : &Trace;
}

bool ExperimentDirectory::prepare(std::string &Error, bool *Refused) {
  std::lock_guard<std::mutex> Lock(Mutex);
  return open(Place::Top, Error, Refused) != nullptr;
}

int ExperimentDirectory::createFile(Place Where, std::string_view Name,
                                    std::string &Error, bool *Refused) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const SafeDirectory *Directory = open(Where, Error, Refused, Name);
  return Directory ? Directory->createFile(Name, NewFileMode, Error) : -1;
}

int ExperimentDirectory::openFile(Place Where, std::string_view Name,
                                  int Flags) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const SafeDirectory &Directory = Where == Place::Top ? Top : Trace;
  return Directory.isOpen() ? Directory.openFile(Name, Flags) : -1;
}

void ExperimentDirectory::removeFile(Place Where, std::string_view Name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const SafeDirectory &Directory = Where == Place::Top ? Top : Trace;
  if (Directory.isOpen())
    Directory.removeFile(Name);
}

bool ExperimentDirectory::writeFile(std::string_view Name,
                                    std::string_view Contents,
                                    std::string &Error, bool *Refused) {
  std::lock_guard<std::mutex> Lock(Mutex);
  const SafeDirectory *Directory = open(Place::Top, Error, Refused);
  return Directory && Directory->writeFileAtomically(Name, Contents, Error);
}

bool ExperimentDirectory::takeRefusalReport() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (RefusalReported)
    return false;
  RefusalReported = true;
  return true;
}

} // namespace runtime
} // namespace sextant
