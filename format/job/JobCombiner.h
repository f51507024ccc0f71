//===- format/job/JobCombiner.h - The combined view of an MPI job ---------===//
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

#ifndef SEXTANT_FORMAT_JOB_JOBCOMBINER_H
#define SEXTANT_FORMAT_JOB_JOBCOMBINER_H

#include "format/job/JobFiles.h"
#include "format/job/JobSummary.h"
#include "format/job/PartialJob.h"

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// Combines the files of Ranks (one entry per rank of a job of RankCount
/// ranks, in any order; ranks outside [0, RankCount) and repeated ones are
/// ignored) into the job's view, written into BaseDirectory. A rank of the
/// job without an entry is the problem "rank <r>: <MissingRank>".
CombinedFiles combineJob(const std::vector<RankFiles> &Ranks, int RankCount,
                         const std::string &BaseDirectory,
                         const std::string &MissingRank = NoDataReceived);

/// The job's combined view from the partial of its ranks, for a job of
/// RankCount ranks written into BaseDirectory; a rank of [0, RankCount)
/// without a record is the problem "rank <r>: <MissingRank>". Tables
/// orders and limits the tables of CrossRankView (summary.txt's are always
/// complete, in their default order).
CombinedFiles finishJob(PartialJob &&Partial, int RankCount,
                        const std::string &BaseDirectory,
                        const std::string &MissingRank = NoDataReceived,
                        const CrossRankTableOptions &Tables = {});

/// The size of the job the ranks belong to: one more than the highest rank
/// of Ranks, or the largest "mpi_ranks" of their experiment.json if larger.
int jobRankCount(const std::vector<RankFiles> &Ranks);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBCOMBINER_H
