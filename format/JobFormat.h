//===- format/JobFormat.h - An MPI job's file names and keys ----*- C++ -*-===//
//
// Part of Sextant. The constants of an MPI job's experiment directory that
// the cross-rank merge (format/CrossRank*, format/Job*) and the MPI adapter
// share: the format names and versions, the file and rank-directory names,
// the profile metrics the merge combines with the suffixes of their
// cross-rank statistics, and the keys of a rank's traffic and MPI function
// entries in mpi.json. docs/output-formats.md documents every field.
//
// Meant to be folded into format/ExperimentSchema.h (the single home of the
// experiment's keys and versions) when both exist on one branch.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_JOBFORMAT_H
#define SEXTANT_FORMAT_JOBFORMAT_H

#include <cstddef>
#include <string>

namespace sextant {
namespace format {
namespace job {

/// The format_version written when an input file does not name its own.
constexpr int FormatVersion = 1;

constexpr const char ExperimentFormat[] = "sextant-experiment";
constexpr const char RegionsFormat[] = "sextant-regions";
/// A rank's rank-<r>/mpi.json and the job's mpi.json.
constexpr const char RankMpiFormat[] = "sextant-mpi";
constexpr const char JobMpiFormat[] = "sextant-mpi-job";

/// The files of a rank's directory the merge reads, and of the job's view.
constexpr const char ProfileFile[] = "profile.json";
constexpr const char RegionsFile[] = "regions.json";
constexpr const char ExperimentFile[] = "experiment.json";
constexpr const char MpiFile[] = "mpi.json";
constexpr const char SummaryFile[] = "summary.txt";

/// A rank's own experiment: "rank-<r>" in the job's directory.
constexpr const char RankDirectoryPrefix[] = "rank-";
inline std::string rankDirectoryName(int Rank) {
  return RankDirectoryPrefix + std::to_string(Rank);
}

/// The metrics of a profile node the merge combines, in profile.json order.
enum ProfileMetric : size_t { InclusiveTime, ExclusiveTime, Visits };
constexpr size_t ProfileMetricCount = 3;
constexpr const char *ProfileMetricNames[ProfileMetricCount] = {
    "time (inc)", "time", "visits"};

/// "<metric> (min)", "(mean)", "(max)" over all ranks of the job.
constexpr const char MinSuffix[] = " (min)";
constexpr const char MeanSuffix[] = " (mean)";
constexpr const char MaxSuffix[] = " (max)";
/// "<metric> [rank <r>]": one rank's value.
inline std::string rankMetricName(const std::string &Metric, int Rank) {
  return Metric + " [rank " + std::to_string(Rank) + "]";
}

/// The counters of one partner in a rank's "point_to_point" and
/// "one_sided" lists, and the fields of the job's matrices.
constexpr const char PartnerKey[] = "partner";
constexpr size_t TrafficFieldCount = 4;
constexpr const char *TrafficFields[TrafficFieldCount] = {
    "messages_sent", "bytes_sent", "messages_received", "bytes_received"};

/// The counters of one MPI function in mpi.json's "functions".
constexpr size_t FunctionFieldCount = 4;
constexpr const char *FunctionFields[FunctionFieldCount] = {
    "calls", "bytes_sent", "bytes_received", "root_calls"};

} // namespace job
} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_JOBFORMAT_H
