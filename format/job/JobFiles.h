//===- format/job/JobFiles.h - A rank's files and the job's -----*- C++ -*-===//
//
// Part of Sextant. The texts of one rank's experiment files as the job's
// merge takes them in (RankFiles: read by JobDirectory.h, or received by
// the MPI adapter) and the texts of the job's combined view it gives out
// (CombinedFiles: made by JobCombiner.h, written by JobDirectory.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBFILES_H
#define SEXTANT_FORMAT_JOB_JOBFILES_H

#include <string>
#include <utility>
#include <vector>

namespace sextant {
namespace format {

/// One rank's files; an empty text means the file could not be read.
struct RankFiles {
  int Rank = 0;
  std::string Profile;
  std::string Regions;
  std::string Experiment;
  std::string Mpi;
};

struct CombinedFiles {
  std::string Profile;
  std::string ProfileRanks;
  std::string Regions;
  std::string Experiment;
  std::string Mpi;
  std::string Summary;
  /// The cross-rank part of Summary alone, from "Regions across ranks" on,
  /// its tables ordered and limited as finishJob() was asked (not a file:
  /// what `sextant report --ranks` prints).
  std::string CrossRankView;
  /// More files of the view (name, contents), written before the others:
  /// the wrapped libraries' library-<name>.json (JobLibrary.h).
  std::vector<std::pair<std::string, std::string>> Extra;
  /// One line per problem found (a rank's missing or unreadable file, an
  /// asymmetric point-to-point pair), without the "sextant: " prefix.
  std::vector<std::string> Problems;
};

/// What a problem says of a rank of the job with no entry in the input.
constexpr const char NoDataReceived[] = "no data was received";

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBFILES_H
