//===- format/job/JobDirectory.h - An MPI job's directory on disk ---------===//
//
// Part of Sextant. An MPI job's experiment directory holds every rank's own
// experiment in rank-<r>/ and the job's combined view (JobCombiner.h) beside
// them. These functions find the ranks' directories, read a rank's files
// and write the combined view, each file atomically (a temporary file
// renamed over the old one), experiment.json last: a reader that finds it
// marked "combined" finds the whole view.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBDIRECTORY_H
#define SEXTANT_FORMAT_JOB_JOBDIRECTORY_H

#include "format/job/JobFiles.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The ranks r, ascending, that have a directory rank-<r> (r in decimal
/// without leading zeros) in JobDirectory; false with Error ("<directory>:
/// <reason>") when JobDirectory cannot be read.
bool findRankDirectories(const std::string &JobDirectory,
                         std::vector<int> &Ranks, std::string &Error);

/// The files of JobDirectory/rank-<Rank>/ (empty texts for the files that
/// cannot be opened). Throws std::runtime_error naming the file when one is
/// not a regular file, is larger than JsonFileLimit (common/FileContents.h)
/// or, except profile.json, nests deeper than MaxJsonNesting
/// (format/schema/JsonNesting.h).
RankFiles readRankFiles(const std::string &JobDirectory, int Rank);

/// The files of the combined view, in the order they are written (after
/// the extra files).
const std::vector<std::string> &combinedFileNames();

/// Writes Files into JobDirectory (opened once under the directory rules of
/// common/SafeDirectory.h); false with Error: the rule that refused
/// JobDirectory ("it is a symbolic link; nothing is written"), the reason
/// it cannot be opened, or "<file>: <reason>" for the first file that
/// cannot be written.
bool writeCombinedFiles(const std::string &JobDirectory,
                        const CombinedFiles &Files, std::string &Error);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBDIRECTORY_H
