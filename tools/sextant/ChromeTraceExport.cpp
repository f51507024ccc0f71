//===- tools/sextant/ChromeTraceExport.cpp - Trace to Chrome JSON ---------===//
//
// Part of Sextant. Reads the trace files with the header-only decoder
// (format/TraceDecoder.h), which yields balanced enters and exits per
// thread, and streams them as Trace Event JSON, one event per line. The
// output is never built in memory, so traces of any size are converted.
//
// An MPI job's directory (rank-<r>/ directories, no trace/ of its own) is
// exported as one trace: pid = rank, every rank's events on rank 0's clock
// (format/ClockAlignment.h, from each rank's mpi.json), and the messages
// the ranks' traces record as flow events from each send to its receive
// (format/MessageMatching.h). That takes two passes over the trace files:
// the first collects the messages, the second writes the events.
//
//===----------------------------------------------------------------------===//

#include "ChromeTraceExport.h"

#include "ProgressMeter.h"
#include "format/ClockAlignment.h"
#include "format/ExperimentReader.h"
#include "format/ExperimentSchema.h"
#include "format/JobDirectory.h"
#include "format/JsonInput.h"
#include "format/MessageMatching.h"

#include "format/MetricTraceFormat.h"
#include "format/TraceDecoder.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <sys/stat.h>
#include <vector>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// A trace file of the experiment.
struct TraceFile {
  uint32_t Index = 0; ///< from the name thread-<index>.sxt
  std::string Path;
  uint64_t Size = 0;
};

/// `Text` as a JSON string literal (invalid UTF-8 replaced by U+FFFD).
std::string jsonString(const std::string &Text) {
  return nlohmann::json(Text).dump(-1, ' ', false,
                                   nlohmann::json::error_handler_t::replace);
}

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

/// Region names of regions.json as JSON string literals, indexed by id.
std::vector<std::string> readRegionNames(const std::string &Directory) {
  std::string Path = joinPath(Directory, files::Regions);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  Top.expectObject("an object (a Sextant region list)");
  JsonValue Regions = Top.member("regions", "an array of regions");
  Regions.expectArray();
  std::vector<std::string> Names(1, jsonString("<region 0>"));
  for (size_t I = 0; I < Regions.raw().size(); ++I) {
    JsonValue Region = Regions.element(I);
    Region.expectObject();
    uint64_t Id = Region.member("id", "the region id").asUnsigned();
    if (Id != I + 1)
      Region.member("id", "").fail("is " + std::to_string(Id) + ", expected " +
                                   std::to_string(I + 1) +
                                   " (ids are dense, in order)");
    Names.push_back(
        jsonString(Region.member("name", "the region name").asString()));
  }
  return Names;
}

/// Chrome's timestamp (microseconds, three decimals) of Nanoseconds, from
/// integer nanoseconds so that the text does not depend on the locale.
std::string chromeTime(double Time) {
  int64_t Nanoseconds = static_cast<int64_t>(std::llround(Time));
  char Text[48];
  uint64_t Magnitude = Nanoseconds < 0 ? 0 - static_cast<uint64_t>(Nanoseconds)
                                       : static_cast<uint64_t>(Nanoseconds);
  std::snprintf(Text, sizeof(Text), "%s%" PRIu64 ".%03" PRIu64,
                Nanoseconds < 0 ? "-" : "", Magnitude / 1000, Magnitude % 1000);
  return Text;
}

/// The flow event of one end of a matched message: the index of the pair
/// (the flow's id), or -1.
using FlowIds = std::vector<int64_t>;

/// One process of the export: a stand-alone experiment, or one rank of a
/// job.
struct Process {
  std::string Directory;
  ExperimentMetadata Metadata;
  std::vector<std::string> Names; ///< region names, JSON literals
  std::vector<TraceFile> Files;
  int64_t ChromePid = 0;
  int Rank = -1; ///< in a job
  std::string Host;
  /// The clock of the process's traces (from its first readable trace
  /// file) and its alignment on the job's time base.
  bool HaveScale = false;
  ClockScale Scale;
  ClockSync Sync;
  bool HaveSync = false;
  ClockAlignment Clock;
  /// Per trace file (by position in Files): the flow id of each message
  /// record, in file order (job exports only).
  std::vector<FlowIds> Flows;
};

