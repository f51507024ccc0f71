//===- tools/sextant/ChromeTraceExport.cpp - Trace to Chrome JSON ---------===//
//
// Part of Sextant. Reads the trace files with the header-only decoder
// (format/schema/TraceDecoder.h), which yields balanced enters and exits per
// thread, and streams them as Trace Event JSON, one event per line. The
// output is never built in memory, so traces of any size are converted.
//
// An MPI job's directory (rank-<r>/ directories, no trace/ of its own) is
// exported as one trace: pid = rank, every rank's events on rank 0's clock
// (format/job/ClockAlignment.h, from each rank's mpi.json), and the messages
// the ranks' traces record as flow events from each send to its receive
// (format/job/MessageMatching.h). TraceInput.h reads the processes and matches
// the messages (a first pass over the trace files); this file writes the
// events in the second.
//
//===----------------------------------------------------------------------===//

#include "ChromeTraceExport.h"

#include "SelectedEvents.h"
#include "TraceInput.h"

#include "common/NumberRange.h"

#include <cerrno>
#include <cinttypes>
#include <cstring>
#include <vector>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// `Text` as a JSON string literal (invalid UTF-8 replaced by U+FFFD).
std::string jsonString(const std::string &Text) {
  return nlohmann::json(Text).dump(-1, ' ', false,
                                   nlohmann::json::error_handler_t::replace);
}

/// Chrome's timestamp (microseconds, three decimals) of Nanoseconds, from
/// integer nanoseconds so that the text does not depend on the locale;
/// clamped to the nanoseconds of 64 bits (about 292 years).
std::string chromeTime(double Time) {
  int64_t Nanoseconds = roundSaturated<int64_t>(Time);
  char Text[48];
  uint64_t Magnitude = Nanoseconds < 0 ? 0 - static_cast<uint64_t>(Nanoseconds)
                                       : static_cast<uint64_t>(Nanoseconds);
  std::snprintf(Text, sizeof(Text), "%s%" PRIu64 ".%03" PRIu64,
                Nanoseconds < 0 ? "-" : "", Magnitude / 1000, Magnitude % 1000);
  return Text;
}

/// Writes Text to Out; throws InputError when that fails.
void emit(std::FILE *Out, std::string &Text) {
  if (!Text.empty() &&
      std::fwrite(Text.data(), 1, Text.size(), Out) != Text.size())
    throw InputError(std::string("cannot write the output: ") +
                     std::strerror(errno));
  Text.clear();
}

/// Flushes the buffered output when it is this large.
constexpr size_t OutputBlock = 1 << 20;

/// Region names of a process as JSON string literals, indexed by id.
std::vector<std::string> regionNames(const Process &P) {
  std::vector<std::string> Names(1, jsonString("<region 0>"));
  for (const RegionRecord &Region : P.Regions)
    Names.push_back(jsonString(Region.Name));
  return Names;
}

/// The flow of a message record (the number of the thread's message
/// records seen so far in Messages): its id, or -1 when the record is not
/// one end of a matched message.
int64_t flowOf(const trace::TraceRecord &Record, const FlowIds *Flows,
               size_t &Messages) {
  if (Record.Type != uint32_t(trace::RecordType::MessageSent) &&
      Record.Type != uint32_t(trace::RecordType::MessageReceived))
    return -1;
  size_t Index = Messages++;
  return Flows && Index < Flows->size() ? (*Flows)[Index] : -1;
}

/// The measured bytes per event of the Chrome JSON, without the event's
/// name, for the estimate of the output's size: the mean over the events
/// of the exports of the test apps (a region's "B" or "E" is 75 to 85
/// bytes plus its name's, a flow end about 110 and a counter's sample
/// about 85 plus its track's name), the thread's metadata about 250.
constexpr uint64_t FrameEventBytes = 72;
constexpr uint64_t FlowEventBytes = 110;
constexpr uint64_t CounterEventBytes = 85;
constexpr uint64_t ThreadMetadataBytes = 250;

/// Counts the events EventWriter writes and their bytes, for the estimate.
class EventCounter {
public:
  EventCounter(const std::vector<std::string> &Names, const FlowIds *Flows,
               ChromeTraceEstimate &Estimate)
      : Names(Names), Flows(Flows), Estimate(Estimate) {}

  void enterAt(uint32_t Region, double) { frameEvent(Region); }
  void exitAt(uint32_t Region, double) { frameEvent(Region); }
  void recordAt(const trace::TraceRecord &Record, double, bool Inside) {
    if (flowOf(Record, Flows, Messages) >= 0 && Inside) {
      ++Estimate.Events;
      Estimate.Bytes += FlowEventBytes;
    }
  }
  void afterChunk(const Process &, const TraceFile &, const trace::Chunk &) {}

private:
  void frameEvent(uint32_t Region) {
    ++Estimate.Events;
    Estimate.Bytes +=
        FrameEventBytes + (Region < Names.size() ? Names[Region].size() : 17);
  }

  const std::vector<std::string> &Names;
  const FlowIds *Flows;
  ChromeTraceEstimate &Estimate;
  size_t Messages = 0;
};

