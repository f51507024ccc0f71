//===- common/OutputFile.cpp - A file the user names for output -----------===//
//
// Part of Sextant. See OutputFile.h.
//
//===----------------------------------------------------------------------===//

#include "common/OutputFile.h"
#include "common/AtomicFile.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace sextant {

namespace {

/// The real path of Path when it exists; else that of its longest existing
/// parent with the missing components appended as they are written.
std::string resolvedPath(const std::string &Path) {
  std::string Existing = Path, Missing;
  while (true) {
    char Resolved[PATH_MAX];
    if (::realpath(Existing.empty() ? "." : Existing.c_str(), Resolved))
      return std::string(Resolved) + Missing;
    size_t Slash = Existing.find_last_not_of('/');
    if (Slash == std::string::npos)
      return Path; // "/" itself did not resolve: give up on resolving
    Existing.resize(Slash + 1);
    Slash = Existing.rfind('/');
    std::string Last =
        Slash == std::string::npos ? Existing : Existing.substr(Slash + 1);
    Missing = "/" + Last + Missing;
    Existing = Slash == std::string::npos ? std::string()
               : Slash == 0               ? std::string("/")
                                          : Existing.substr(0, Slash);
  }
}

} // namespace

std::string outputFileRuleViolation(const struct stat &Status) {
  if (S_ISREG(Status.st_mode))
    return std::string();
  if (S_ISLNK(Status.st_mode))
    return "it is a symbolic link (Sextant never writes through one)";
  if (S_ISDIR(Status.st_mode))
    return "it is a directory";
  if (S_ISFIFO(Status.st_mode))
    return "it is a FIFO";
  if (S_ISCHR(Status.st_mode) || S_ISBLK(Status.st_mode))
    return "it is a device";
  if (S_ISSOCK(Status.st_mode))
    return "it is a socket";
  return "it is not a regular file";
}

