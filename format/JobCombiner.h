//===- format/JobCombiner.h - The combined view of an MPI job ---*- C++ -*-===//
//
// Part of Sextant. Turns every rank's experiment files (the texts of
// profile.json, regions.json, experiment.json and mpi.json of rank-<r>/)
// into the job's combined experiment in its base directory:
//
//   regions.json    the union of the ranks' regions (CrossRankRegions.h);
//   profile.json    the ranks' call trees merged by call path, sums only
//                   (CrossRankProfile.h);
//   profile-ranks.json  the cross-rank statistics of each call path
//                   (ProfileRanksJson.h);
//   experiment.json the lowest rank's, with the job's totals
//                   (CrossRankExperiment.h);
//   mpi.json        matrices and per-function statistics (CrossRankMpi.h);
//   summary.txt     the cross-rank view as text (JobSummary.h).
//
// combineJob() is the sequential fold of the mergeable partials of
// PartialJob.h, which the MPI adapter reduces over a tree of ranks at
// MPI_Finalize and `sextant combine` folds rank by rank from the files found
// on disk (JobDirectory.h), with the same result.
// docs/output-formats.md documents every field. Pure functions of their
// input, so that the unit tests can check them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOBCOMBINER_H
#define SEXTANT_FORMAT_JOBCOMBINER_H

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
  /// More files of the view (name, contents), written before the others:
  /// the wrapped libraries' library-<name>.json (JobLibrary.h).
  std::vector<std::pair<std::string, std::string>> Extra;
  /// One line per problem found (a rank's missing or unreadable file, an
  /// asymmetric point-to-point pair), without the "sextant: " prefix.
  std::vector<std::string> Problems;
};

/// What a problem says of a rank of the job with no entry in the input.
constexpr const char NoDataReceived[] = "no data was received";

/// Combines the files of Ranks (one entry per rank of a job of RankCount
/// ranks, in any order; ranks outside [0, RankCount) and repeated ones are
/// ignored) into the job's view, written into BaseDirectory. A rank of the
/// job without an entry is the problem "rank <r>: <MissingRank>".
CombinedFiles combineJob(const std::vector<RankFiles> &Ranks, int RankCount,
                         const std::string &BaseDirectory,
                         const std::string &MissingRank = NoDataReceived);

/// The size of the job the ranks belong to: one more than the highest rank
/// of Ranks, or the largest "mpi_ranks" of their experiment.json if larger.
int jobRankCount(const std::vector<RankFiles> &Ranks);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOBCOMBINER_H