/// Writes the events of one thread.
class EventWriter {
public:
  EventWriter(std::FILE *Out, std::string &Text,
              const std::vector<std::string> &Names, int64_t Pid, uint32_t Tid,
              const FlowIds *Flows)
      : Out(Out), Text(Text), Names(Names), Flows(Flows) {
    Ids = ",\"pid\":" + std::to_string(Pid) +
          ",\"tid\":" + std::to_string(Tid) + ",\"ts\":";
  }

  void enterAt(uint32_t Region, double Time) { event('B', Region, Time); }
  void exitAt(uint32_t Region, double Time) { event('E', Region, Time); }

  /// A message record: a flow event when it is one end of a matched
  /// message and lies in the window.
  void recordAt(const trace::TraceRecord &Record, double Time, bool Inside) {
    int64_t Flow = flowOf(Record, Flows, Messages);
    if (Flow < 0 || !Inside)
      return;
    bool Send = Record.Type == uint32_t(trace::RecordType::MessageSent);
    Text += Send ? ",\n{\"ph\":\"s\"" : ",\n{\"ph\":\"f\",\"bp\":\"e\"";
    Text += Ids;
    Text += chromeTime(Time);
    Text += ",\"name\":\"MPI message\",\"cat\":\"mpi\",\"id\":";
    Text += std::to_string(Flow);
    if (Send) {
      Text +=
          ",\"args\":{\"to\":" + std::to_string(int64_t(Record.field(1)) - 1);
      Text += ",\"tag\":" + std::to_string(Record.field(2));
      Text += ",\"bytes\":" + std::to_string(Record.field(3)) + "}";
    }
    Text += '}';
  }

  void afterChunk(const Process &, const TraceFile &, const trace::Chunk &) {
    if (Text.size() >= OutputBlock)
      emit(Out, Text);
  }

private:
  void event(char Phase, uint32_t Region, double Time) {
    Text += ",\n{\"ph\":\"";
    Text += Phase;
    Text += '"';
    Text += Ids;
    Text += chromeTime(Time);
    Text += ",\"name\":";
    Text += Region < Names.size() ? Names[Region] : "\"<unknown region>\"";
    Text += ",\"cat\":\"region\"}";
  }

  std::FILE *Out;
  std::string &Text;
  const std::vector<std::string> &Names;
  const FlowIds *Flows;
  std::string Ids;
  size_t Messages = 0;
};

/// The counter tracks of File's thread from trace/thread-<index>.metrics
/// (SEXTANT_METRICS): per sample in the window, one "C" event of every
/// metric with its cumulative reading in its own track, "<metric> (thread
/// <index>)". Nothing when the file does not exist. With Estimate, the
/// events are only counted there.
void appendCounterTracks(const TraceFile &File, const Process &P, int64_t Pid,
                         const ExportSelection &Selection, std::string &Text,
                         ChromeTraceEstimate *Estimate = nullptr) {
  trace::MetricSamples Samples;
  if (!readThreadMetrics(File, Samples))
    return;
  size_t Width = Samples.Names.size();
  std::string Ids = ",\"pid\":" + std::to_string(Pid) +
                    ",\"tid\":" + std::to_string(File.Index) + ",\"name\":";
  std::vector<std::string> Names;
  for (const std::string &Name : Samples.Names)
    Names.push_back(
        jsonString(Name + " (thread " + std::to_string(File.Index) + ")"));
  for (size_t I = 0; I < Samples.Ticks.size(); ++I) {
    double Nanoseconds = P.Clock.nanoseconds(Samples.Ticks[I]);
    if (Nanoseconds < Selection.From || Nanoseconds > Selection.To)
      continue;
    if (Estimate) {
      Estimate->Events += Width;
      for (const std::string &Name : Names)
        Estimate->Bytes += CounterEventBytes + Name.size();
      continue;
    }
    std::string Time = chromeTime(Nanoseconds);
    for (size_t K = 0; K < Width; ++K)
      Text += ",\n{\"ph\":\"C\"" + Ids + Names[K] +
              ",\"cat\":\"metric\",\"ts\":" + Time + ",\"args\":{\"value\":" +
              std::to_string(Samples.Values[I * Width + K]) + "}}";
  }
}

/// The events of every thread of P that the selection keeps, counted into
/// Estimate (read quietly: the export's pass reports the problems).
void estimateProcess(TraceReading &Reading, const Process &P,
                     const ExportSelection &Selection,
                     ChromeTraceEstimate &Estimate) {
  std::vector<std::string> Names = regionNames(P);
  std::string Unused;
  for (size_t I = 0; I < P.Files.size(); ++I) {
    Estimate.Bytes += ThreadMetadataBytes;
    EventCounter Counter(Names, P.Rank >= 0 ? &P.Flows[I] : nullptr, Estimate);
    SelectedEvents<EventCounter> Selected(Counter, P.Clock, Selection);
    if (Reading.replay(P, P.Files[I], Selected, false))
      appendCounterTracks(P.Files[I], P, 0, Selection, Unused, &Estimate);
  }
}

