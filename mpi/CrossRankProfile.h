//===- mpi/CrossRankProfile.h - The combined view of an MPI job -*- C++ -*-===//
//
// Part of Sextant. At MPI_Finalize rank 0 receives every rank's experiment
// files (the texts of profile.json, regions.json, experiment.json and
// mpi.json of rank-<r>/) and turns them into the job's combined experiment
// in the base directory:
//
//   regions.json    the union of the ranks' regions (matched by name, linkage
//                   name, file, line and module), renumbered;
//   profile.json    Hatchet literal format; the ranks' call trees merged by
//                   call path; each node's "time (inc)", "time" and "visits"
//                   are sums over the ranks, with "<metric> (min)", "(mean)",
//                   "(max)" over all ranks (a rank without the call path
//                   counts 0) and "<metric> [rank <r>]" per rank;
//   experiment.json rank 0's, with the job's totals and a "ranks" list;
//   mpi.json        the communication matrices (ranks x ranks) and each MPI
//                   function's calls and bytes with cross-rank statistics;
//   summary.txt     the cross-rank view as text.
//
// docs/output-formats.md documents every field. Pure functions of their
// input (no MPI), so that the unit tests can check them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_MPI_CROSSRANKPROFILE_H
#define SEXTANT_MPI_CROSSRANKPROFILE_H

#include <string>
#include <vector>

namespace sextant {
namespace mpi {

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
  std::string Regions;
  std::string Experiment;
  std::string Mpi;
  std::string Summary;
  /// One line per problem found (a rank's missing or unreadable file, an
  /// asymmetric point-to-point pair), without the "sextant: " prefix.
  std::vector<std::string> Problems;
};

/// Combines the files of Ranks (one entry per rank of a job of RankCount
/// ranks, in any order) into the job's view, written into BaseDirectory.
CombinedFiles combineRanks(const std::vector<RankFiles> &Ranks, int RankCount,
                           const std::string &BaseDirectory);

} // namespace mpi
} // namespace sextant

#endif // SEXTANT_MPI_CROSSRANKPROFILE_H
