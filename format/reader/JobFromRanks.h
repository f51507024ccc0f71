//===- format/reader/JobFromRanks.h - An MPI job read from its ranks ------===//
//
// Part of Sextant. Reads an MPI job's combined view again from what its
// ranks left on disk (JobDirectory/rank-<r>/): which ranks make up the job
// (JobRanks.h), every rank's files merged into the job's partial one rank
// at a time (PartialJob.h), and the wrapped libraries' files. `sextant
// combine` writes the view it gives; `sextant report` shows an MPI job's
// cross-rank tables and summary.txt from it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_READER_JOBFROMRANKS_H
#define SEXTANT_FORMAT_READER_JOBFROMRANKS_H

#include "format/job/JobFiles.h"
#include "format/job/JobSummary.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

struct JobFromRanks {
  /// The job's size.
  int RankCount = 0;
  /// The ranks whose profile, regions and experiment could be read, and
  /// the ranks of the job left out (their problems say why).
  std::vector<int> Read, LeftOut;
  /// The ranks of the job without a directory, ascending.
  std::vector<int> Missing;
  /// Whether any rank directory had an experiment file.
  bool AnyFile = false;
  /// The problems of choosing the job's ranks (stray directories, claims
  /// not trusted), before the view's own.
  std::vector<std::string> RankProblems;
  /// The combined view, its problems included.
  CombinedFiles View;
};

/// Reads the job from the rank directories Found (ascending, from
/// findRankDirectories()) of JobDirectory and combines it into the view of
/// the job in BaseDirectory (empty: JobDirectory), the directory its files
/// name; Tables orders and limits the cross-rank view's tables, as
/// finishJob() takes them. Throws std::runtime_error naming the file when a
/// rank's file cannot be read or combined (readRankFiles()).
JobFromRanks readJobFromRanks(const std::string &JobDirectory,
                              const std::vector<int> &Found,
                              const CrossRankTableOptions &Tables = {},
                              const std::string &BaseDirectory = {});

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_READER_JOBFROMRANKS_H
