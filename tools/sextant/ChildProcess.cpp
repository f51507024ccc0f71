//===- tools/sextant/ChildProcess.cpp - Running a program -----------------===//
//
// Part of Sextant. fork/exec/wait with exec failures reported through a
// close-on-exec pipe, so that "could not be started" is told apart from a
// program that itself exits with 126 or 127. The tool is single-threaded,
// so the child may use setenv() between fork and exec.
//
//===----------------------------------------------------------------------===//

#include "ChildProcess.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace sextant {
namespace tool {

namespace {

volatile sig_atomic_t ForwardTo = 0;

extern "C" void forwardSignal(int Signal) {
  if (ForwardTo > 0)
    ::kill(static_cast<pid_t>(ForwardTo), Signal);
}

/// Installs the dispositions used while the program runs and restores the
/// previous ones when destroyed.
class SignalsWhileWaiting {
public:
  explicit SignalsWhileWaiting(pid_t Child) {
    ForwardTo = Child;
    struct sigaction Ignore {};
    Ignore.sa_handler = SIG_IGN;
    sigemptyset(&Ignore.sa_mask);
    struct sigaction Forward {};
    Forward.sa_handler = forwardSignal;
    sigemptyset(&Forward.sa_mask);
    Forward.sa_flags = SA_RESTART;
    for (size_t I = 0; I < Count; ++I)
      ::sigaction(Signals[I],
                  Signals[I] == SIGINT || Signals[I] == SIGQUIT ? &Ignore
                                                                : &Forward,
                  &Saved[I]);
  }
  ~SignalsWhileWaiting() {
    for (size_t I = 0; I < Count; ++I)
      ::sigaction(Signals[I], &Saved[I], nullptr);
    ForwardTo = 0;
  }

private:
  static constexpr int Signals[] = {SIGINT, SIGQUIT, SIGTERM, SIGHUP};
  static constexpr size_t Count = sizeof(Signals) / sizeof(Signals[0]);
  struct sigaction Saved[Count];
};

[[noreturn]] void execInChild(const std::vector<std::string> &Arguments,
                              const Environment &Variables,
                              const PidEnvironment &ForPid, int ErrorPipe) {
  bool Ok = true;
  for (const auto &[Name, Value] : Variables)
    Ok &= ::setenv(Name.c_str(), Value.c_str(), 1) == 0;
  if (ForPid)
    for (const auto &[Name, Value] : ForPid(::getpid()))
      Ok &= ::setenv(Name.c_str(), Value.c_str(), 1) == 0;
  if (Ok) {
    std::vector<char *> Argv;
    for (const std::string &Argument : Arguments)
      Argv.push_back(const_cast<char *>(Argument.c_str()));
    Argv.push_back(nullptr);
    ::execvp(Argv[0], Argv.data());
  }
  int Error = errno;
  ssize_t Written = ::write(ErrorPipe, &Error, sizeof(Error));
  (void)Written;
  ::_exit(127);
}

} // namespace

int ChildResult::shellStatus() const {
  if (!Started)
    return StartErrno == ENOENT ? 127 : 126;
  return Signaled ? 128 + Signal : ExitCode;
}

ChildResult runChildProcess(const std::vector<std::string> &Arguments,
                            const Environment &Variables,
                            const PidEnvironment &ForPid) {
  ChildResult Result;
  if (Arguments.empty()) {
    Result.Error = "no program given";
    return Result;
  }
  int Pipe[2];
  if (::pipe2(Pipe, O_CLOEXEC) != 0) {
    Result.StartErrno = errno;
    Result.Error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return Result;
  }
  std::fflush(nullptr); // nothing buffered may be written twice
  pid_t Child = ::fork();
  if (Child < 0) {
    Result.StartErrno = errno;
    Result.Error = std::string("cannot fork: ") + std::strerror(errno);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    return Result;
  }
  if (Child == 0) {
    ::close(Pipe[0]);
    execInChild(Arguments, Variables, ForPid, Pipe[1]);
  }
  Result.Pid = Child;
  SignalsWhileWaiting Signals(Child);
  ::close(Pipe[1]);
  int ExecErrno = 0;
  ssize_t Read;
  do
    Read = ::read(Pipe[0], &ExecErrno, sizeof(ExecErrno));
  while (Read < 0 && errno == EINTR);
  ::close(Pipe[0]);

  int Status = 0;
  pid_t Waited;
  do
    Waited = ::waitpid(Child, &Status, 0);
  while (Waited < 0 && errno == EINTR);
  if (Read == static_cast<ssize_t>(sizeof(ExecErrno))) {
    Result.StartErrno = ExecErrno;
    Result.Error =
        "cannot run '" + Arguments[0] + "': " + std::strerror(ExecErrno);
    return Result;
  }
  Result.Started = true;
  if (Waited < 0) {
    Result.Error =
        std::string("cannot wait for the program: ") + std::strerror(errno);
    Result.ExitCode = 1;
    return Result;
  }
  if (WIFSIGNALED(Status)) {
    Result.Signaled = true;
    Result.Signal = WTERMSIG(Status);
  } else {
    Result.ExitCode = WEXITSTATUS(Status);
  }
  return Result;
}

} // namespace tool
} // namespace sextant
