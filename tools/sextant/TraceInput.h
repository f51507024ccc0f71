//===- tools/sextant/TraceInput.h - The traces an export reads --*- C++ -*-===//
//
// Part of Sextant. What every trace export (Chrome, OTF2) reads, in one place:
// the processes of an experiment or of an MPI job's rank-<r>/ directories with
// their trace files and region tables, each process's clock on the job's common
// time base (format/job/ClockAlignment.h), the matching of the messages the
// ranks recorded (format/job/MessageMatching.h), and the replay of one trace
// file through format/schema/TraceDecoder.h with the same warnings for damaged,
// truncated and incomplete files and the same error for an enter of a region
// that regions.json does not have. The exports (and the HTML report's
// timeline) only turn the replayed events into their own format.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_TRACEINPUT_H
#define SEXTANT_TOOLS_TRACEINPUT_H

#include "CommandLine.h"
#include "ExportSelection.h"
#include "ProgressMeter.h"
#include "format/job/ClockAlignment.h"
#include "format/reader/JsonInput.h"
#include "format/schema/ExperimentDescription.h"
#include "format/schema/MetricTraceFormat.h"
#include "format/schema/TraceFileReader.h"

#include <cstdint>
#include <exception>
#include <new>
#include <string>
#include <vector>

namespace sextant {
namespace tool {

/// A trace file of the experiment.
struct TraceFile {
  uint32_t Index = 0; ///< from the name thread-<index>.sxt
  std::string Path;
  uint64_t Size = 0;
};

/// The message of each message record of one trace file, in file order: the
/// index of its matched pair (send and receive), or -1 when unmatched.
using FlowIds = std::vector<int64_t>;

/// One process of an export: a stand-alone experiment, or one rank of a
/// job.
struct Process {
  std::string Directory;
  format::ExperimentMetadata Metadata;
  std::vector<format::RegionRecord> Regions; ///< Regions[I].Id == I + 1
  std::vector<TraceFile> Files;
  int Rank = -1; ///< in a job
  std::string Host;
  /// The clock of the process's traces (from its first readable trace
  /// file) and its alignment on the job's time base.
  bool HaveScale = false;
  format::ClockScale Scale;
  format::ClockSync Sync;
  bool HaveSync = false;
  format::ClockAlignment Clock;
  /// Per trace file (by position in Files): the message of each message
  /// record (job exports only).
  std::vector<FlowIds> Flows;
};

/// The processes an export writes: one, or the readable ranks of a job with
/// their clocks aligned and their messages matched.
struct TraceInput {
  bool Job = false;
  std::vector<Process> Processes;
  uint64_t Ranks = 0;              ///< the job's size (0: not a job)
  std::vector<int> Unsynchronised; ///< ranks on their own time origin
  uint64_t Messages = 0;           ///< matched messages
};

/// Ranks as a list for messages: "1, 3 and 4".
std::string rankList(const std::vector<int> &Ranks);

/// The program's file name.
std::string programName(const format::ExperimentMetadata &Metadata);

/// The ranks of Directory when it is an MPI job's directory to export as
/// one trace (rank-<r>/ directories and no trace/ of its own), else none.
std::vector<int> jobRanks(const std::string &Directory);

/// The bytes of every trace file of Processes (for the progress meter).
uint64_t totalBytes(const std::vector<Process> &Processes);

/// The readable ranks of the MPI job in Directory (Ranks: jobRanks()) with
/// their clocks on the job's time base, the messages not matched (every
/// file's Flows empty), for an analysis that reads the traces once itself.
/// Warns about ranks left out and clocks that cannot be aligned; throws
/// InputError when no rank is readable.
TraceInput readJobProcesses(const std::string &Directory,
                            const std::vector<int> &Ranks);

/// Reads the trace of Directory (an experiment or a job's directory).
/// Problems that leave the rest exportable (a rank without a readable
/// trace, missing ranks, clocks that cannot be aligned, unmatched messages)
/// are warnings; the others throw format::InputError. A job's trace files
/// are read once here for the messages (the first half of Reading's
/// progress); Reading is then ready for the export's pass.
///
/// Only the ranks and threads of Selection are kept (an error names a rank
/// the job does not have or a thread no process has; --ranks of a directory
/// that is not a job's is one too). A job's messages are matched among the
/// selected ranks, over all their threads; the ends whose partner is a rank
/// left out are no unmatched messages (a note says how many there are).
class TraceReading;
TraceInput readTraceInput(const std::string &Directory, TraceReading &Reading,
                          const ExportSelection &Selection = {});

/// The metric samples of File's thread from trace/thread-<index>.metrics
/// (SEXTANT_METRICS); false when the file does not exist. Throws InputError
/// when it is damaged, warns when it is truncated.
bool readThreadMetrics(const TraceFile &File, trace::MetricSamples &Samples);

/// The damaged chunks the reader skipped in one file, reported in one
/// warning.
struct DamageTally {
  uint64_t Chunks = 0; ///< damaged stretches, each at least one chunk
  uint64_t Events = 0; ///< events of those whose count is known
  bool EventsUnknown = false;
  std::string First; ///< the reader's description of the first

