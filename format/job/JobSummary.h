//===- format/job/JobSummary.h - An MPI job's summary.txt -------*- C++ -*-===//
//
// Part of Sextant. The combined view of an MPI job as text: the program,
// ranks and wall times, the problems found while combining, every region's
// inclusive and exclusive time over the ranks, the MPI functions' calls and
// bytes, the communication matrices (one-sided ones only when there was
// one-sided traffic; as ranks x ranks tables up to 16 ranks, beyond as the
// 20 heaviest pairs, all of them being in the job's mpi.json), whether
// point-to-point traffic is symmetric, and the other PMPI tools.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBSUMMARY_H
#define SEXTANT_FORMAT_JOB_JOBSUMMARY_H

#include "format/job/JobMpiFile.h"
#include "format/job/CrossRankProfile.h"
#include "format/job/CrossRankRegions.h"

#include <map>
#include <string>
#include <vector>

namespace sextant {
namespace format {

struct JobSummaryInput {
  std::string Program;
  std::string BaseDirectory;
  /// Per rank of the job, 0 for a rank not read.
  std::vector<double> WallTimes;
  const std::vector<std::string> &Problems;
  int RankCount;
  /// The ranks Times covers.
  RankRange Range;
  const RegionUnion &Regions;
  const RegionTimes &Times;
  const JobMpi &Mpi;
};

/// How summary.txt shows one of the job's sparse matrices: two of its
/// fields.
struct MatrixView {
  const char *Name; ///< "Point-to-point"
  const char *File; ///< the job's file holding every pair: "mpi.json"
  const char *Key;  ///< its key in File
  const char *FirstTable;
  const char *FirstColumn;
  uint64_t Traffic::*First;
  const char *SecondTable;
  const char *SecondColumn;
  uint64_t Traffic::*Second;
};

/// Rows as two tables (View's two fields, row: from rank, column: to rank)
/// up to 16 ranks, beyond as the 20 pairs with the most First.
std::string matrixText(const MatrixView &View, const SparseMatrix &Rows);

/// The job's summary.txt.
std::string jobSummary(const JobSummaryInput &Input);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBSUMMARY_H