/// Reads what Directory's trace needs besides the trace files.
Process readProcess(const std::string &Directory) {
  Process P;
  P.Directory = Directory;
  std::string Error;
  if (!readExperimentMetadata(Directory, P.Metadata, Error))
    throw InputError(Error);
  uint64_t FilesWritten = tracedFiles(Directory);
  P.Names = readRegionNames(Directory);
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
  P.ChromePid = P.Metadata.Pid;
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

/// The program's file name.
std::string programName(const ExperimentMetadata &Metadata) {
  std::string Program = Metadata.Program;
  size_t Slash = Program.rfind('/');
  if (Slash != std::string::npos)
    Program.erase(0, Slash + 1);
  return Program;
}

/// Writes the events of one thread.
class EventWriter {
public:
  EventWriter(std::string &Out, const Process &P, uint32_t Tid,
              const FlowIds *Flows)
      : Out(Out), Names(P.Names), Clock(P.Clock), Flows(Flows) {
    Ids = ",\"pid\":" + std::to_string(P.ChromePid) +
          ",\"tid\":" + std::to_string(Tid) + ",\"ts\":";
  }

  void enter(uint32_t Region, uint64_t Ticks) {
    check(Region);
    event('B', Region, Ticks);
    ++Enters;
  }
  void exit(uint32_t Region, uint64_t Ticks) { event('E', Region, Ticks); }

  /// A message record: a flow event when it is one end of a matched
  /// message.
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    bool Send = Record.Type == uint32_t(trace::RecordType::MessageSent);
    if (!Send && Record.Type != uint32_t(trace::RecordType::MessageReceived))
      return;
    size_t Index = Messages++;
    if (!Flows || Index >= Flows->size() || (*Flows)[Index] < 0)
      return;
    Out += Send ? ",\n{\"ph\":\"s\"" : ",\n{\"ph\":\"f\",\"bp\":\"e\"";
    Out += Ids;
    Out += chromeTime(Clock.nanoseconds(Ticks));
    Out += ",\"name\":\"MPI message\",\"cat\":\"mpi\",\"id\":";
    Out += std::to_string((*Flows)[Index]);
    if (Send) {
      Out += ",\"args\":{\"to\":" + std::to_string(int64_t(Record.field(1)) - 1);
      Out += ",\"tag\":" + std::to_string(Record.field(2));
      Out += ",\"bytes\":" + std::to_string(Record.field(3)) + "}";
    }
    Out += '}';
  }

  /// The first region id not in regions.json, or 0.
  uint32_t unknownRegion() const { return Unknown; }
  uint64_t enters() const { return Enters; }

private:
  void check(uint32_t Region) {
    if (Region >= Names.size() && Unknown == 0)
      Unknown = Region;
  }

  void event(char Phase, uint32_t Region, uint64_t Ticks) {
    Out += ",\n{\"ph\":\"";
    Out += Phase;
    Out += '"';
    Out += Ids;
    Out += chromeTime(Clock.nanoseconds(Ticks));
    Out += ",\"name\":";
    Out += Region < Names.size() ? Names[Region] : "\"<unknown region>\"";
    Out += ",\"cat\":\"region\"}";
  }

  std::string &Out;
  const std::vector<std::string> &Names;
  const ClockAlignment &Clock;
  const FlowIds *Flows;
  std::string Ids;
  uint32_t Unknown = 0;
  uint64_t Enters = 0;
  size_t Messages = 0;
};

/// Collects the message records of one thread (the first pass of a job).
struct MessageCollector {
  const Process &P;
  size_t FileIndex;
  std::vector<MessageEnd> &Sends, &Receives;
  /// Where each end came from: process, file, record number.
  std::vector<std::array<size_t, 3>> &SendOrigins, &ReceiveOrigins;
  size_t ProcessIndex;
  size_t Messages = 0;

