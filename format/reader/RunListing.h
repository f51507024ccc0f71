//===- format/reader/RunListing.h - The runs in a shared directory --------===//
//
// Part of Sextant. A directory that several processes were given as
// SEXTANT_OUTPUT_DIR holds the experiment of the first one (when it wrote
// one) and one sub-directory "<program>-<pid>" per other process, each
// with its claim file (files::RunClaim) and, once complete, its
// experiment.json (docs/output-formats.md). The tool lists them when it is
// given such a directory that holds no experiment itself.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_RUNLISTING_H
#define SEXTANT_FORMAT_READER_RUNLISTING_H

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// One run found in a directory.
struct RunEntry {
  /// The run's directory: Directory itself or Directory/<name>.
  std::string Path;
  std::string Program;
  long Pid = 0;
  /// "complete" (experiment.json written), "running" (a process of that pid
  /// is alive on this host), "ended without experiment.json" or, when the
  /// claim is not a regular file of at most 4 KiB, "its .sextant-run cannot
  /// be read: <reason>".
  std::string Status;
};

/// The runs in Directory and in its sub-directories that hold a claim
/// file, sorted by path; Directory itself first when it has a claim.
std::vector<RunEntry> listRuns(const std::string &Directory);

/// The text the tool prints for such a directory: a first line saying that
/// Directory holds N runs but no experiment of its own and to name one,
/// then one line per run: "  <path>  <program>  pid <pid>  <status>".
std::string describeRuns(const std::string &Directory,
                         const std::vector<RunEntry> &Runs);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_RUNLISTING_H
