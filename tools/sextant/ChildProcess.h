//===- tools/sextant/ChildProcess.h - Running a program ---------*- C++ -*-===//
//
// Part of Sextant. Runs a program the way a shell does, without a shell:
// fork, set environment variables in the child, exec with a PATH search,
// wait. While the program runs, the tool ignores SIGINT and SIGQUIT (the
// terminal sends them to the program too, and the tool must survive to
// report), and passes SIGTERM and SIGHUP on to the program.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_CHILDPROCESS_H
#define SEXTANT_TOOLS_CHILDPROCESS_H

#include <functional>
#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace sextant {
namespace tool {

struct ChildResult {
  bool Started = false;  ///< false: fork or exec failed (see Error)
  std::string Error;     ///< why the program could not be started
  int StartErrno = 0;    ///< errno of the failed exec
  pid_t Pid = 0;         ///< the program's process id
  bool Signaled = false; ///< killed by a signal
  int Signal = 0;
  int ExitCode = 0; ///< exit status, when not Signaled

  /// The status a shell would report: the exit status, 128 + the signal,
  /// 127 when the program was not found, 126 when it could not be run.
  int shellStatus() const;
};

using Environment = std::vector<std::pair<std::string, std::string>>;

/// Variables that depend on the program's pid; called in the child, after
/// fork and before exec, with its own pid. The caller can compute the same
/// values afterwards from ChildResult::Pid.
using PidEnvironment = std::function<Environment(pid_t Pid)>;

/// Runs Arguments[0] (searched in PATH when it has no '/') with Arguments,
/// Variables added to (and overriding) the tool's own environment, and the
/// variables of ForPid.
ChildResult runChildProcess(const std::vector<std::string> &Arguments,
                            const Environment &Variables,
                            const PidEnvironment &ForPid = {});

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_CHILDPROCESS_H
