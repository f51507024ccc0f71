//===- tools/sextant/TraceInput.cpp - The traces an export reads ----------===//
//
// Part of Sextant. Reading an experiment's or a job's traces for the
// exports: the processes, their clocks on the common time base, the
// matched messages (a first pass over a job's trace files), and the
// warnings about damaged input, worded the same for every export.
//
//===----------------------------------------------------------------------===//

#include "TraceInput.h"

#include "format/job/JobDirectory.h"
#include "format/job/JobRanks.h"
#include "format/job/MessageMatching.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>

namespace sextant {
namespace tool {

using namespace format;

namespace {

std::string joinPath(const std::string &Directory, const std::string &Name) {
  if (!Directory.empty() && Directory.back() == '/')
    return Directory + Name;
  return Directory + "/" + Name;
}

/// The index of a file named thread-<digits>.sxt, or false.
bool traceFileIndex(const char *Name, uint32_t &Index) {
  const char *Prefix = format::files::ThreadFilePrefix;
  const char *Suffix = format::files::TraceFileSuffix;
  size_t Length = std::strlen(Name);
  size_t PrefixLength = std::strlen(Prefix), SuffixLength = std::strlen(Suffix);
  if (Length <= PrefixLength + SuffixLength ||
      std::strncmp(Name, Prefix, PrefixLength) != 0 ||
      std::strcmp(Name + Length - SuffixLength, Suffix) != 0)
    return false;
  uint64_t Value = 0;
  for (size_t I = PrefixLength; I < Length - SuffixLength; ++I) {
    if (Name[I] < '0' || Name[I] > '9' || Value > UINT32_MAX / 10)
      return false;
    Value = Value * 10 + static_cast<uint64_t>(Name[I] - '0');
  }
  if (Value > UINT32_MAX)
    return false;
  Index = static_cast<uint32_t>(Value);
  return true;
}

/// Lists trace/thread-*.sxt of Directory, by index.
std::vector<TraceFile> listTraceFiles(const std::string &TraceDirectory) {
  std::vector<TraceFile> Files;
  DIR *Listing = ::opendir(TraceDirectory.c_str());
  if (!Listing)
    throw InputError(TraceDirectory + ": " + std::strerror(errno));
  while (dirent *Entry = ::readdir(Listing)) {
    TraceFile File;
    if (!traceFileIndex(Entry->d_name, File.Index))
      continue;
    File.Path = joinPath(TraceDirectory, Entry->d_name);
    struct stat Status;
    if (::stat(File.Path.c_str(), &Status) == 0 && S_ISREG(Status.st_mode))
      File.Size = static_cast<uint64_t>(Status.st_size);
    Files.push_back(std::move(File));
  }
  ::closedir(Listing);
  std::sort(
      Files.begin(), Files.end(),
      [](const TraceFile &A, const TraceFile &B) { return A.Index < B.Index; });
  return Files;
}

/// The number of trace files experiment.json lists; throws InputError when
/// the run was not traced.
uint64_t tracedFiles(const std::string &Directory) {
  std::string Path = joinPath(Directory, files::Experiment);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  if (!Top.has("trace") || Top.member("trace", "").isNull())
    throw InputError(Path + ": the run was not traced (\"trace\" is " +
                     (Top.has("trace") ? "null" : "missing") +
                     "); run the program with SEXTANT_TRACE=1");
  JsonValue Trace = Top.member("trace", "an object");
  Trace.expectObject();
  return Trace.member("files", "the number of trace files").asUnsigned();
}

/// Reads what Directory's trace needs besides the trace files.
Process readProcess(const std::string &Directory) {
  Process P;
  P.Directory = Directory;
  std::string Error;
  if (!readExperimentMetadata(Directory, P.Metadata, Error))
    throw InputError(Error);
  uint64_t FilesWritten = tracedFiles(Directory);
  if (!readRegionTable(Directory, P.Regions, Error))
    throw InputError(Error);
  std::string TraceDirectory = joinPath(Directory, files::TraceDirectory);
  struct stat Status;
  // A run whose threads recorded nothing (or could write nothing) has no
  // trace directory.
  if (FilesWritten != 0 || ::stat(TraceDirectory.c_str(), &Status) == 0)
    P.Files = listTraceFiles(TraceDirectory);
  if (P.Files.size() < FilesWritten)
    throw InputError(TraceDirectory + ": " + std::to_string(P.Files.size()) +
                     " trace file(s), but experiment.json says " +
                     std::to_string(FilesWritten) + " were written");
  P.Host = P.Metadata.Hostname;
  P.Flows.resize(P.Files.size());
  // The clock of the process: every trace file has the same.
  for (const TraceFile &File : P.Files) {
    trace::TraceFileReader Reader;
    if (Reader.open(File.Path, Error)) {
      P.Scale.OriginTicks = Reader.header().OriginTicks;
      P.Scale.TicksPerSecond = Reader.header().TicksPerSecond;
      P.HaveScale = true;
      break;
    }
  }
  P.Clock = ClockAlignment(P.Scale);
  return P;
}

/// Reads rank Rank's mpi.json: its host and clock synchronisation.
void readRankMpi(Process &P) {
  std::string Path = joinPath(P.Directory, "mpi.json");
  nlohmann::json Document;
  try {
    Document = loadJsonFile(Path);
  } catch (const InputError &) {
    return; // no synchronisation: reported with the others
  }
  if (Document.is_object() &&
      Document.value("hostname", nlohmann::json()).is_string())
    P.Host = Document["hostname"].get<std::string>();
  std::string Ignored;
  P.HaveSync =
      readClockSync(Document, P.Sync, Ignored) && !P.Sync.Points.empty();
}

/// Collects the message records of one thread (the first pass of a job).
struct MessageCollector {
  const Process &P;
  size_t FileIndex;
  std::vector<MessageEnd> &Sends, &Receives;
  /// Where each end came from: process, file, record number.
  std::vector<std::array<size_t, 3>> &SendOrigins, &ReceiveOrigins;
  size_t ProcessIndex;
  const ExportSelection &Selection;
  size_t Messages = 0;
  uint64_t Outside = 0; ///< ends whose partner is a rank left out

