//===- format/job/JobConsistency.h - What makes a job's view less exact ---===//
//
// Part of Sextant. Three things about an MPI job's ranks that its view
// cannot repair but must say, each as one line among the job's problems
// (summary.txt, and a warning from the adapter or `sextant combine`), while
// every rank's data is kept:
//
//   * ranks measured by different Sextant versions ("sextant_version" of
//     their experiment.json): their files may differ in what they hold;
//   * ranks other than rank 0 whose clocks were synchronised at MPI_Init
//     only (they ended before MPI_Finalize): their timelines get a constant
//     offset, no drift correction;
//   * ranks whose two synchronisations imply that their clock and rank
//     0's drifted apart by more than MaxPlausibleDrift (ClockAlignment.h)
//     and the two points' error bounds explain (a host without an
//     invariant TSC, a clock that jumped): their timelines use the more
//     precise synchronisation alone.
//
// Each rank's entry of the job's experiment.json "ranks" carries what the
// checks need (so that they work on the partials the adapter reduces over
// a tree): "sextant_version" and "clock" (rankClockEntry).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOB_JOBCONSISTENCY_H
#define SEXTANT_FORMAT_JOB_JOBCONSISTENCY_H

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sextant {
namespace format {

/// A rank's "clock" entry from its mpi.json (RankMpi) and its clock's
/// frequency (experiment.json's "clock_ticks_per_second"): null without a
/// clock synchronisation, else "points" (how many), "error_bound_seconds"
/// (the largest of its points) and "drift_ppm" (from two points; null
/// otherwise) with "drift_plausible" (false when the change of the offset
/// between the points exceeds MaxPlausibleDrift over their interval plus
/// both points' error bounds).
nlohmann::json rankClockEntry(const nlohmann::json &RankMpi,
                              double TicksPerSecond);

/// The problems of Entries (the job experiment's "ranks"), one line each.
std::vector<std::string>
jobConsistencyProblems(const std::vector<nlohmann::json> &Entries);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOB_JOBCONSISTENCY_H
