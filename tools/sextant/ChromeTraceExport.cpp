//===- tools/sextant/ChromeTraceExport.cpp - Trace to Chrome JSON ---------===//
//
// Part of Sextant. Reads the trace files with the runtime's header-only
// decoder (runtime/TraceDecoder.h), which yields balanced enters and exits
// per thread, and streams them as Trace Event JSON, one event per line. The
// output is never built in memory, so traces of any size are converted.
//
//===----------------------------------------------------------------------===//

#include "ChromeTraceExport.h"

#include "ProgressMeter.h"
#include "format/ExperimentReader.h"
#include "format/ExperimentSchema.h"
#include "format/JsonInput.h"

#include "format/MetricTraceFormat.h"
#include "format/TraceDecoder.h"

#include <algorithm>
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

/// Chrome's timestamp (microseconds, three decimals) of Ticks, from
/// integer nanoseconds so that the text does not depend on the locale.
std::string chromeTime(uint64_t Ticks, uint64_t Origin,
                       double NanosecondsPerTick) {
  double Delta = Ticks >= Origin ? static_cast<double>(Ticks - Origin)
                                 : -static_cast<double>(Origin - Ticks);
  int64_t Nanoseconds =
      static_cast<int64_t>(std::llround(Delta * NanosecondsPerTick));
  char Time[48];
  std::snprintf(Time, sizeof(Time), "%s%" PRId64 ".%03" PRId64,
                Nanoseconds < 0 ? "-" : "",
                (Nanoseconds < 0 ? -Nanoseconds : Nanoseconds) / 1000,
                (Nanoseconds < 0 ? -Nanoseconds : Nanoseconds) % 1000);
  return Time;
}

/// Writes the events of one thread.
class EventWriter {
public:
  EventWriter(std::string &Out, const std::vector<std::string> &Names,
              int64_t Pid, uint32_t Tid, uint64_t Origin, double TicksPerSecond)
      : Out(Out), Names(Names), Origin(Origin),
        NanosecondsPerTick(1e9 / TicksPerSecond) {
    Ids = ",\"pid\":" + std::to_string(Pid) +
          ",\"tid\":" + std::to_string(Tid) + ",\"ts\":";
  }

  void enter(uint32_t Region, uint64_t Ticks) {
    check(Region);
    event('B', Region, Ticks);
    ++Enters;
  }
  void exit(uint32_t Region, uint64_t Ticks) { event('E', Region, Ticks); }

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
    Out += chromeTime(Ticks, Origin, NanosecondsPerTick);
    Out += ",\"name\":";
    Out += Region < Names.size() ? Names[Region] : "\"<unknown region>\"";
    Out += ",\"cat\":\"region\"}";
  }

  std::string &Out;
  const std::vector<std::string> &Names;
  std::string Ids;
  uint64_t Origin;
  double NanosecondsPerTick;
  uint32_t Unknown = 0;
  uint64_t Enters = 0;
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
void appendCounterTracks(const TraceFile &File, int64_t Pid, uint64_t Origin,
                         double TicksPerSecond, std::string &Text) {
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
  std::string Ids = ",\"pid\":" + std::to_string(Pid) +
                    ",\"tid\":" + std::to_string(File.Index) + ",\"name\":";
  std::vector<std::string> Names;
  for (const std::string &Name : Samples.Names)
    Names.push_back(
        jsonString(Name + " (thread " + std::to_string(File.Index) + ")"));
  double NanosecondsPerTick = 1e9 / TicksPerSecond;
  for (size_t I = 0; I < Samples.Ticks.size(); ++I) {
    std::string Time = chromeTime(Samples.Ticks[I], Origin, NanosecondsPerTick);
    for (size_t K = 0; K < Width; ++K)
      Text += ",\n{\"ph\":\"C\"" + Ids + Names[K] +
              ",\"cat\":\"metric\",\"ts\":" + Time + ",\"args\":{\"value\":" +
              std::to_string(Samples.Values[I * Width + K]) + "}}";
  }
}

/// Flushes the buffered output when it is this large.
constexpr size_t OutputBlock = 1 << 20;