void splitOutputPath(const std::string &Path, std::string &Directory,
                     std::string &Name) {
  size_t Slash = Path.rfind('/');
  Directory = Slash == std::string::npos ? std::string(".")
              : Slash == 0               ? std::string("/")
                                         : Path.substr(0, Slash);
  Name = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string outputInsideInput(const std::string &Output,
                              const std::string &Input) {
  char Resolved[PATH_MAX];
  if (Output.empty() || !::realpath(Input.c_str(), Resolved))
    return std::string();
  std::string InputPath = Resolved;
  std::string Trimmed = Output;
  while (Trimmed.size() > 1 && Trimmed.back() == '/')
    Trimmed.pop_back();
  std::string Directory, Name;
  splitOutputPath(Trimmed, Directory, Name);
  // The output's last component is compared as written (a symbolic link
  // there is refused by the rules of what may be replaced); "." and ".."
  // name directories and are resolved.
  std::string OutputPath = Name == "." || Name == ".." || Name.empty()
                               ? resolvedPath(Trimmed)
                               : joinPath(resolvedPath(Directory), Name);
  std::string Prefix = InputPath == "/" ? InputPath : InputPath + "/";
  if (OutputPath != InputPath &&
      OutputPath.compare(0, Prefix.size(), Prefix) != 0)
    return std::string();
  return "'" + Output + "' is " +
         (OutputPath == InputPath ? "the input directory '"
                                  : "inside the input directory '") +
         Input + "' (an output never goes into what it is made from)";
}

OutputFile::~OutputFile() { discard(); }

bool OutputFile::fail(const std::string &Clause, std::string &Error) {
  Error = "cannot write '" + Path + "': " + Clause;
  discard();
  return false;
}

bool OutputFile::refuseExisting(std::string &Error) {
  RefusedExisting = true;
  discard();
  Error = "'" + Path + "' exists";
  return false;
}

bool OutputFile::targetMayBeReplaced(std::string &Error) {
  struct stat Status;
  if (::fstatat(Directory.descriptor(), Name.c_str(), &Status,
                AT_SYMLINK_NOFOLLOW) != 0)
    return true;
  std::string Violation = outputFileRuleViolation(Status);
  if (!Violation.empty())
    return fail(Violation + "; only a missing or regular file is replaced",
                Error);
  return Existing == ExistingOutput::Replace || refuseExisting(Error);
}

bool OutputFile::open(const std::string &Requested, ExistingOutput Policy,
                      std::string &Error) {
  discard();
  Path = Requested;
  Existing = Policy;
  RefusedExisting = false;
  if (Path.empty()) {
    Stream = stdout;
    return true;
  }
  std::string Parent;
  splitOutputPath(Path, Parent, Name);
  if (Name.empty() || Name == "." || Name == "..")
    return fail("not a file name", Error);
  std::string Message;
  if (!Directory.open(Parent, /*Create=*/false, Message)) {
    if (Directory.failureErrno() != 0)
      return fail(std::strerror(Directory.failureErrno()), Error);
    Error = Message; // "refusing to write into '<directory>': <rule>"
    return false;
  }
  if (!targetMayBeReplaced(Error))
    return false;
  int File = Directory.createTemporaryFile(Name, Temporary);
  if (File < 0)
    return fail(std::strerror(errno), Error);
  Stream = ::fdopen(File, "w");
  if (!Stream) {
    int Errno = errno;
    ::close(File);
    return fail(std::strerror(Errno), Error);
  }
  return true;
}

bool OutputFile::commit(std::string &Error) {
  if (!Stream)
    return fail(std::strerror(EBADF), Error);
  bool Failed = std::fflush(Stream) != 0 || std::ferror(Stream);
  int SavedErrno = Failed && errno != 0 ? errno : EIO;
  if (Stream == stdout) {
    Stream = nullptr;
    if (!Failed)
      return true;
    Error = std::string("cannot write standard output: ") +
            std::strerror(SavedErrno);
    return false;
  }
  std::FILE *Closing = Stream;
  Stream = nullptr;
  if (std::fclose(Closing) != 0 && !Failed) {
    Failed = true;
    SavedErrno = errno;
  }
  if (Failed)
    return fail(std::strerror(SavedErrno), Error);
  // What is at Path now is checked again: the rename must not replace a
  // device or a directory that appeared while the output was written.
  if (!targetMayBeReplaced(Error))
    return false;
  int Renamed =
      Existing == ExistingOutput::Refuse
          ? ::renameat2(Directory.descriptor(), Temporary.c_str(),
                        Directory.descriptor(), Name.c_str(), RENAME_NOREPLACE)
          : ::renameat(Directory.descriptor(), Temporary.c_str(),
                       Directory.descriptor(), Name.c_str());
  if (Renamed != 0 && Existing == ExistingOutput::Refuse &&
      (errno == EINVAL || errno == ENOSYS))
    // A file system without RENAME_NOREPLACE: Path was checked above.
    Renamed = ::renameat(Directory.descriptor(), Temporary.c_str(),
                         Directory.descriptor(), Name.c_str());
  if (Renamed != 0) {
    if (errno == EEXIST)
      return refuseExisting(Error);
    return fail(std::strerror(errno), Error);
  }
  Temporary.clear();
  Directory.close();
  return true;
}

void OutputFile::discard() {
  if (Stream && Stream != stdout)
    std::fclose(Stream);
  Stream = nullptr;
  if (!Temporary.empty() && Directory.isOpen())
    ::unlinkat(Directory.descriptor(), Temporary.c_str(), 0);
  Temporary.clear();
  Directory.close();
}

bool writeOutputFile(const std::string &Path, std::string_view Contents,
                     ExistingOutput Existing, std::string &Error,
                     bool *RefusedExisting) {
  OutputFile Output;
  bool Written = Output.open(Path, Existing, Error);
  if (Written && std::fwrite(Contents.data(), 1, Contents.size(),
                             Output.stream()) != Contents.size()) {
    int Errno = errno;
    Output.discard();
    Error = (Path.empty() ? std::string("cannot write standard output")
                          : "cannot write '" + Path + "'") +
            ": " + std::strerror(Errno);
    Written = false;
  }
  Written = Written && Output.commit(Error);
  if (RefusedExisting)
    *RefusedExisting = Output.refusedExisting();
  return Written;
}

} // namespace sextant
