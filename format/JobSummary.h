//===- format/JobSummary.h - An MPI job's summary.txt -----------*- C++ -*-===//
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

#ifndef SEXTANT_FORMAT_JOBSUMMARY_H
#define SEXTANT_FORMAT_JOBSUMMARY_H

#include "format/CrossRankMpi.h"
#include "format/CrossRankProfile.h"
#include "format/CrossRankRegions.h"

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

/// The job's summary.txt.
std::string jobSummary(const JobSummaryInput &Input);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOBSUMMARY_H
