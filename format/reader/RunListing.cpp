//===- format/reader/RunListing.cpp - The runs in a shared directory ------===//
//
// Part of Sextant. See RunListing.h.
//
//===----------------------------------------------------------------------===//

#include "format/reader/RunListing.h"
#include "format/schema/ExperimentSchema.h"

#include "common/FileContents.h"

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>

namespace sextant {
namespace format {

namespace {

bool exists(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0;
}

/// The run in Directory when it has a claim file.
bool readRun(const std::string &Directory, RunEntry &Run) {
  std::string Claim = Directory + "/" + files::RunClaim;
  if (!exists(Claim))
    return false;
  Run = RunEntry();
  Run.Path = Directory;
  std::string Text, Error;
  if (!readRegularFile(Claim, ClaimFileLimit, Text, Error)) {
    Run.Program = "?";
    Run.Status =
        "its " + std::string(files::RunClaim) + " cannot be read: " + Error;
    return true;
  }
  if (!files::parseRunClaim(Text, Run.Pid, Run.Program))
    Run.Program = "?";
  if (exists(Directory + "/" + files::Experiment))
    Run.Status = "complete";
  else if (Run.Pid > 0 &&
           (::kill(static_cast<pid_t>(Run.Pid), 0) == 0 || errno == EPERM))
    Run.Status = "running";
  else
    Run.Status = "ended without experiment.json";
  return true;
}

} // namespace

std::vector<RunEntry> listRuns(const std::string &Directory) {
  std::vector<RunEntry> Runs;
  RunEntry Run;
  if (readRun(Directory, Run))
    Runs.push_back(Run);
  std::vector<RunEntry> Below;
  if (DIR *Listing = ::opendir(Directory.c_str())) {
    while (dirent *Entry = ::readdir(Listing)) {
      std::string Name = Entry->d_name;
      if (Name == "." || Name == "..")
        continue;
      if (readRun(Directory + "/" + Name, Run))
        Below.push_back(Run);
    }
    ::closedir(Listing);
  }
  std::sort(
      Below.begin(), Below.end(),
      [](const RunEntry &A, const RunEntry &B) { return A.Path < B.Path; });
  Runs.insert(Runs.end(), Below.begin(), Below.end());
  return Runs;
}

std::string describeRuns(const std::string &Directory,
                         const std::vector<RunEntry> &Runs) {
  std::string Text = Directory + ": no experiment of its own, but " +
                     std::to_string(Runs.size()) +
                     " run(s) of processes that shared it as "
                     "SEXTANT_OUTPUT_DIR; name one of them:";
  for (const RunEntry &Run : Runs)
    Text += "\n  " + Run.Path + "  " + Run.Program + "  pid " +
            std::to_string(Run.Pid) + "  " + Run.Status;
  return Text;
}

} // namespace format
} // namespace sextant