void convert(const std::string &Directory, std::FILE *Out, bool ShowProgress) {
  ExperimentMetadata Metadata;
  std::string Error;
  if (!readExperimentMetadata(Directory, Metadata, Error))
    throw InputError(Error);
  uint64_t FilesWritten = tracedFiles(Directory);
  std::vector<std::string> Names = readRegionNames(Directory);
  std::string TraceDirectory = joinPath(Directory, files::TraceDirectory);
  std::vector<TraceFile> Files;
  struct stat Status;
  // A run whose threads recorded nothing (or could write nothing) has no
  // trace directory.
  if (FilesWritten != 0 || ::stat(TraceDirectory.c_str(), &Status) == 0)
    Files = listTraceFiles(TraceDirectory);
  if (Files.size() < FilesWritten)
    throw InputError(TraceDirectory + ": " + std::to_string(Files.size()) +
                     " trace file(s), but experiment.json says " +
                     std::to_string(FilesWritten) + " were written");

  uint64_t TotalBytes = 0;
  for (const TraceFile &File : Files)
    TotalBytes += File.Size;
  ProgressMeter Meter("sextant export", ShowProgress
                                            ? ProgressMeter::Mode::On
                                            : ProgressMeter::Mode::Off);

  std::string Program = Metadata.Program;
  size_t Slash = Program.rfind('/');
  if (Slash != std::string::npos)
    Program.erase(0, Slash + 1);
  std::string Pid = std::to_string(Metadata.Pid);
  std::string Text;
  Text += "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":" +
          jsonString(Metadata.Program) + ",\"pid\":" + Pid +
          ",\"host\":" + jsonString(Metadata.Hostname) +
          ",\"start_time\":" + jsonString(Metadata.StartTime) +
          ",\"sextant_version\":" + jsonString(Metadata.SextantVersion) +
          "},\n\"traceEvents\":[\n";
  Text += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + Pid +
          ",\"tid\":0,\"args\":{\"name\":" +
          jsonString(Program + " (pid " + Pid + ")") + "}}";

  uint64_t BytesDone = 0;
  uint64_t DamagedFiles = 0;
  for (const TraceFile &File : Files) {
    trace::TraceFileReader Reader;
    if (!Reader.open(File.Path, Error)) {
      if (!Reader.headerDamaged())
        throw InputError(File.Path + ": " + Error);
      warn(File.Path + ": " + Error + "; the file is skipped");
      ++DamagedFiles;
      BytesDone += File.Size;
      continue;
    }
    const trace::FileHeader &Header = Reader.header();
    if (Header.Pid != Metadata.Pid)
      throw InputError(File.Path + ": written by process " +
                       std::to_string(Header.Pid) +
                       ", but the experiment is of process " + Pid +
                       " (a trace file of another run?)");
    if (Header.ThreadIndex != File.Index)
      throw InputError(File.Path + ": the header says thread " +
                       std::to_string(Header.ThreadIndex) +
                       ", the file name thread " + std::to_string(File.Index));
    std::string ThreadName = Header.ThreadName.empty()
                                 ? "thread " + std::to_string(File.Index)
                                 : Header.ThreadName;
    Text +=
        ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + Pid +
        ",\"tid\":" + std::to_string(File.Index) + ",\"args\":{\"name\":" +
        jsonString(ThreadName + " (tid " + std::to_string(Header.Tid) + ")") +
        "}}";
    Text += ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + Pid +
            ",\"tid\":" + std::to_string(File.Index) +
            ",\"args\":{\"sort_index\":" + std::to_string(File.Index) + "}}";

    EventWriter Writer(Text, Names, Metadata.Pid, File.Index,
                       Header.OriginTicks, Header.TicksPerSecond);
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
      if (!Replayer.replay(Chunk, Writer, Message))
        throw InputError(File.Path + ": " + Message);
      if (Writer.unknownRegion() != 0)
        throw InputError(
            File.Path + ": chunk " + std::to_string(Chunk.Header.Sequence) +
            " enters region " + std::to_string(Writer.unknownRegion()) +
            ", which is not in " + joinPath(Directory, files::Regions));
      if (Text.size() >= OutputBlock)
        emit(Out, Text);
      Meter.update("converting " + File.Path, BytesDone + Reader.offset(),
                   TotalBytes, true);
    }
    if (Replayer.depth() != 0 && !Truncated)
      warn(File.Path + ": " + std::to_string(Replayer.depth()) +
           " region(s) are still open at the end of the file (the process "
           "ended without completing its trace, e.g. by SIGKILL, or its last "
           "chunks were dropped, see \"trace\" in experiment.json); they are "
           "closed at the last event");
    Replayer.closeAll(Writer);
    appendCounterTracks(File, Metadata.Pid, Header.OriginTicks,
                        Header.TicksPerSecond, Text);
    if (Damage.Chunks != 0) {
      warn(File.Path + ": " + Damage.describe());
      ++DamagedFiles;
    }
    // A skipped damaged chunk leaves a gap in the sequence, too.
    if (Replayer.lostChunks() > Damage.Chunks)
      warn(File.Path + ": " +
           std::to_string(Replayer.lostChunks() - Damage.Chunks) +
           " chunk(s) are missing (the runtime could not write them; see "
           "\"trace\" in experiment.json); the regions open across each gap "
           "are closed before it and opened again after it");
    BytesDone += File.Size;
  }
  Text += "\n]}\n";
  emit(Out, Text);
  if (DamagedFiles != 0)
    warn(std::to_string(DamagedFiles) + " of " +
         std::to_string(Files.size()) +
         " trace file(s) are damaged; the rest of the trace is exported");
  Meter.finish();
  if (std::fflush(Out) != 0)
    throw InputError(std::string("cannot write the output: ") +
                     std::strerror(errno));
}

} // namespace

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