  void enter(uint32_t, uint64_t) {}
  void exit(uint32_t, uint64_t) {}
  void afterChunk(const Process &, const TraceFile &, const trace::Chunk &) {}
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    bool Send = Record.Type == uint32_t(trace::RecordType::MessageSent);
    if (!Send && Record.Type != uint32_t(trace::RecordType::MessageReceived))
      return;
    size_t Number = Messages++;
    MessageEnd End;
    End.Rank = P.Rank;
    End.Communicator = Record.field(0);
    End.Partner = static_cast<int>(int64_t(Record.field(1)) - 1);
    if (!Selection.rankSelected(End.Partner)) {
      ++Outside;
      return;
    }
    End.Tag = Record.field(2);
    End.Bytes = Record.field(3);
    End.Time = P.Clock.nanoseconds(Ticks);
    (Send ? Sends : Receives).push_back(End);
    (Send ? SendOrigins : ReceiveOrigins)
        .push_back({ProcessIndex, FileIndex, Number});
  }
};

/// Reads the readable ranks of a job into In; warns about the others.
void readRanks(const std::string &Directory, const std::vector<int> &Ranks,
               TraceInput &In) {
  for (int Rank : Ranks) {
    std::string RankDirectory =
        joinPath(Directory, files::rankDirectoryName(Rank));
    try {
      Process P = readProcess(RankDirectory);
      P.Rank = Rank;
      readRankMpi(P);
      In.Processes.push_back(std::move(P));
    } catch (const InputError &Problem) {
      warnRunningCommand(std::string(Problem.what()) + "; rank " +
                         std::to_string(Rank) + " is left out");
    }
  }
  // The job's size from the ranks' experiment.json, checked against the
  // directories (format/job/JobRanks.h): stray ranks are left out.
  std::vector<format::RankClaim> Claims;
  for (int Rank : Ranks) {
    auto Read = std::find_if(In.Processes.begin(), In.Processes.end(),
                             [&](const Process &P) { return P.Rank == Rank; });
    Claims.push_back({Rank, Read != In.Processes.end()
                                ? Read->Metadata.MpiRanks.value_or(0)
                                : 0});
  }
  format::JobRanks Job = format::chooseJobRanks(Claims);
  for (const std::string &Problem : Job.Problems)
    warnRunningCommand(Directory + ": " + Problem);
  In.Processes.erase(std::remove_if(In.Processes.begin(), In.Processes.end(),
                                    [&](const Process &P) {
                                      return !std::binary_search(
                                          Job.Ranks.begin(), Job.Ranks.end(),
                                          P.Rank);
                                    }),
                     In.Processes.end());
  if (In.Processes.empty())
    throw InputError(Directory + ": no rank has a readable trace");
  In.Ranks = static_cast<uint64_t>(Job.RankCount);
  std::vector<int> Missing;
  for (uint64_t Rank = 0; Rank < In.Ranks; ++Rank)
    if (!std::binary_search(Ranks.begin(), Ranks.end(), int(Rank)))
      Missing.push_back(static_cast<int>(Rank));
  if (!Missing.empty())
    warnRunningCommand(
        Directory + ": rank(s) " + rankList(Missing) + " of " +
        std::to_string(In.Ranks) +
        " have no rank-<r>/ directory; the other ranks are exported");
}

/// Puts every rank on the common time base: rank 0's clock, from each
/// rank's synchronisation.
void alignClocks(TraceInput &In) {
  const Process *Reference = nullptr;
  for (const Process &P : In.Processes)
    if (P.Rank == 0 && P.HaveScale)
      Reference = &P;
  std::vector<int> InitOnly, Imprecise;
  for (Process &P : In.Processes) {
    if (!Reference || !P.HaveSync || !P.HaveScale) {
      In.Unsynchronised.push_back(P.Rank);
      continue;
    }
    P.Clock = ClockAlignment::fromSync(P.Sync, P.Scale, Reference->Scale);
    if (P.Clock.driftRejected())
      Imprecise.push_back(P.Rank);
    else if (P.Clock.points() < 2 && P.Rank != 0)
      InitOnly.push_back(P.Rank);
  }
  if (!In.Unsynchronised.empty())
    warnRunningCommand(
        "rank(s) " + rankList(In.Unsynchronised) +
        (Reference ? " have no clock synchronisation in their mpi.json (an "
                     "older Sextant, or no MPI adapter)"
                   : " cannot be aligned: rank 0 has no readable trace") +
        "; their events are on their own time origins, so the ranks' "
        "timelines do not line up");
  if (!InitOnly.empty())
    warnRunningCommand(
        "rank(s) " + rankList(InitOnly) +
        " did not synchronise their clocks at MPI_Finalize; their "
        "offset from MPI_Init is used without drift correction");
  if (!Imprecise.empty())
    warnRunningCommand(
        "the clock synchronisations of rank(s) " + rankList(Imprecise) +
        " at MPI_Init and MPI_Finalize disagree by more than a "
        "clock's drift (a slow ping-pong, e.g. on an oversubscribed "
        "host); the one with the smaller round trip is used, without "
        "drift correction");
}

/// The first pass over a job's traces: the messages, and which send each
/// receive matches (Process::Flows).
void matchJobMessages(TraceInput &In, TraceReading &Reading,
                      const ExportSelection &Selection) {
  std::vector<Process> &Processes = In.Processes;
  std::vector<MessageEnd> Sends, Receives;
  std::vector<std::array<size_t, 3>> SendOrigins, ReceiveOrigins;
  uint64_t Outside = 0;
  for (size_t I = 0; I < Processes.size(); ++I)
    for (size_t F = 0; F < Processes[I].Files.size(); ++F) {
      MessageCollector Collector{
          Processes[I],   F, Sends,    Receives, SendOrigins,
          ReceiveOrigins, I, Selection};
      Reading.replay(Processes[I], Processes[I].Files[F], Collector, false);
      // Per file, one flow id (-1: none) per message record, by record
      // number.
      Processes[I].Flows[F].assign(Collector.Messages, -1);
      Outside += Collector.Outside;
    }
  MessageMatches Matches = matchMessages(Sends, Receives);
  for (size_t Id = 0; Id < Matches.Pairs.size(); ++Id) {
    const std::array<size_t, 3> &S = SendOrigins[Matches.Pairs[Id].Send];
    const std::array<size_t, 3> &R = ReceiveOrigins[Matches.Pairs[Id].Receive];
    Processes[S[0]].Flows[S[1]][S[2]] = static_cast<int64_t>(Id);
    Processes[R[0]].Flows[R[1]][R[2]] = static_cast<int64_t>(Id);
  }
  In.Messages = Matches.Pairs.size();
  if (Matches.UnmatchedSends != 0 || Matches.UnmatchedReceives != 0)
    warnRunningCommand(
        std::to_string(Matches.UnmatchedSends) + " send(s) and " +
        std::to_string(Matches.UnmatchedReceives) +
        " receive(s) have no matching partner in the traces (a rank "
        "is missing, its trace lost events, or its partner is "
        "unknown); they have no flow event");
  if (Outside != 0)
    noteRunningCommand(std::to_string(Outside) +
                       " message end(s) have their partner in a rank that "
                       "--ranks leaves out; they have no flow event");
}

/// Keeps the ranks Selection names, after checking that the job has them.
void selectRanks(const std::string &Directory, TraceInput &In,
                 const ExportSelection &Selection) {
  if (Selection.Ranks.empty())
    return;
  std::vector<uint32_t> Unknown;
  for (uint32_t Rank : Selection.Ranks)
    if (Rank >= In.Ranks)
      Unknown.push_back(Rank);
  if (!Unknown.empty())
    throw InputError(Directory + ": --ranks names rank(s) " +
                     indexListText(Unknown) + ", but the job has " +
                     std::to_string(In.Ranks) + " rank(s) (0-" +
                     std::to_string(In.Ranks - 1) + ")");
  In.Processes.erase(std::remove_if(In.Processes.begin(), In.Processes.end(),
                                    [&](const Process &P) {
                                      return !Selection.rankSelected(P.Rank);
                                    }),
                     In.Processes.end());
  In.Unsynchronised.erase(
      std::remove_if(In.Unsynchronised.begin(), In.Unsynchronised.end(),
                     [&](int Rank) { return !Selection.rankSelected(Rank); }),
      In.Unsynchronised.end());
  if (In.Processes.empty())
    throw InputError(Directory + ": none of the ranks " +
                     indexListText(Selection.Ranks) + " has a readable trace");
}

/// Keeps the trace files of the threads Selection names, after checking
/// that some process has each.
void selectThreads(const std::string &Directory, TraceInput &In,
                   const ExportSelection &Selection) {
  if (Selection.Threads.empty())
    return;
  std::vector<uint32_t> Present;
  for (const Process &P : In.Processes)
    for (const TraceFile &File : P.Files)
      Present.push_back(File.Index);
  std::sort(Present.begin(), Present.end());
  Present.erase(std::unique(Present.begin(), Present.end()), Present.end());
  std::vector<uint32_t> Unknown;
  for (uint32_t Thread : Selection.Threads)
    if (!std::binary_search(Present.begin(), Present.end(), Thread))
      Unknown.push_back(Thread);
  if (!Unknown.empty())
    throw InputError(Directory + ": --threads names thread(s) " +
                     indexListText(Unknown) + ", but the trace" +
                     (In.Job ? " of the ranks exported" : "") +
                     " has thread(s) " + indexListText(Present) + " only");
  for (Process &P : In.Processes) {
    std::vector<TraceFile> Files;
    std::vector<FlowIds> Flows;
    for (size_t I = 0; I < P.Files.size(); ++I)
      if (Selection.threadSelected(P.Files[I].Index)) {
        Files.push_back(std::move(P.Files[I]));
        Flows.push_back(std::move(P.Flows[I]));
      }
    P.Files = std::move(Files);
    P.Flows = std::move(Flows);
  }
}

} // namespace

uint64_t totalBytes(const std::vector<Process> &Processes) {
  uint64_t Total = 0;
  for (const Process &P : Processes)
    for (const TraceFile &File : P.Files)
      Total += File.Size;
  return Total;
}

std::string rankList(const std::vector<int> &Ranks) {
  std::string List;
  for (size_t I = 0; I < Ranks.size(); ++I) {
    if (I != 0)
      List += I + 1 == Ranks.size() ? " and " : ", ";
    List += std::to_string(Ranks[I]);
  }
  return List;
}

std::string programName(const ExperimentMetadata &Metadata) {
  std::string Program = Metadata.Program;
  size_t Slash = Program.rfind('/');
  if (Slash != std::string::npos)
    Program.erase(0, Slash + 1);
  return Program;
}

std::vector<int> jobRanks(const std::string &Directory) {
  std::vector<int> Ranks;
  std::string Error;
  struct stat Status;
  std::string TraceDirectory = joinPath(Directory, files::TraceDirectory);
  if (::stat(TraceDirectory.c_str(), &Status) == 0 ||
      !findRankDirectories(Directory, Ranks, Error))
    Ranks.clear();
  return Ranks;
}

TraceInput readJobProcesses(const std::string &Directory,
                            const std::vector<int> &Ranks) {
  TraceInput In;
  In.Job = true;
  readRanks(Directory, Ranks, In);
  alignClocks(In);
  return In;
}

TraceInput readTraceInput(const std::string &Directory, TraceReading &Reading,
                          const ExportSelection &Selection) {
  TraceInput In;
  std::vector<int> Ranks = jobRanks(Directory);
  if (Ranks.empty()) {
    if (!Selection.Ranks.empty())
      throw InputError(Directory +
                       " is not an MPI job's directory (no rank-<r>/ "
                       "directories): --ranks applies to MPI jobs only");
    In.Processes.push_back(readProcess(Directory));
    selectThreads(Directory, In, Selection);
    Reading.setTotal(totalBytes(In.Processes));
    return In;
  }
  In = readJobProcesses(Directory, Ranks);
  selectRanks(Directory, In, Selection);
  uint64_t Matching = totalBytes(In.Processes);
  Reading.setTotal(Matching);
  matchJobMessages(In, Reading, Selection);
  selectThreads(Directory, In, Selection);
  Reading.setTotal(Matching + totalBytes(In.Processes));
  return In;
}

bool readThreadMetrics(const TraceFile &File, trace::MetricSamples &Samples) {
  std::string Path = File.Path.substr(0, File.Path.size() - 4) + ".metrics";
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0)
    return false;
  std::string Error;
  if (!trace::readMetricFile(Path, Samples, Error))
    throw InputError(Path + ": " + Error);
  if (Samples.ThreadIndex != File.Index)
    throw InputError(Path + ": the header says thread " +
                     std::to_string(Samples.ThreadIndex) +
                     ", the file name thread " + std::to_string(File.Index));
  if (Samples.Truncated)
    warnRunningCommand(Path +
                       ": the file ends inside a sample; the samples before "
                       "it are exported");
  return true;
}