  void add(const trace::DamagedChunk &Damage, const std::string &Message);
  std::string describe() const;
};

/// Error for an enter of a region that is not in P's regions.json.
format::InputError unknownRegionError(const Process &P, const TraceFile &File,
                                      const trace::Chunk &Chunk,
                                      uint32_t Region);

/// Passes the replayed events on to Handler and notes the first enter of a
/// region that P's regions.json does not have (ids 1 to P.Regions.size()),
/// so that every export rejects it alike (TraceReading::replay).
template <typename Handler> class KnownRegionCheck {
public:
  KnownRegionCheck(Handler &H, size_t Regions) : H(H), Regions(Regions) {}
  void enter(uint32_t Region, uint64_t Ticks) {
    if (Region > Regions && Unknown == 0)
      Unknown = Region;
    H.enter(Region, Ticks);
  }
  void exit(uint32_t Region, uint64_t Ticks) { H.exit(Region, Ticks); }
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    trace::detail::passRecord(H, Record, Ticks, 0);
  }
  /// The first unknown region entered, or 0.
  uint32_t unknown() const { return Unknown; }

private:
  Handler &H;
  size_t Regions;
  uint32_t Unknown = 0;
};

/// Reads the trace files of processes, with progress and warnings.
class TraceReading {
public:
  explicit TraceReading(bool ShowProgress)
      : Meter(runningCommand(), ShowProgress ? ProgressMeter::Mode::On
                                             : ProgressMeter::Mode::Off) {}

  /// The bytes the whole export reads, for the progress.
  void setTotal(uint64_t Bytes) { TotalBytes = Bytes; }
  /// Bytes one more pass reads (the Chrome export's estimate).
  void addToTotal(uint64_t Bytes) { TotalBytes += Bytes; }

  /// Replays the File of P into H, which has enter(), exit(), optionally
  /// record() (format/schema/TraceDecoder.h) and
  ///   void afterChunk(const Process &, const TraceFile &,
  ///                   const trace::Chunk &);
  /// With Report, the problems are reported (warnings; InputError for fatal
  /// ones, among them the enter of a region that P's regions.json does not
  /// have); without, the file is read quietly (the other pass reports).
  /// Returns false when the file was skipped.
  template <typename Handler>
  bool replay(const Process &P, const TraceFile &File, Handler &H,
              bool Report) {
    trace::TraceFileReader Reader;
    if (!openFile(P, File, Reader, Report))
      return false;
    trace::EventReplayer Replayer;
    KnownRegionCheck<Handler> Checked(H, P.Regions.size());
    trace::Chunk Chunk;
    std::string Message;
    bool Truncated = false;
    DamageTally Damage;
    for (;;) {
      trace::TraceFileReader::Status Status = Reader.next(Chunk, Message);
      if (Status == trace::TraceFileReader::Status::End)
        break;
      if (Status == trace::TraceFileReader::Status::Truncated) {
        if (Report)
          warnRunningCommand(File.Path + ": " + Message +
                             "; the events before it are exported");
        Truncated = true;
        break;
      }
      if (Status == trace::TraceFileReader::Status::Skipped) {
        Damage.add(Reader.damage(), Message);
        continue;
      }
      if (Status == trace::TraceFileReader::Status::Damaged)
        throw format::InputError(File.Path + ": " + Message);
      if (!Replayer.replay(Chunk, Checked, Message))
        throw format::InputError(File.Path + ": " + Message);
      if (Checked.unknown() != 0)
        throw unknownRegionError(P, File, Chunk, Checked.unknown());
      H.afterChunk(P, File, Chunk);
      Meter.update("converting " + File.Path, BytesDone + Reader.offset(),
                   TotalBytes, true);
    }
    size_t Open = Replayer.depth();
    Replayer.closeAll(H);
    if (Report)
      reportFile(File, Open, Truncated, Damage, Replayer.lostChunks());
    BytesDone += File.Size;
    return true;
  }

  /// Ends the reading: the number of damaged files among Files, progress
  /// finished.
  void finish(size_t Files);

private:
  bool openFile(const Process &P, const TraceFile &File,
                trace::TraceFileReader &Reader, bool Report);
  void reportFile(const TraceFile &File, size_t Open, bool Truncated,
                  const DamageTally &Damage, uint64_t LostChunks);

  ProgressMeter Meter;
  uint64_t TotalBytes = 0;
  uint64_t BytesDone = 0;
  uint64_t DamagedFiles = 0;
};

/// Runs an export's Body; false with the message in Error when it throws
/// (InputError: its message; otherwise named after ExperimentDir).
template <typename Body>
bool catchExportErrors(const std::string &ExperimentDir, std::string &Error,
                       Body &&Run) {
  try {
    Run();
    return true;
  } catch (const format::InputError &Problem) {
    Error = Problem.what();
  } catch (const std::bad_alloc &) {
    Error = "out of memory while exporting the trace of " + ExperimentDir;
  } catch (const std::exception &Problem) {
    Error = ExperimentDir + ": " + Problem.what();
  }
  return false;
}

/// The name of a thread from its file's header (without the OS thread id,
/// which viewers show anyway), or "thread <index>".
std::string threadName(const TraceFile &File);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_TRACEINPUT_H
