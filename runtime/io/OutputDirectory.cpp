//===- runtime/io/OutputDirectory.cpp - The experiment directory on disk --===//
//
// Part of Sextant. Directory naming and mkdir -p with POSIX calls (no
// stdio, no iostreams).
//
//===----------------------------------------------------------------------===//

#include "runtime/io/OutputDirectory.h"
#include "format/schema/ExperimentSchema.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

bool isDirectory(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0 && S_ISDIR(Status.st_mode);
}

/// mkdir that accepts an existing directory.
bool makeDirectory(const std::string &Path, int &Error) {
  if (::mkdir(Path.c_str(), NewDirectoryMode) == 0)
    return true;
  Error = errno;
  return Error == EEXIST && isDirectory(Path);
}

} // namespace

std::string experimentDirectoryName(std::string_view Program,
                                    const std::tm &Start, long Pid) {
  std::string Name =
      "sextant-" + format::files::programFileName(std::string(Program));
  char Stamp[32];
  std::snprintf(Stamp, sizeof(Stamp), "-%04d%02d%02d-%02d%02d%02d-",
                Start.tm_year + 1900, Start.tm_mon + 1, Start.tm_mday,
                Start.tm_hour, Start.tm_min, Start.tm_sec);
  Name += Stamp;
  Name += std::to_string(Pid);
  return Name;
}

std::string absolutePath(const std::string &Path,
                         const std::string &WorkingDirectory) {
  if (Path.empty() || Path[0] == '/' || WorkingDirectory.empty())
    return Path;
  return joinPath(WorkingDirectory, Path);
}

bool createDirectories(const std::string &Path, std::string &Error) {
  int Errno = 0;
  // Create every parent, left to right; failures of parents that already
  // exist (or that we may not create but that exist) are fine.
  for (size_t Slash = Path.find('/', 1); Slash != std::string::npos;
       Slash = Path.find('/', Slash + 1)) {
    std::string Parent = Path.substr(0, Slash);
    if (Parent.empty() || Parent.back() == '/')
      continue;
    makeDirectory(Parent, Errno);
  }
  if (makeDirectory(Path, Errno))
    return true;
  Error = std::strerror(Errno);
  return false;
}

} // namespace runtime
} // namespace sextant