  void enter(uint32_t, uint64_t) {}
  void exit(uint32_t, uint64_t) {}
  void record(const trace::TraceRecord &Record, uint64_t Ticks) {
    bool Send = Record.Type == uint32_t(trace::RecordType::MessageSent);
    if (!Send && Record.Type != uint32_t(trace::RecordType::MessageReceived))
      return;
    MessageEnd End;
    End.Rank = P.Rank;
    End.Communicator = Record.field(0);
    End.Partner = static_cast<int>(int64_t(Record.field(1)) - 1);
    End.Tag = Record.field(2);
    End.Bytes = Record.field(3);
    End.Time = P.Clock.nanoseconds(Ticks);
    (Send ? Sends : Receives).push_back(End);
    (Send ? SendOrigins : ReceiveOrigins)
        .push_back({ProcessIndex, FileIndex, Messages++});
  }
};

/// Writes Text to Out; throws InputError when that fails.
void emit(std::FILE *Out, std::string &Text) {
  if (!Text.empty() &&
      std::fwrite(Text.data(), 1, Text.size(), Out) != Text.size())
    throw InputError(std::string("cannot write the output: ") +
                     std::strerror(errno));
  Text.clear();
}

void warn(const std::string &Message) {
  std::fprintf(stderr, "sextant export: warning: %s\n", Message.c_str());
}

/// The damaged chunks the reader skipped in one file, reported in one
/// warning.
struct DamageTally {
  uint64_t Chunks = 0; ///< damaged stretches, each at least one chunk
  uint64_t Events = 0; ///< events of those whose count is known
  bool EventsUnknown = false;
  std::string First; ///< the reader's description of the first

  void add(const trace::DamagedChunk &Damage, const std::string &Message) {
    if (Chunks++ == 0)
      First = Message;
    Events += Damage.Events;
    EventsUnknown |= !Damage.EventsKnown;
  }

  std::string describe() const {
    std::string Lost =
        !EventsUnknown ? std::to_string(Events)
        : Events == 0  ? std::string("an unknown number of")
                       : "at least " + std::to_string(Events);
    return std::to_string(Chunks) + " damaged chunk(s) skipped, " + Lost +
           " event(s) lost; the first: " + First +
           "; the regions open across each are closed before it and opened "
           "again after it";
  }
};

/// The counter tracks of File's thread from trace/thread-<index>.metrics
/// (SEXTANT_METRICS): per sample, one "C" event of every metric with its
/// cumulative reading in its own track, "<metric> (thread <index>)".
/// Nothing when the file does not exist.
void appendCounterTracks(const TraceFile &File, const Process &P,
                         std::string &Text) {
  std::string Path = File.Path.substr(0, File.Path.size() - 4) + ".metrics";
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0)
    return;
  trace::MetricSamples Samples;
  std::string Error;
  if (!trace::readMetricFile(Path, Samples, Error))
    throw InputError(Path + ": " + Error);
  if (Samples.ThreadIndex != File.Index)
    throw InputError(Path + ": the header says thread " +
                     std::to_string(Samples.ThreadIndex) +
                     ", the file name thread " + std::to_string(File.Index));
  if (Samples.Truncated)
    warn(Path + ": the file ends inside a sample; the samples before it are "
                "exported");
  size_t Width = Samples.Names.size();
  std::string Ids = ",\"pid\":" + std::to_string(P.ChromePid) +
                    ",\"tid\":" + std::to_string(File.Index) + ",\"name\":";
  std::vector<std::string> Names;
  for (const std::string &Name : Samples.Names)
    Names.push_back(
        jsonString(Name + " (thread " + std::to_string(File.Index) + ")"));
  for (size_t I = 0; I < Samples.Ticks.size(); ++I) {
    std::string Time = chromeTime(P.Clock.nanoseconds(Samples.Ticks[I]));
    for (size_t K = 0; K < Width; ++K)
      Text += ",\n{\"ph\":\"C\"" + Ids + Names[K] +
              ",\"cat\":\"metric\",\"ts\":" + Time + ",\"args\":{\"value\":" +
              std::to_string(Samples.Values[I * Width + K]) + "}}";
  }
}

