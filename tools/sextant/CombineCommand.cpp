//===- tools/sextant/CombineCommand.cpp - sextant combine -----------------===//
//
// Part of Sextant. `sextant combine JOBDIR` builds the combined view of an
// MPI job (regions.json, profile.json, experiment.json, mpi.json and
// summary.txt in JOBDIR, and library-<name>.json for each library measured
// through a generated wrapper, e.g. OpenSHMEM's PE-to-PE traffic, with its
// section of summary.txt) from the ranks' directories rank-<r>/ on disk,
// with the same merge and result as the MPI adapter at MPI_Finalize
// (format/job/PartialJob.h), folding the ranks one at a time so that it never
// holds more than one rank's files: for a job that ended before
// MPI_Finalize, or after a rank's directory was copied in later.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Subcommands.h"

#include "WaitStateReading.h"

#include "format/job/CrossRankExperiment.h"
#include "format/job/JobDirectory.h"
#include "format/job/JsonDocument.h"
#include "format/job/WaitStatesText.h"
#include "format/reader/JobFromRanks.h"

#include <cstdio>
#include <exception>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace sextant {
namespace tool {

namespace {

const char CombineUsage[] =
    "NAME\n"
    "    sextant combine - build the combined view of an MPI job\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant combine [-f|--force] JOBDIR\n"
    "\n"
    "DESCRIPTION\n"
    "    Reads every rank's experiment in JOBDIR/rank-<r>/ and writes the\n"
    "    job's combined view into JOBDIR: regions.json, profile.json,\n"
    "    experiment.json, mpi.json and summary.txt, exactly as the MPI\n"
    "    adapter writes them at MPI_Finalize. Use it for a job that ended\n"
    "    before MPI_Finalize (MPI_Abort, a fault, a killed job), or after\n"
    "    copying a rank's directory into JOBDIR later.\n"
    "\n"
    "    Libraries measured through a wrapper (`sextant wrap`) that place\n"
    "    their processes in a job, such as OpenSHMEM, have no combined view\n"
    "    until this command makes it: for each library-NAME.json of the\n"
    "    ranks, the job's library-NAME.json (calls and bytes per function\n"
    "    over the ranks, the rank-to-rank matrix) and a section of\n"
    "    summary.txt. A library file that is not valid is named, with the\n"
    "    place in it, in a warning and left out.\n"
    "\n"
    "    The job has as many ranks as the largest \"mpi_ranks\" of the\n"
    "    ranks' experiment.json (without one: the highest rank-<r>/ plus\n"
    "    one). A claim larger than 64 per rank directory found plus 1024 is\n"
    "    not trusted; a rank-<r>/ whose r is not below the job's size is\n"
    "    stray: both are named in a warning, and a stray directory is left\n"
    "    out. A rank without a directory is named in a warning and counts 0\n"
    "    in the statistics; the other ranks are combined. Problems with a\n"
    "    rank's files are warnings too, and appear in summary.txt: a file\n"
    "    that cannot be parsed, or a field of the wrong type (named with its\n"
    "    place, e.g. rank-2/experiment.json: pid), leaves the rank out of\n"
    "    the combined profile.\n"
    "\n"
    "    A traced MPI job (SEXTANT_TRACE=1) also gets its wait states at the\n"
    "    end of summary.txt (as `sextant report --wait-states JOBDIR` shows\n"
    "    them, the 10 largest rows): the MPI adapter does not read the\n"
    "    traces at MPI_Finalize, so its summary.txt only points here.\n"
    "\n"
    "OPTIONS\n";

const char CombineNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success (also with warnings), 1 JOBDIR has no rank-<r>/\n"
    "    directories (or none with files), already has combined files\n"
    "    (without --force) or cannot be written, or a rank's file is not a\n"
    "    regular file, is larger than 1 GiB or (except profile.json) nests\n"
    "    deeper than 512 levels, 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant combine sextant-jacobi-20260101-120000-4242\n"
    "    cp -r node7/job/rank-3 job/ && sextant combine --force job\n";

/// Path as an absolute path without trailing slashes, the way the runtime
/// names its experiment directories (no symbolic links resolved).
std::string absoluteDirectory(std::string Path) {
  while (Path.size() > 1 && Path.back() == '/')
    Path.pop_back();
  if (Path.empty() || Path[0] == '/')
    return Path;
  std::vector<char> Buffer(4096);
  if (!::getcwd(Buffer.data(), Buffer.size()))
    return Path;
  std::string Current = Buffer.data();
  if (Path == ".")
    return Current;
  return Current + (Current.back() == '/' ? "" : "/") + Path;
}

/// The combined files JobDirectory already has, as "a, b".
std::string existingCombinedFiles(const std::string &JobDirectory) {
  std::string Found;
  for (const std::string &Name : format::combinedFileNames()) {
    struct stat Status;
    if (::lstat((JobDirectory + "/" + Name).c_str(), &Status) != 0)
      continue;
    Found += (Found.empty() ? "" : ", ") + Name;
  }
  return Found;
}

/// Ranks as "1, 3".
std::string rankList(const std::vector<int> &Ranks) {
  std::string List;
  for (int Rank : Ranks)
    List += (List.empty() ? "" : ", ") + std::to_string(Rank);
  return List;
}

/// Rows of the wait states in a combined summary.txt.
constexpr uint64_t WaitStateSummaryRows = 10;

/// Whether the job's experiment.json (ExperimentText, its lowest rank's)
/// says that it was traced and measured by the MPI adapter: a job of a
/// wrapped library alone (OpenSHMEM) has no MPI waits.
bool tracedMpiJob(const std::string &ExperimentText) {
  nlohmann::json Experiment = format::parseJsonDocument(ExperimentText);
  auto Trace = Experiment.is_object()
                   ? Experiment.find(format::experiment_keys::Trace)
                   : Experiment.end();
  return Trace != Experiment.end() && Trace->is_object() &&
         format::measuredByMpiAdapter(Experiment);
}

int combine(const CommandLine &Line, const std::string &JobDirectory,
            const std::vector<int> &Found) {
  format::JobFromRanks Job;
  try {
    Job = format::readJobFromRanks(JobDirectory, Found);
  } catch (const std::exception &Error) {
    return Line.failure("cannot combine the ranks of '" + JobDirectory +
                        "': " + Error.what());
  }
  for (const std::string &Problem : Job.RankProblems)
    Line.warning(Problem);
  if (!Job.AnyFile)
    return Line.failure("'" + JobDirectory +
                        "': no rank-<r>/ directory has experiment files");
  for (const std::string &Problem : Job.View.Problems)
    Line.warning(Problem);
  if (Job.Read.empty())
    return Line.failure("'" + JobDirectory +
                        "': no rank could be combined (see the warnings); "
                        "nothing is written");
  if (tracedMpiJob(Job.View.Experiment)) {
    try {
      std::string Program;
      format::WaitStates Waits = readJobWaitStates(JobDirectory, false, Program);
      Job.View.Summary +=
          "\n" + format::waitStatesText(Waits, WaitStateSummaryRows);
    } catch (const std::exception &Failure) {
      Line.warning(std::string("summary.txt has no wait states: ") +
                   Failure.what());
    }
  }
  std::string Error;
  if (!format::writeCombinedFiles(JobDirectory, Job.View, Error))
    return Line.failure("cannot write the combined view into '" + JobDirectory +
                        "': " + Error);
  std::string Missing = rankList(Job.Missing);
  std::string Unread = rankList(Job.LeftOut);
  std::printf("Combined %zu of %d rank(s) into %s%s%s\n", Job.Read.size(),
              Job.RankCount, JobDirectory.c_str(),
              Missing.empty() ? "" : ("; missing rank(s): " + Missing).c_str(),
              Unread.empty()
                  ? ""
                  : ("; left out (see the warnings): " + Unread).c_str());
  return ExitSuccess;
}

} // namespace

int runCombineCommand(int Argc, char **Argv) {
  bool Force = false;
  CommandLine Line("sextant combine", {CombineUsage, 19, CombineNotes});
  Line.addOption({"force", 'f', nullptr,
                  "replace the combined files JOBDIR already has\n"
                  "(without it, an existing one is an error)",
                  setFlag(Force)});
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Line.positional().size() != 1)
    return Line.usageError(Line.positional().empty()
                               ? "missing the job's experiment directory"
                               : "expected one experiment directory");

  std::string JobDirectory = absoluteDirectory(Line.positional()[0]);
  std::vector<int> Found;
  std::string Error;
  if (!format::findRankDirectories(JobDirectory, Found, Error))
    return Line.failure(Error);
  if (Found.empty())
    return Line.failure("'" + JobDirectory +
                        "' has no rank-<r>/ directories: not the experiment "
                        "directory of an MPI job");
  std::string Existing = existingCombinedFiles(JobDirectory);
  if (!Existing.empty() && !Force)
    return Line.failure("'" + JobDirectory + "' already has a combined view (" +
                        Existing + "); use --force to replace it");
  return combine(Line, JobDirectory, Found);
}

} // namespace tool
} // namespace sextant