void DamageTally::add(const trace::DamagedChunk &Damage,
                      const std::string &Message) {
  if (Chunks++ == 0)
    First = Message;
  Events += Damage.Events;
  EventsUnknown |= !Damage.EventsKnown;
}

std::string DamageTally::describe() const {
  std::string Lost = !EventsUnknown ? std::to_string(Events)
                     : Events == 0  ? std::string("an unknown number of")
                                    : "at least " + std::to_string(Events);
  return std::to_string(Chunks) + " damaged chunk(s) skipped, " + Lost +
         " event(s) lost; the first: " + First +
         "; the regions open across each are closed before it and opened "
         "again after it";
}

bool TraceReading::openFile(const Process &P, const TraceFile &File,
                            trace::TraceFileReader &Reader, bool Report) {
  std::string Error;
  if (!Reader.open(File.Path, Error)) {
    if (!Reader.headerDamaged())
      throw InputError(File.Path + ": " + Error);
    if (Report) {
      warnRunningCommand(File.Path + ": " + Error + "; the file is skipped");
      ++DamagedFiles;
    }
    BytesDone += File.Size;
    return false;
  }
  const trace::FileHeader &Header = Reader.header();
  if (Header.Pid != P.Metadata.Pid)
    throw InputError(
        File.Path + ": written by process " + std::to_string(Header.Pid) +
        ", but the experiment is of process " + std::to_string(P.Metadata.Pid) +
        " (a trace file of another run?)");
  if (Header.ThreadIndex != File.Index)
    throw InputError(File.Path + ": the header says thread " +
                     std::to_string(Header.ThreadIndex) +
                     ", the file name thread " + std::to_string(File.Index));
  return true;
}