/// Flushes the buffered output when it is this large.
constexpr size_t OutputBlock = 1 << 20;

/// Reads the trace files of processes: both passes of the export.
class TraceReading {
public:
  TraceReading(std::FILE *Out, bool ShowProgress, uint64_t TotalBytes)
      : Out(Out), Meter("sextant export", ShowProgress
                                              ? ProgressMeter::Mode::On
                                              : ProgressMeter::Mode::Off),
        TotalBytes(TotalBytes) {}

  /// Replays the File (number FileIndex) of P into H. With Report, the
  /// problems are reported (warnings; InputError for fatal ones) and Text
  /// is written out as it grows; without, the file is read quietly (the
  /// other pass reports). Returns false when the file was skipped.
  template <typename Handler>
  bool replay(const Process &P, const TraceFile &File, Handler &H,
              std::string &Text, bool Report) {
    trace::TraceFileReader Reader;
    std::string Error;
    if (!Reader.open(File.Path, Error)) {
      if (!Reader.headerDamaged())
        throw InputError(File.Path + ": " + Error);
      if (Report) {
        warn(File.Path + ": " + Error + "; the file is skipped");
        ++DamagedFiles;
      }
      BytesDone += File.Size;
      return false;
    }
    const trace::FileHeader &Header = Reader.header();
    if (Header.Pid != P.Metadata.Pid)
      throw InputError(File.Path + ": written by process " +
                       std::to_string(Header.Pid) +
                       ", but the experiment is of process " +
                       std::to_string(P.Metadata.Pid) +
                       " (a trace file of another run?)");
    if (Header.ThreadIndex != File.Index)
      throw InputError(File.Path + ": the header says thread " +
                       std::to_string(Header.ThreadIndex) +
                       ", the file name thread " + std::to_string(File.Index));
    trace::EventReplayer Replayer;
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
          warn(File.Path + ": " + Message +
               "; the events before it are exported");
        Truncated = true;
        break;
      }
      if (Status == trace::TraceFileReader::Status::Skipped) {
        Damage.add(Reader.damage(), Message);
        continue;
      }
      if (Status == trace::TraceFileReader::Status::Damaged)
        throw InputError(File.Path + ": " + Message);
      if (!Replayer.replay(Chunk, H, Message))
        throw InputError(File.Path + ": " + Message);
      afterChunk(H, P, File, Chunk, Text);
      Meter.update("converting " + File.Path, BytesDone + Reader.offset(),
                   TotalBytes, true);
    }
    if (Report && Replayer.depth() != 0 && !Truncated)
      warn(File.Path + ": " + std::to_string(Replayer.depth()) +
           " region(s) are still open at the end of the file (the process "
           "ended without completing its trace, e.g. by SIGKILL, or its last "
           "chunks were dropped, see \"trace\" in experiment.json); they are "
           "closed at the last event");
    Replayer.closeAll(H);
    if (Report && Damage.Chunks != 0) {
      warn(File.Path + ": " + Damage.describe());
      ++DamagedFiles;
    }
    // A skipped damaged chunk leaves a gap in the sequence, too.
    if (Report && Replayer.lostChunks() > Damage.Chunks)
      warn(File.Path + ": " +
           std::to_string(Replayer.lostChunks() - Damage.Chunks) +
           " chunk(s) are missing (the runtime could not write them; see "
           "\"trace\" in experiment.json); the regions open across each gap "
           "are closed before it and opened again after it");
    BytesDone += File.Size;
    return true;
  }

  /// Writes the metadata and the events of every thread of P.
  void writeProcess(const Process &P, const std::string &ProcessName,
                    std::string &Text) {
    std::string Pid = std::to_string(P.ChromePid);
    // The first event of the file has no comma before it.
    Text += FirstLine ? "" : ",\n";
    FirstLine = false;
    Text += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + Pid +
            ",\"tid\":0,\"args\":{\"name\":" + jsonString(ProcessName) + "}}";
    if (P.Rank >= 0)
      Text += ",\n{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" +
              Pid + ",\"tid\":0,\"args\":{\"sort_index\":" +
              std::to_string(P.Rank) + "}}";
    for (size_t I = 0; I < P.Files.size(); ++I) {
      const TraceFile &File = P.Files[I];
      std::string Name = threadName(File);
      std::string Tid = std::to_string(File.Index);
      Text += ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + Pid +
              ",\"tid\":" + Tid + ",\"args\":{\"name\":" + jsonString(Name) +
              "}}";
      Text += ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" +
              Pid + ",\"tid\":" + Tid + ",\"args\":{\"sort_index\":" + Tid +
              "}}";
      EventWriter Writer(Text, P, File.Index,
                         P.Rank >= 0 ? &P.Flows[I] : nullptr);
      if (!replay(P, File, Writer, Text, true))
        continue;
      appendCounterTracks(File, P, Text);
      emit(Out, Text);
    }
  }

  void finish(size_t Files) {
    if (DamagedFiles != 0)
      warn(std::to_string(DamagedFiles) + " of " + std::to_string(Files) +
           " trace file(s) are damaged; the rest of the trace is exported");
    Meter.finish();
  }

  /// Starts the second pass (the progress counts the bytes again).
  void restart() { BytesDone = 0; }

