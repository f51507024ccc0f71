//===- runtime/io/ExperimentDirectory.h - Where this run writes -*- C++ -*-===//
//
// Part of Sextant. The experiment directory of this process and its trace/
// sub-directory, opened (common/SafeDirectory.h: the directory rules, no
// symbolic links, every file created with O_EXCL|O_NOFOLLOW) and claimed
// when the first file is written, so that an adapter may still move it
// (an MPI rank's rank-<r>/) before.
//
// The claim: a process that is to write into a directory first creates the
// claim file (format/schema/ExperimentSchema.h, files::RunClaim) in it with
// O_EXCL. When that file exists already, or the directory holds experiment.json
// of an earlier run, the directory belongs to another process, live or
// finished, and this one makes the sub-directory "<program>-<pid>" (or
// "<program>-<pid>.<n>" when that exists), claims it and writes there, so that
// the files of two processes never mix, whatever their timing. A directory
// claimed anew loses the regular thread files an earlier run that ended without
// experiment.json left in trace/.
//
// Thread-safe: every operation runs under the object's mutex, which the
// runtime takes before fork() (lockForFork) so that a child never inherits
// it held.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_IO_EXPERIMENTDIRECTORY_H
#define SEXTANT_RUNTIME_IO_EXPERIMENTDIRECTORY_H

#include "common/SafeDirectory.h"

#include <mutex>
#include <string>
#include <string_view>

namespace sextant {
namespace runtime {

/// Claims the directory Path (created when missing) for the process Pid of
/// Program, or, when another run has it, a new sub-directory of it (see
/// above); Claimed is opened on the directory to write into, and Taken is
/// set to Path when that is a sub-directory. False with Error when a
/// directory breaks the rules (Failure set to 0) or cannot be made (Failure
/// set to the errno).
bool claimExperimentDirectory(const std::string &Path, std::string_view Program,
                              long Pid, SafeDirectory &Claimed,
                              std::string &Taken, std::string &Error,
                              int *Failure = nullptr);

class ExperimentDirectory {
public:
  /// Where the files go.
  enum class Place { Top, Trace };

  ExperimentDirectory() = default;
  ExperimentDirectory(const ExperimentDirectory &) = delete;
  ExperimentDirectory &operator=(const ExperimentDirectory &) = delete;

  /// The experiment goes to Path (absolute): claimed for process Pid of
  /// Program when Claim, else used as it is (a directory the adapter chose
  /// for this process alone, an MPI rank's). Nothing is opened until the
  /// first file; a directory opened before is let go.
  void request(std::string Path, bool Claim, std::string Program, long Pid);
  /// The experiment moves to Path, a directory of this process alone (an
  /// MPI rank's): not claimed. A trace directory opened already stays
  /// where it is, with the trace files this process created in it.
  void moveTo(std::string Path);
  /// The experiment moves to Path, as moveTo(), and a trace directory
  /// opened already moves along with the files in it (renamed into Path,
  /// SafeDirectory::moveInto); the directory that held it is removed when
  /// that leaves it empty. False with Error, and nothing moved, when the
  /// trace directory cannot move or was not made by this process (another
  /// run shares it: its files stay where they are).
  bool moveWithTrace(std::string Path, std::string &Error);

  /// The directory written into: the claimed one once claimed, else the
  /// requested one.
  std::string path();
  /// The path of Name in Where, for messages.
  std::string pathOf(Place Where, std::string_view Name);
  /// The requested directory when another run had it (this run writes into
  /// a sub-directory of it); else empty.
  std::string takenDirectory();

  /// Opens (and claims) the experiment directory now; false with Error
  /// when it is refused or cannot be made (Refused set).
  bool prepare(std::string &Error, bool *Refused = nullptr);

  /// Creates the new file Name in Where (see SafeDirectory::createFile),
  /// opening and claiming the directories first. -1 on failure, with Error
  /// set ("cannot create the trace directory '<path>': <strerror>" when
  /// that failed). When a directory was refused (a rule broken), Error says
  /// which and why and Refused is set: the caller prints it once for the
  /// whole run (takeRefusalReport).
  int createFile(Place Where, std::string_view Name, std::string &Error,
                 bool *Refused = nullptr);
  /// Opens the existing regular file Name in Where with Flags; -1 when
  /// there is none (or the directory was never opened).
  int openFile(Place Where, std::string_view Name, int Flags);
  /// Removes the file Name from Where (when the directory was opened).
  void removeFile(Place Where, std::string_view Name);
  /// Writes Name in the experiment directory whole
  /// (SafeDirectory::writeFileAtomically).
  bool writeFile(std::string_view Name, std::string_view Contents,
                 std::string &Error, bool *Refused = nullptr);

  /// Whether the refusal of a directory is still to be printed; true only
  /// for the first call after a refusal (one message per run).
  bool takeRefusalReport();

  /// In a child after fork(), with the lock lockForFork() took still held:
  /// request(Path, true, Program, Pid) without locking.
  void restartInChild(std::string Path, std::string Program, long Pid);

  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }

private:
  void reset(std::string Path, bool Claim, std::string Program, long Pid,
             bool KeepTrace = false);
  /// Opens (and claims) the directories up to Where; Name, the file to be
  /// made there, for messages.
  const SafeDirectory *open(Place Where, std::string &Error, bool *Refused,
                            std::string_view Name = {});

  std::mutex Mutex;
  std::string Requested;
  bool Claim = false;
  std::string Program;
  long Pid = 0;
  SafeDirectory Top;
  SafeDirectory Trace;
  /// Whether this process made Trace (moveWithTrace moves no other).
  bool TraceCreated = false;
  std::string Taken;
  /// Why the experiment directory, or its trace/, was refused by a
  /// directory rule (kept: every later file gets it without trying again),
  /// and the errno (0: a rule; a failure of the system is not kept).
  std::string Failure;
  int FailureErrno = 0;
  std::string TraceFailure;
  int TraceErrno = 0;
  bool RefusalReported = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_IO_EXPERIMENTDIRECTORY_H