void TraceReading::reportFile(const TraceFile &File, size_t Open,
                              bool Truncated, const DamageTally &Damage,
                              uint64_t LostChunks) {
  if (Open != 0 && !Truncated)
    warnRunningCommand(
        File.Path + ": " + std::to_string(Open) +
        " region(s) are still open at the end of the file (the "
        "process ended without completing its trace, e.g. by SIGKILL, "
        "or its last chunks were dropped, see \"trace\" in "
        "experiment.json); they are closed at the last event");
  if (Damage.Chunks != 0) {
    warnRunningCommand(File.Path + ": " + Damage.describe());
    ++DamagedFiles;
  }
  // A skipped damaged chunk leaves a gap in the sequence, too.
  if (LostChunks > Damage.Chunks)
    warnRunningCommand(
        File.Path + ": " + std::to_string(LostChunks - Damage.Chunks) +
        " chunk(s) are missing (the runtime could not write them; see "
        "\"trace\" in experiment.json); the regions open across each "
        "gap are closed before it and opened again after it");
}

void TraceReading::finish(size_t Files) {
  if (DamagedFiles != 0)
    warnRunningCommand(std::to_string(DamagedFiles) + " of " +
                       std::to_string(Files) +
                       " trace file(s) are damaged; the rest of the trace is "
                       "exported");
  Meter.finish();
}

InputError unknownRegionError(const Process &P, const TraceFile &File,
                              const trace::Chunk &Chunk, uint32_t Region) {
  return InputError(File.Path + ": chunk " +
                    std::to_string(Chunk.Header.Sequence) + " enters region " +
                    std::to_string(Region) + ", which is not in " +
                    joinPath(P.Directory, files::Regions));
}

std::string threadName(const TraceFile &File) {
  trace::TraceFileReader Reader;
  std::string Error;
  if (Reader.open(File.Path, Error) && !Reader.header().ThreadName.empty())
    return Reader.header().ThreadName;
  return "thread " + std::to_string(File.Index);
}

} // namespace tool
} // namespace sextant
