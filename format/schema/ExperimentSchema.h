//===- format/schema/ExperimentSchema.h - The experiment's files ----------===//
//
// Part of Sextant. The one definition of what an experiment directory holds
// (docs/output-formats.md): the names of its files, the "format" string and
// the layout versions of its JSON files with the oldest version a reader
// still understands, the JSON keys the writer and the reader share (of
// experiment.json and regions.json besides those of the call-path nodes),
// the frame types of a call-path node, and the names and keys of an MPI
// job's combined view. The runtime, the MPI adapter and the `sextant` tool
// write and read with these names.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_SCHEMA_EXPERIMENTSCHEMA_H
#define SEXTANT_FORMAT_SCHEMA_EXPERIMENTSCHEMA_H

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

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
/// The calls and traffic of a library measured by a generated wrapper
/// (include/sextant/wrapper_abi.h): "library-<name>.json", in a rank's
/// experiment and in the job's combined view.
constexpr char LibraryPrefix[] = "library-";
constexpr char LibrarySuffix[] = ".json";
inline std::string libraryFileName(const std::string &Library) {
  return LibraryPrefix + Library + LibrarySuffix;
}
/// An MPI job's cross-rank statistics per call path of its profile.json.
constexpr char ProfileRanks[] = "profile-ranks.json";
/// The folder of the trace files (trace/thread-<index>.sxt, TraceFormat.h,
/// and trace/thread-<index>.metrics, MetricTraceFormat.h).
constexpr char TraceDirectory[] = "trace";
/// The per-thread files in it: "thread-<index>" + TraceFileSuffix, and
/// "thread-<index>" + MetricSamplesFileSuffix.
constexpr char ThreadFilePrefix[] = "thread-";
/// The room a tracing run keeps in trace/ for its final files (deleted
/// before they are written; runtime/trace/SpaceReserve.h).
constexpr char SpaceReserve[] = ".reserve";
constexpr char TraceFileSuffix[] = ".sxt";
constexpr char MetricSamplesFileSuffix[] = ".metrics";
inline std::string threadFileName(uint32_t Index, const char *Suffix) {
  return ThreadFilePrefix + std::to_string(Index) + Suffix;
}
/// An MPI job's directory holds each rank's experiment in "rank-<r>/" and
/// the job's combined view beside them.
constexpr char RankDirectoryPrefix[] = "rank-";
inline std::string rankDirectoryName(int Rank) {
  return RankDirectoryPrefix + std::to_string(Rank);
}
/// A program as named in directory names: the last component of Program (a
/// path or argv[0]) with every character other than letters, digits, '.',
/// '_', '+' and '-' replaced by '_'; "program" when empty.
inline std::string programFileName(std::string Program) {
  while (!Program.empty() && Program.back() == '/')
    Program.pop_back();
  size_t Slash = Program.rfind('/');
  if (Slash != std::string::npos)
    Program.erase(0, Slash + 1);
  if (Program.empty())
    return "program";
  for (char &C : Program)
    if (!((C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
          (C >= '0' && C <= '9') || C == '.' || C == '_' || C == '+' ||
          C == '-'))
      C = '_';
  return Program;
}
/// The sub-directory "<program>-<pid>" a run of Program by process Pid
/// writes into when another run claimed the directory it was given.
inline std::string runDirectoryName(const std::string &Program, long Pid) {
  return programFileName(Program) + "-" + std::to_string(Pid);
}
/// The claim of an experiment directory by one process, created with
/// O_EXCL before its first file: "pid <pid>\nprogram <name>\n". A
/// directory that holds it (or experiment.json) belongs to that run; another
/// process writes into its sub-directory "<program>-<pid>" instead
/// (docs/output-formats.md).
constexpr char RunClaim[] = ".sextant-run";
inline std::string renderRunClaim(long Pid, const std::string &Program) {
  return "pid " + std::to_string(Pid) + "\nprogram " + Program + "\n";
}
/// The pid and program of a claim's text; false when it is not one.
inline bool parseRunClaim(const std::string &Text, long &Pid,
                          std::string &Program) {
  size_t Line = Text.find('\n');
  if (Text.compare(0, 4, "pid ") != 0 || Line == std::string::npos ||
      Text.compare(Line + 1, 8, "program ") != 0)
    return false;
  char *End = nullptr;
  Pid = std::strtol(Text.c_str() + 4, &End, 10);
  size_t ProgramEnd = Text.find('\n', Line + 9);
  Program = Text.substr(Line + 9, ProgramEnd == std::string::npos
                                      ? std::string::npos
                                      : ProgramEnd - Line - 9);
  return End == Text.c_str() + Line && Pid > 0;
}
/// The claim of a job's base directory by the processes of one job that
/// have no MPI adapter to agree on it (a wrapped library placed them,
/// runtime/wrapped/JobBaseDirectory.h): "job <id>\ncreated <ns>\n", the
/// launcher's job identity and the creation time in nanoseconds since the
/// epoch. Created complete (linked from a temporary file).
constexpr char JobClaim[] = ".sextant-job";
inline std::string renderJobClaim(const std::string &JobId,
                                  long long CreatedNs) {
  return "job " + JobId + "\ncreated " + std::to_string(CreatedNs) + "\n";
}
/// The job and the creation time of a job claim's text; false when it is
/// not one.
inline bool parseJobClaim(const std::string &Text, std::string &JobId,
                          long long &CreatedNs) {
  size_t Line = Text.find('\n');
  if (Text.compare(0, 4, "job ") != 0 || Line == std::string::npos ||
      Text.compare(Line + 1, 8, "created ") != 0)
    return false;
  JobId = Text.substr(4, Line - 4);
  char *End = nullptr;
  CreatedNs = std::strtoll(Text.c_str() + Line + 9, &End, 10);
  return End != Text.c_str() + Line + 9 && *End == '\n';
}
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
/// A rank's mpi.json (written by the MPI adapter) and the job's mpi.json.
constexpr JsonFileFormat MpiFormat{"sextant-mpi", 2, 1};
/// Version 2: the matrices list per rank its partners with traffic (version
/// 1: dense ranks x ranks tables per field).
constexpr JsonFileFormat JobMpiFormat{"sextant-mpi-job", 2, 2};
/// A process's library-<name>.json (runtime/wrapped) and the job's.
constexpr JsonFileFormat LibraryFormat{"sextant-library", 1, 1};
constexpr JsonFileFormat JobLibraryFormat{"sextant-library-job", 1, 1};
/// The job's profile-ranks.json.
constexpr JsonFileFormat ProfileRanksFormat{"sextant-profile-ranks", 1, 1};

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
/// The node's position in depth-first order in the job's profile.json, the
/// key of its entry in profile-ranks.json.
constexpr char NodeId[] = "node_id";
/// The number of ranks that ran a call path of the job's profile.json.
constexpr char Ranks[] = "ranks";
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

/// The members of experiment.json (ExperimentDescription.h).
namespace experiment_keys {
constexpr char SextantVersion[] = "sextant_version";
constexpr char Program[] = "program";
constexpr char Arguments[] = "arguments";
constexpr char Pid[] = "pid";
constexpr char Hostname[] = "hostname";
constexpr char WorkingDirectory[] = "working_directory";
constexpr char OutputDirectory[] = "output_directory";
constexpr char StartTime[] = "start_time";
constexpr char EndTime[] = "end_time";
constexpr char WallSeconds[] = "wall_time_seconds";
constexpr char Clock[] = "clock";
constexpr char ClockTicksPerSecond[] = "clock_ticks_per_second";
constexpr char ClockCalibration[] = "clock_calibration";
constexpr char EventPairCost[] = "event_pair_cost_seconds";
constexpr char Enabled[] = "enabled";
constexpr char Instrumentation[] = "instrumentation";
constexpr char Threads[] = "threads";
constexpr char ThreadsNotMerged[] = "threads_not_merged";
constexpr char RegionsRegistered[] = "regions_registered";
constexpr char RegionsFiltered[] = "regions_filtered";
constexpr char RegionsRejected[] = "regions_rejected_abi_mismatch";
constexpr char RegionsThrottled[] = "regions_throttled";
constexpr char Throttle[] = "throttle";
constexpr char MinVisits[] = "min_visits";
constexpr char MaxMeanVisitNs[] = "max_mean_visit_ns";
constexpr char Pauses[] = "pauses";
constexpr char PausedAtEnd[] = "paused_at_end";
constexpr char UserRegionsEndedImplicitly[] = "user_regions_ended_implicitly";
constexpr char Repairs[] = "repairs";
constexpr char ExitsRepaired[] = "exits_repaired";
constexpr char ExitsIgnored[] = "exits_ignored";
constexpr char FramesOpenAtEnd[] = "frames_open_at_end";
constexpr char RuntimeFilter[] = "runtime_filter";
constexpr char RuntimeFilterLoaded[] = "runtime_filter_loaded";
constexpr char EndedBySignal[] = "ended_by_signal";
constexpr char SnapshotSeconds[] = "snapshot_seconds";
constexpr char ForkedFromPid[] = "forked_from_pid";
constexpr char MpiRank[] = "mpi_rank";
constexpr char MpiRanks[] = "mpi_ranks";
constexpr char Combined[] = "combined";
constexpr char AdapterFiles[] = "adapter_files";
// "mpi_measurement_seconds" (a job's view written at MPI_Finalize).
constexpr char MpiMeasurementSeconds[] = "mpi_measurement_seconds";
constexpr char InitSetup[] = "init_setup";
constexpr char FinalizeSync[] = "finalize_sync";
constexpr char RankWrite[] = "rank_write";
constexpr char JobCombine[] = "job_combine";
// "trace".
constexpr char Trace[] = "trace";
constexpr char Directory[] = "directory";
constexpr char BufferSize[] = "buffer_size_bytes";
constexpr char Files[] = "files";
constexpr char ChunksWritten[] = "chunks_written";
constexpr char EventsWritten[] = "events_written";
constexpr char BytesWritten[] = "bytes_written";
constexpr char BytesPerEvent[] = "bytes_per_event";
constexpr char ChunksDropped[] = "chunks_dropped";
constexpr char EventsDropped[] = "events_dropped";
constexpr char ThreadsWithoutTrace[] = "threads_without_trace";
constexpr char WriteError[] = "write_error";
// "metrics".
constexpr char Metrics[] = "metrics";
constexpr char Requested[] = "requested";
constexpr char Measured[] = "measured";
constexpr char Derived[] = "derived";
constexpr char Unavailable[] = "unavailable";
constexpr char Unit[] = "unit";
constexpr char Accumulation[] = "accumulation";
constexpr char Reason[] = "reason";
constexpr char Multiplexed[] = "multiplexed";
constexpr char EventsLost[] = "events_lost";
constexpr char ThreadsWithoutSources[] = "threads_without_every_source";
constexpr char TraceSamplesWritten[] = "trace_samples_written";
constexpr char TraceSamplesDropped[] = "trace_samples_dropped";
} // namespace experiment_keys

/// The members of a region of regions.json (ExperimentDescription.h).
namespace region_keys {
constexpr char Regions[] = "regions";
constexpr char Id[] = "id";
constexpr char Mangled[] = "mangled";
constexpr char BeginLine[] = "begin_line";
constexpr char EndLine[] = "end_line";
constexpr char Flags[] = "flags";
constexpr char DebugInfo[] = "debug_info";
constexpr char MayUnwind[] = "may_unwind";
constexpr char Demangled[] = "demangled";
constexpr char User[] = "user";
constexpr char OpenMP[] = "openmp";
constexpr char Mpi[] = "mpi";
constexpr char Library[] = "library";
constexpr char Filtered[] = "filtered";
constexpr char FilterReason[] = "filter_reason";
constexpr char FilterRule[] = "filter_rule";
constexpr char Column[] = "column";
constexpr char Rule[] = "rule";
constexpr char Pattern[] = "pattern";
constexpr char Throttled[] = "throttled";
constexpr char AfterSeconds[] = "after_seconds";
constexpr char MeanVisitSeconds[] = "mean_visit_seconds";
} // namespace region_keys

/// The modes of experiment.json "instrumentation": the ways the program's
/// code called the runtime during the run, in this order.
namespace instrumentation_modes {
/// Code instrumented by Sextant's LLVM plugin (__sextant_region_register,
/// include/sextant/instrumentation_abi.h).
constexpr char Plugin[] = "plugin";
/// Code compiled with -finstrument-functions (GCC's mode, the wrappers'
/// with GCC): the hooks __cyg_profile_func_enter/exit.
constexpr char FinstrumentFunctions[] = "finstrument-functions";
/// The user API (sextant_region_begin/end, include/sextant/sextant.h).
constexpr char UserApi[] = "api";
} // namespace instrumentation_modes

/// experiment.json metrics.measured[].accumulation (MetricAccumulation).
constexpr char AccumulationSum[] = "sum";
constexpr char AccumulationMaximum[] = "maximum";

/// frame.type of a call-path node: what kind of region it is.
enum class FrameType { Function, OpenMP, Mpi, Library };

/// The spelling of Type in profile.json: "function", "openmp", "mpi",
/// "library" (a function of a wrapped library, wrapper_abi.h).
constexpr const char *frameTypeName(FrameType Type) {
  return Type == FrameType::Mpi       ? "mpi"
         : Type == FrameType::OpenMP  ? "openmp"
         : Type == FrameType::Library ? "library"
                                      : "function";
}

/// The keys of an MPI job's combined view (format/CrossRank*, format/Job*)
/// and of the per-rank mpi.json the MPI adapter writes.
namespace job_keys {
/// The cross-rank statistics of one metric of one call path in
/// profile-ranks.json, over all ranks of the job.
constexpr char Min[] = "min";
constexpr char Mean[] = "mean";
constexpr char Max[] = "max";
/// Max / mean; null when the mean is 0.
constexpr char Imbalance[] = "imbalance";
constexpr char MinRank[] = "min_rank";
constexpr char MaxRank[] = "max_rank";
/// The other members of profile-ranks.json and of its nodes.
constexpr char RanksRead[] = "ranks_read";
constexpr char MetricNames[] = "metrics";
constexpr char Nodes[] = "nodes";
constexpr char ParentId[] = "parent_id";
/// The counters of one partner in a rank's "point_to_point" and
/// "one_sided" lists, and the fields of the job's matrices.
constexpr char Partner[] = "partner";
constexpr size_t TrafficFieldCount = 4;
constexpr const char *TrafficFields[TrafficFieldCount] = {
    "messages_sent", "bytes_sent", "messages_received", "bytes_received"};
/// The counters of one MPI function in mpi.json's "functions".
constexpr size_t FunctionFieldCount = 4;
constexpr const char *FunctionFields[FunctionFieldCount] = {
    "calls", "bytes_sent", "bytes_received", "root_calls"};
} // namespace job_keys

/// The members of library-<name>.json, a process's and the job's
/// (LibraryCalls.h, JobLibrary.h); a partner's traffic uses
/// job_keys::Partner and job_keys::TrafficFields.
namespace library_keys {
constexpr char Library[] = "library";
constexpr char Rank[] = "rank";
constexpr char Ranks[] = "ranks";
constexpr char RanksRead[] = "ranks_read";
constexpr char Functions[] = "functions";
constexpr char Name[] = "name";
constexpr char Traffic[] = "traffic";
constexpr char PeersOutOfRange[] = "peers_out_of_range";
/// The counters of one function.
constexpr size_t FunctionFieldCount = 3;
constexpr const char *FunctionFields[FunctionFieldCount] = {"calls", "bytes",
                                                            "collective_calls"};
} // namespace library_keys

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_SCHEMA_EXPERIMENTSCHEMA_H
