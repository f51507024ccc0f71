//===- format/ExperimentSchema.h - The experiment's files -----*- C++ -*-===//
//
// Part of Sextant. The one definition of what an experiment directory holds
// (docs/output-formats.md): the names of its files, the "format" string and
// the layout versions of its JSON files with the oldest version a reader
// still understands, the JSON keys the writer and the reader share, and the
// frame types of a call-path node. The runtime writes with these names and
// the `sextant` tool reads with them.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_EXPERIMENTSCHEMA_H
#define SEXTANT_FORMAT_EXPERIMENTSCHEMA_H

#include <cstdint>

namespace sextant {
namespace format {

/// The files and folders of an experiment directory.
namespace files {
constexpr char Experiment[] = "experiment.json";
constexpr char Regions[] = "regions.json";
constexpr char Profile[] = "profile.json";
constexpr char ThreadProfiles[] = "profile-threads.json";
constexpr char Folded[] = "profile.folded";
constexpr char Summary[] = "summary.txt";
constexpr char Configuration[] = "config.txt";
constexpr char Mpi[] = "mpi.json";
/// The folder of the trace files (trace/thread-<index>.sxt, TraceFormat.h,
/// and trace/thread-<index>.metrics, MetricTraceFormat.h).
constexpr char TraceDirectory[] = "trace";
} // namespace files

/// A JSON file's "format" member and the versions of its layout: the one
/// written, and the oldest one this reader still reads.
struct JsonFileFormat {
  const char *Name;
  uint64_t Version;
  uint64_t MinimumReadableVersion;
};

constexpr JsonFileFormat ExperimentFormat{"sextant-experiment", 1, 1};
constexpr JsonFileFormat RegionsFormat{"sextant-regions", 1, 1};
constexpr JsonFileFormat ThreadProfilesFormat{"sextant-thread-profiles", 1, 1};

/// Keys shared by writer and reader.
namespace keys {
// The top level of experiment.json, regions.json, profile-threads.json.
constexpr char Format[] = "format";
constexpr char FormatVersion[] = "format_version";
// A call-path node of profile.json and profile-threads.json.
constexpr char Frame[] = "frame";
constexpr char Name[] = "name";
constexpr char Type[] = "type";
constexpr char Metrics[] = "metrics";
constexpr char InclusiveTime[] = "time (inc)";
constexpr char ExclusiveTime[] = "time";
constexpr char Visits[] = "visits";
constexpr char Attributes[] = "attributes";
constexpr char File[] = "file";
constexpr char Line[] = "line";
constexpr char Module[] = "module";
constexpr char Mangled[] = "mangled";
constexpr char RegionId[] = "region_id";
constexpr char Children[] = "children";
/// Appended to a metric's name for its inclusive value, e.g.
/// "perf::PAGE-FAULTS (inc)".
constexpr char InclusiveSuffix[] = " (inc)";
// profile-threads.json.
constexpr char MaxSeparateThreads[] = "max_separate_threads";
constexpr char ThreadsBeyondBound[] = "threads_beyond_bound";
constexpr char Threads[] = "threads";
constexpr char Index[] = "index";
constexpr char Tid[] = "tid";
constexpr char MergedThreads[] = "merged_threads";
constexpr char Roots[] = "roots";
} // namespace keys

/// frame.type of a call-path node: what kind of region it is.
enum class FrameType { Function, OpenMP, Mpi };

/// The spelling of Type in profile.json: "function", "openmp", "mpi".
constexpr const char *frameTypeName(FrameType Type) {
  return Type == FrameType::Mpi      ? "mpi"
         : Type == FrameType::OpenMP ? "openmp"
                                     : "function";
}

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_EXPERIMENTSCHEMA_H
