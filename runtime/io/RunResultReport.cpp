//===- runtime/io/RunResultReport.cpp - Telling sextant run where ---------===//
//
// Part of Sextant. The runtime's line in `sextant run`'s result file
// (RunResultReport.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/io/RunResultReport.h"

#include "format/schema/RunResultFile.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace runtime {

void reportRunResult(const std::string &ResultFile,
                     const std::string &Directory) noexcept {
  if (ResultFile.empty() || ResultFile[0] != '/')
    return;
  int SavedErrno = errno;
  try {
    std::string Line = format::runResultLine(::getpid(), Directory);
    int Descriptor =
        Line.empty()
            ? -1
            : ::open(ResultFile.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW |
                                             O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (Descriptor >= 0) {
      struct stat Status;
      if (::fstat(Descriptor, &Status) == 0 && S_ISREG(Status.st_mode) &&
          Status.st_uid == ::geteuid()) {
        // One write: appends of several processes do not interleave.
        ssize_t Ignored = ::write(Descriptor, Line.data(), Line.size());
        (void)Ignored;
      }
      ::close(Descriptor);
    }
  } catch (...) {
    // Out of memory: the run command looks where it expects the experiment.
  }
  errno = SavedErrno;
}

} // namespace runtime
} // namespace sextant