private:
  /// The thread's name from its file's header: without the OS thread id,
  /// which viewers show next to it anyway.
  static std::string threadName(const TraceFile &File) {
    trace::TraceFileReader Reader;
    std::string Error;
    if (Reader.open(File.Path, Error) && !Reader.header().ThreadName.empty())
      return Reader.header().ThreadName;
    return "thread " + std::to_string(File.Index);
  }

  void afterChunk(EventWriter &Writer, const Process &P,
                  const TraceFile &File, const trace::Chunk &Chunk,
                  std::string &Text) {
    if (Writer.unknownRegion() != 0)
      throw InputError(File.Path + ": chunk " +
                       std::to_string(Chunk.Header.Sequence) +
                       " enters region " +
                       std::to_string(Writer.unknownRegion()) +
                       ", which is not in " +
                       joinPath(P.Directory, files::Regions));
    if (Text.size() >= OutputBlock)
      emit(Out, Text);
  }
  void afterChunk(MessageCollector &, const Process &, const TraceFile &,
                  const trace::Chunk &, std::string &) {}

  std::FILE *Out;
  bool FirstLine = true;
  ProgressMeter Meter;
  uint64_t TotalBytes;
  uint64_t BytesDone = 0;

public:
  uint64_t DamagedFiles = 0;
};

uint64_t totalBytes(const std::vector<Process> &Processes) {
  uint64_t Total = 0;
  for (const Process &P : Processes)
    for (const TraceFile &File : P.Files)
      Total += File.Size;
  return Total;
}

void convertProcess(const std::string &Directory, std::FILE *Out,
                    bool ShowProgress) {
  std::vector<Process> Processes{readProcess(Directory)};
  const Process &P = Processes.front();
  std::string Pid = std::to_string(P.Metadata.Pid);
  std::string Text;
  Text += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":" +
          jsonString(P.Metadata.Program) + ",\"pid\":" + Pid +
          ",\"host\":" + jsonString(P.Metadata.Hostname) +
          ",\"start_time\":" + jsonString(P.Metadata.StartTime) +
          ",\"sextant_version\":" + jsonString(P.Metadata.SextantVersion) +
          "},\n\"traceEvents\":[\n";
  TraceReading Reading(Out, ShowProgress, totalBytes(Processes));
  Reading.writeProcess(P, programName(P.Metadata), Text);
  Text += "\n]}\n";
  emit(Out, Text);
  Reading.finish(P.Files.size());
}

