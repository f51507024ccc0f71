//===- runtime/wrapped/JobBaseDirectory.cpp - One directory per job -------===//
//
// Part of Sextant. See JobBaseDirectory.h.
//
//===----------------------------------------------------------------------===//

#include "runtime/wrapped/JobBaseDirectory.h"

#include "common/AtomicFile.h"
#include "format/schema/ExperimentSchema.h"
#include "runtime/io/OutputDirectory.h"

#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

namespace {

enum class Candidate { Ours, Another, Failed };

long long nowNs() {
  timespec Now;
  clock_gettime(CLOCK_REALTIME, &Now);
  return static_cast<long long>(Now.tv_sec) * 1000000000LL + Now.tv_nsec;
}

bool exists(const std::string &Path) {
  struct stat Info;
  return ::lstat(Path.c_str(), &Info) == 0;
}

/// The text of the file at Path (at most 4 KiB); empty when unreadable.
std::string readSmallFile(const std::string &Path) {
  int Fd = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (Fd < 0)
    return std::string();
  char Buffer[4096];
  ssize_t Length = ::read(Fd, Buffer, sizeof(Buffer));
  ::close(Fd);
  return Length > 0 ? std::string(Buffer, static_cast<size_t>(Length))
                    : std::string();
}

/// Creates the claim of Directory complete: written into a temporary file
/// of this process, then linked to its name (which fails when it exists).
/// Returns 1 when created, 0 when a claim exists, -1 on another error.
int createClaim(const std::string &Directory, const std::string &Text,
                std::string &Error) {
  std::string Claim = joinPath(Directory, format::files::JobClaim);
  std::string Temporary = Claim + "." + std::to_string(::getpid());
  int Fd = ::open(Temporary.c_str(),
                  O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (Fd < 0) {
    Error = "cannot create '" + Temporary + "': " + std::strerror(errno);
    return -1;
  }
  bool Written = ::write(Fd, Text.data(), Text.size()) ==
                 static_cast<ssize_t>(Text.size());
  ::close(Fd);
  int Result = -1;
  if (!Written)
    Error = "cannot write '" + Temporary + "'";
  else if (::link(Temporary.c_str(), Claim.c_str()) == 0)
    Result = 1;
  else if (errno == EEXIST)
    Result = 0;
  else
    Error = "cannot create '" + Claim + "': " + std::strerror(errno);
  ::unlink(Temporary.c_str());
  return Result;
}

Candidate tryCandidate(const JobDirectoryRequest &Request,
                       const std::string &Directory, std::string &Error) {
  std::string Reason;
  if (!createDirectories(Directory, Reason)) {
    Error = "cannot create '" + Directory + "': " + Reason;
    return Candidate::Failed;
  }
  std::string Claim = joinPath(Directory, format::files::JobClaim);
  if (!exists(Claim)) {
    // Another run's experiment, without a job's claim: not ours to join.
    if (exists(joinPath(Directory, format::files::Experiment)) ||
        exists(joinPath(Directory, format::files::RunClaim)))
      return Candidate::Another;
    int Created = createClaim(
        Directory, format::files::renderJobClaim(Request.JobId, nowNs()),
        Error);
    if (Created < 0)
      return Candidate::Failed;
    if (Created > 0)
      return Candidate::Ours;
  }
  std::string JobId;
  long long CreatedNs = 0;
  if (!format::files::parseJobClaim(readSmallFile(Claim), JobId, CreatedNs))
    return Candidate::Another;
  return JobId == Request.JobId &&
                 CreatedNs >= Request.StartedNs - Request.SlackNs
             ? Candidate::Ours
             : Candidate::Another;
}

} // namespace

bool agreeOnJobDirectory(const JobDirectoryRequest &Request,
                         std::string &Chosen, std::string &Error) {
  for (int Attempt = 1; Attempt <= Request.Attempts; ++Attempt) {
    std::string Directory =
        Attempt == 1 ? Request.First
                     : joinPath(Request.First, Request.Program + "-job-" +
                                                   Request.JobId + "-" +
                                                   std::to_string(Attempt));
    switch (tryCandidate(Request, Directory, Error)) {
    case Candidate::Ours:
      Chosen = Directory;
      return true;
    case Candidate::Failed:
      return false;
    case Candidate::Another:
      break;
    }
  }
  Error = "'" + Request.First + "' and its first " +
          std::to_string(Request.Attempts - 1) +
          " job sub-directories all belong to other jobs";
  return false;
}

} // namespace runtime
} // namespace sextant