/// Writes the metadata and the events of every thread of P; the first
/// process of the file has no comma before it.
void writeProcess(std::FILE *Out, TraceReading &Reading, const Process &P,
                  const std::string &ProcessName,
                  const ExportSelection &Selection, bool First,
                  std::string &Text) {
  int64_t ChromePid = P.Rank >= 0 ? P.Rank : P.Metadata.Pid;
  std::string Pid = std::to_string(ChromePid);
  Text += First ? "" : ",\n";
  Text += "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":" + Pid +
          ",\"tid\":0,\"args\":{\"name\":" + jsonString(ProcessName) + "}}";
  if (P.Rank >= 0)
    Text += ",\n{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":" + Pid +
            ",\"tid\":0,\"args\":{\"sort_index\":" + std::to_string(P.Rank) +
            "}}";
  std::vector<std::string> Names = regionNames(P);
  for (size_t I = 0; I < P.Files.size(); ++I) {
    const TraceFile &File = P.Files[I];
    std::string Tid = std::to_string(File.Index);
    Text += ",\n{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":" + Pid +
            ",\"tid\":" + Tid +
            ",\"args\":{\"name\":" + jsonString(threadName(File)) + "}}";
    Text += ",\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":" + Pid +
            ",\"tid\":" + Tid + ",\"args\":{\"sort_index\":" + Tid + "}}";
    EventWriter Writer(Out, Text, Names, ChromePid, File.Index,
                       P.Rank >= 0 ? &P.Flows[I] : nullptr);
    SelectedEvents<EventWriter> Selected(Writer, P.Clock, Selection);
    if (!Reading.replay(P, File, Selected, true))
      continue;
    appendCounterTracks(File, P, ChromePid, Selection, Text);
    emit(Out, Text);
  }
}

/// The header of a single process's trace.
std::string processHeader(const Process &P) {
  return "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":" +
         jsonString(P.Metadata.Program) +
         ",\"pid\":" + std::to_string(P.Metadata.Pid) +
         ",\"host\":" + jsonString(P.Metadata.Hostname) +
         ",\"start_time\":" + jsonString(P.Metadata.StartTime) +
         ",\"sextant_version\":" + jsonString(P.Metadata.SextantVersion) +
         "},\n\"traceEvents\":[\n";
}

/// The header of a job's trace.
std::string jobHeader(const TraceInput &In) {
  const Process &First = In.Processes.front();
  return "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":" +
         jsonString(First.Metadata.Program) +
         ",\"ranks\":" + std::to_string(In.Ranks) +
         ",\"ranks_exported\":" + std::to_string(In.Processes.size()) +
         ",\"messages\":" + std::to_string(In.Messages) + ",\"time_base\":" +
         jsonString(In.Unsynchronised.empty()
                        ? "rank 0's clock (ranks synchronised at MPI_Init "
                          "and MPI_Finalize)"
                        : "per-rank origins for rank(s) " +
                              rankList(In.Unsynchronised)) +
         ",\"start_time\":" + jsonString(First.Metadata.StartTime) +
         ",\"sextant_version\":" + jsonString(First.Metadata.SextantVersion) +
         "},\n\"traceEvents\":[\n";
}

void convert(const std::string &Directory, const ExportSelection &Selection,
             const ChromeTraceOutput &Open, bool ShowProgress) {
  TraceReading Reading(ShowProgress);
  TraceInput In = readTraceInput(Directory, Reading, Selection);
  ChromeTraceEstimate Estimate;
  Reading.addToTotal(totalBytes(In.Processes)); // the estimate's pass
  for (const Process &P : In.Processes)
    estimateProcess(Reading, P, Selection, Estimate);
  std::string Error;
  std::FILE *Out = Open(Estimate, Error);
  if (!Out)
    throw InputError(Error);
  std::string Text =
      In.Job ? jobHeader(In) : processHeader(In.Processes.front());
  size_t FileCount = 0;
  for (const Process &P : In.Processes) {
    std::string Name =
        !In.Job ? programName(P.Metadata)
                : "rank " + std::to_string(P.Rank) +
                      (P.Host.empty() ? std::string() : " (" + P.Host + ")");
    writeProcess(Out, Reading, P, Name, Selection, &P == &In.Processes.front(),
                 Text);
    FileCount += P.Files.size();
  }
  Text += "\n]}\n";
  emit(Out, Text);
  Reading.finish(FileCount);
  if (std::fflush(Out) != 0)
    throw InputError(std::string("cannot write the output: ") +
                     std::strerror(errno));
}

} // namespace

bool isJobTraceDirectory(const std::string &Directory) {
  return !jobRanks(Directory).empty();
}

bool exportChromeTrace(const std::string &ExperimentDir,
                       const ExportSelection &Selection,
                       const ChromeTraceOutput &Open, bool ShowProgress,
                       std::string &Error) {
  return catchExportErrors(ExperimentDir, Error, [&] {
    convert(ExperimentDir, Selection, Open, ShowProgress);
  });
}

} // namespace tool
} // namespace sextant
