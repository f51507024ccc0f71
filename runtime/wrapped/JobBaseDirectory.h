//===- runtime/wrapped/JobBaseDirectory.h - One directory per job ---------===//
//-*-===//
//
// Part of Sextant. The processes of a job placed by a wrapped library
// (OpenSHMEM's PEs) have no MPI adapter whose rank 0 chooses the job's
// directory and tells the others. They agree through the file system
// instead, each on its own and with the same result: every process of the
// job tries the same candidates in the same order,
//
//   First, First/<program>-job-<id>-2, First/<program>-job-<id>-3, ...
//
// and takes the first that is free or already its job's. A candidate is
// claimed with the file .sextant-job ("job <id>\ncreated <ns>",
// format/schema/ExperimentSchema.h), linked into place complete, so exactly one
// process creates it. A candidate belongs to this job when its claim names
// the job's identity (LauncherJob.h) and was created no earlier than this
// process started (less Slack for the clocks of other hosts): the process
// that created it was already in the job's initialization, which no
// process of the job enters before every process started. The claim of an
// earlier job with the same identity (launcher ids are reused) is older
// than that; a directory holding another run's experiment (experiment.json
// or .sextant-run) without a claim is another's too. So the processes of
// one job meet in one directory, and two jobs never share one.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_WRAPPED_JOBBASEDIRECTORY_H
#define SEXTANT_RUNTIME_WRAPPED_JOBBASEDIRECTORY_H

#include <string>

namespace sextant {
namespace runtime {

struct JobDirectoryRequest {
  /// The first candidate (absolute).
  std::string First;
  /// The program as directory names show it (files::programFileName).
  std::string Program;
  /// The job's identity (LauncherJob.h), not empty.
  std::string JobId;
  /// When this process started, in nanoseconds since the epoch.
  long long StartedNs = 0;
  /// The clock difference allowed between the job's hosts.
  long long SlackNs = 50000000;
  /// The candidates tried before giving up.
  int Attempts = 64;
};

/// The job's directory (created when missing), stored into Chosen; false
/// with Error (a sentence naming the path) when none could be had.
bool agreeOnJobDirectory(const JobDirectoryRequest &Request,
                         std::string &Chosen, std::string &Error);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_WRAPPED_JOBBASEDIRECTORY_H
