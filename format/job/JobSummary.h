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

#include "format/job/CrossRankProfile.h"
#include "format/job/CrossRankRegions.h"
#include "format/job/JobMpiFile.h"

#include <map>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// How the cross-rank tables (regions, MPI functions) are ordered and
/// limited: `sextant report --ranks` with --sort, --top and --min-time. The
/// default is summary.txt's: regions by inclusive time summed over the
/// ranks, MPI functions by name, every row.
struct CrossRankTableOptions {
  enum class Order {
    Default,
    Exclusive,
    Inclusive,
    Visits,
    Name,
    TimePerVisit
  };
  /// Exclusive, Inclusive and TimePerVisit order both tables by the times
  /// summed over the ranks (an MPI function by its region's times), Visits
  /// by visits and calls, Name alphabetically.
  Order Sort = Order::Default;
  /// At most this many rows per table; 0: every row.
  uint64_t Top = 0;
  /// Hides a row whose largest inclusive time on one rank ("incl max") is
  /// below this (an MPI function: its region's).
  double MinTime = 0;

  /// Whether these are summary.txt's tables: default order, every row.
  bool complete() const {
    return Sort == Order::Default && Top == 0 && MinTime <= 0;
  }
};

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
  CrossRankTableOptions Tables = {};
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

/// The job's summary.txt (its tables as Input.Tables asks; complete by
/// default): jobSummaryHeader(), a blank line and crossRankTables().
std::string jobSummary(const JobSummaryInput &Input);

/// The header of the job's summary.txt: program, ranks, directory, wall
/// times and problems.
std::string jobSummaryHeader(const JobSummaryInput &Input);

/// The cross-rank part of the job's summary.txt alone, from "Regions across
/// ranks" on (sextant report --ranks), its tables as Input.Tables asks.
std::string crossRankTables(const JobSummaryInput &Input);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBSUMMARY_H