/// Ranks as a list for messages: "1, 3 and 4".
std::string rankList(const std::vector<int> &Ranks) {
  std::string List;
  for (size_t I = 0; I < Ranks.size(); ++I) {
    if (I != 0)
      List += I + 1 == Ranks.size() ? " and " : ", ";
    List += std::to_string(Ranks[I]);
  }
  return List;
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
  if (Document.is_object() && Document.value("hostname", nlohmann::json()).is_string())
    P.Host = Document["hostname"].get<std::string>();
  std::string Ignored;
  P.HaveSync = readClockSync(Document, P.Sync, Ignored) && !P.Sync.Points.empty();
}

void convertJob(const std::string &Directory, const std::vector<int> &Ranks,
                std::FILE *Out, bool ShowProgress) {
  std::vector<Process> Processes;
  std::vector<int> Unreadable;
  for (int Rank : Ranks) {
    std::string RankDirectory = joinPath(Directory, files::rankDirectoryName(Rank));
    try {
      Process P = readProcess(RankDirectory);
      P.Rank = Rank;
      P.ChromePid = Rank;
      readRankMpi(P);
      Processes.push_back(std::move(P));
    } catch (const InputError &Problem) {
      warn(std::string(Problem.what()) + "; rank " + std::to_string(Rank) +
           " is left out");
      Unreadable.push_back(Rank);
    }
  }
  if (Processes.empty())
    throw InputError(Directory + ": no rank has a readable trace");
  // The job's size from the ranks' experiment.json; the missing ranks.
  uint64_t Size = 0;
  for (const Process &P : Processes)
    if (P.Metadata.MpiRanks && *P.Metadata.MpiRanks > Size)
      Size = *P.Metadata.MpiRanks;
  std::vector<int> Missing;
  for (uint64_t Rank = 0; Rank < Size; ++Rank)
    if (std::find(Ranks.begin(), Ranks.end(), int(Rank)) == Ranks.end())
      Missing.push_back(static_cast<int>(Rank));
  if (!Missing.empty())
    warn(Directory + ": rank(s) " + rankList(Missing) + " of " +
         std::to_string(Size) +
         " have no rank-<r>/ directory; the other ranks are exported");

  // The common time base: rank 0's clock, from each rank's synchronisation.
  const Process *Reference = nullptr;
  for (const Process &P : Processes)
    if (P.Rank == 0 && P.HaveScale)
      Reference = &P;
  std::vector<int> Unsynchronised, InitOnly, Imprecise;
  for (Process &P : Processes) {
    if (!Reference || !P.HaveSync || !P.HaveScale) {
      Unsynchronised.push_back(P.Rank);
      continue;
    }
    P.Clock = ClockAlignment::fromSync(P.Sync, P.Scale, Reference->Scale);
    if (P.Clock.driftRejected())
      Imprecise.push_back(P.Rank);
    else if (P.Clock.points() < 2 && P.Rank != 0)
      InitOnly.push_back(P.Rank);
  }
  if (!Unsynchronised.empty())
    warn("rank(s) " + rankList(Unsynchronised) +
         (Reference ? " have no clock synchronisation in their mpi.json (an "
                      "older Sextant, or no MPI adapter)"
                    : " cannot be aligned: rank 0 has no readable trace") +
         "; their events are on their own time origins, so the ranks' "
           "timelines do not line up");
  if (!InitOnly.empty())
    warn("rank(s) " + rankList(InitOnly) +
         " did not synchronise their clocks at MPI_Finalize; their offset "
         "from MPI_Init is used without drift correction");
  if (!Imprecise.empty())
    warn("the clock synchronisations of rank(s) " + rankList(Imprecise) +
         " at MPI_Init and MPI_Finalize disagree by more than a clock's "
         "drift (a slow ping-pong, e.g. on an oversubscribed host); the one "
         "with the smaller round trip is used, without drift correction");

  // First pass: the messages, and which send each receive matches.
  uint64_t Total = totalBytes(Processes);
  TraceReading Reading(Out, ShowProgress, 2 * Total);
  std::vector<MessageEnd> Sends, Receives;
  std::vector<std::array<size_t, 3>> SendOrigins, ReceiveOrigins;
  std::string Unused;
  for (size_t I = 0; I < Processes.size(); ++I)
    for (size_t F = 0; F < Processes[I].Files.size(); ++F) {
      MessageCollector Collector{Processes[I], F,           Sends,
                                 Receives,     SendOrigins, ReceiveOrigins,
                                 I};
      Reading.replay(Processes[I], Processes[I].Files[F], Collector, Unused,
                     false);
    }
  // Per file, one flow id (-1: none) per message record, by record number.
  for (const std::array<size_t, 3> &Origin : SendOrigins)
    Processes[Origin[0]].Flows[Origin[1]].push_back(-1);
  for (const std::array<size_t, 3> &Origin : ReceiveOrigins)
    Processes[Origin[0]].Flows[Origin[1]].push_back(-1);
  MessageMatches Matches = matchMessages(Sends, Receives);
  for (size_t Id = 0; Id < Matches.Pairs.size(); ++Id) {
    const std::array<size_t, 3> &S = SendOrigins[Matches.Pairs[Id].Send];
    const std::array<size_t, 3> &R = ReceiveOrigins[Matches.Pairs[Id].Receive];
    Processes[S[0]].Flows[S[1]][S[2]] = static_cast<int64_t>(Id);
    Processes[R[0]].Flows[R[1]][R[2]] = static_cast<int64_t>(Id);
  }
  if (Matches.UnmatchedSends != 0 || Matches.UnmatchedReceives != 0)
    warn(std::to_string(Matches.UnmatchedSends) + " send(s) and " +
         std::to_string(Matches.UnmatchedReceives) +
         " receive(s) have no matching partner in the traces (a rank is "
         "missing, its trace lost events, or its partner is unknown); they "
         "have no flow event");

  const Process &First = Processes.front();
  std::string Text;
  Text += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":" +
          jsonString(First.Metadata.Program) +
          ",\"ranks\":" + std::to_string(Size) +
          ",\"ranks_exported\":" + std::to_string(Processes.size()) +
          ",\"messages\":" + std::to_string(Matches.Pairs.size()) +
          ",\"time_base\":" +
          jsonString(Unsynchronised.empty()
                         ? "rank 0's clock (ranks synchronised at MPI_Init "
                           "and MPI_Finalize)"
                         : "per-rank origins for rank(s) " +
                               rankList(Unsynchronised)) +
          ",\"start_time\":" + jsonString(First.Metadata.StartTime) +
          ",\"sextant_version\":" + jsonString(First.Metadata.SextantVersion) +
          "},\n\"traceEvents\":[\n";
  size_t FileCount = 0;
  for (const Process &P : Processes) {
    std::string Name = "rank " + std::to_string(P.Rank) +
                       (P.Host.empty() ? std::string() : " (" + P.Host + ")");
    Reading.writeProcess(P, Name, Text);
    FileCount += P.Files.size();
  }
  Text += "\n]}\n";
  emit(Out, Text);
  Reading.finish(FileCount);
}

/// The ranks of Directory when it is an MPI job's directory: rank-<r>/
/// directories and no trace of its own.
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

void convert(const std::string &Directory, std::FILE *Out, bool ShowProgress) {
  std::vector<int> Ranks = jobRanks(Directory);
  if (!Ranks.empty())
    convertJob(Directory, Ranks, Out, ShowProgress);
  else
    convertProcess(Directory, Out, ShowProgress);
  if (std::fflush(Out) != 0)
    throw InputError(std::string("cannot write the output: ") +
                     std::strerror(errno));
}

} // namespace

bool isJobTraceDirectory(const std::string &Directory) {
  return !jobRanks(Directory).empty();
}

bool exportChromeTrace(const std::string &ExperimentDir, std::FILE *Out,
                       bool ShowProgress, std::string &Error) {
  try {
    convert(ExperimentDir, Out, ShowProgress);
    return true;
  } catch (const InputError &Problem) {
    Error = Problem.what();
  } catch (const std::bad_alloc &) {
    Error = "out of memory while exporting the trace of " + ExperimentDir;
  } catch (const std::exception &Problem) {
    Error = ExperimentDir + ": " + Problem.what();
  }
  return false;
}

} // namespace tool
} // namespace sextant
