//===- tools/sextant/Otf2Export.cpp - Trace to an OTF2 archive ------------===//
//
// Part of Sextant. Reads the processes with TraceInput.h (the same reader,
// clock alignment and message matching as the Chrome export) and writes,
// per thread, one OTF2 location's events: Enter/Leave per region event,
// MpiSend/MpiRecv per message record (a job's export), Metric per sample of
// the thread's metric file, merged in time order. The global definitions
// come after the events (a location's definition holds its event count):
// clock properties, strings, the system tree (machine, hosts), a location
// group per process, a location per thread (and an empty one for a rank
// without a trace), the regions (unified over the ranks by name, source
// location and kind), the MPI communicators, and the metric members and
// classes. The archive is written into a temporary directory beside
// ARCHIVE_DIR and renamed there when complete (exchanged with an empty
// directory or, with --force, with an archive of sextant export, which is
// then removed); anything else at ARCHIVE_DIR is refused and left alone.
//
//===----------------------------------------------------------------------===//

#include "Otf2Export.h"

#include "Otf2Mapping.h"
#include "SelectedEvents.h"
#include "SextantVersion.h"
#include "TraceInput.h"
#include "common/AtomicFile.h"
#include "common/OutputFile.h"

#include <otf2/otf2.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <unordered_map>

namespace sextant {
namespace tool {

using namespace format;

namespace {

/// The OTF2 library's first message of the export (its default handler
/// prints every step of an error on standard error; the export reports one
/// error of its own instead).
std::string LibraryMessage;

OTF2_ErrorCode keepLibraryMessage(void *, const char *, uint64_t, const char *,
                                  OTF2_ErrorCode Code, const char *Format,
                                  va_list Arguments) {
  if (LibraryMessage.empty()) {
    char Text[512];
    std::vsnprintf(Text, sizeof(Text), Format, Arguments);
    LibraryMessage = Text;
  }
  return Code;
}

/// Throws InputError when Code is not OTF2_SUCCESS.
void check(OTF2_ErrorCode Code, const std::string &Archive, const char *What) {
  if (Code == OTF2_SUCCESS)
    return;
  std::string Detail =
      LibraryMessage.empty() ? "" : " (" + LibraryMessage + ")";
  throw InputError("cannot write the OTF2 archive '" + Archive + "' (" + What +
                   "): " + OTF2_Error_GetDescription(Code) + Detail);
}

OTF2_FlushType preFlush(void *, OTF2_FileType, OTF2_LocationRef, void *, bool) {
  return OTF2_FLUSH;
}
OTF2_TimeStamp postFlush(void *, OTF2_FileType, OTF2_LocationRef) { return 0; }
OTF2_FlushCallbacks FlushCallbacks = {preFlush, postFlush};

/// The definitions collected while the events are written.
class Definitions {
public:
  /// The string's definition; every string is known before they are
  /// written.
  OTF2_StringRef string(const std::string &Text) {
    auto Found = StringIds.find(Text);
    if (Found != StringIds.end())
      return Found->second;
    if (StringsWritten)
      throw std::logic_error("OTF2 string defined after the strings: " + Text);
    OTF2_StringRef Id = static_cast<OTF2_StringRef>(Strings.size());
    Strings.push_back(Text);
    StringIds.emplace(Text, Id);
    return Id;
  }

  /// The global regions of P's regions, by local id (0: none).
  std::vector<OTF2_RegionRef> regions(const Process &P) {
    std::vector<OTF2_RegionRef> Refs(1, OTF2_UNDEFINED_REGION);
    for (const RegionRecord &Region : P.Regions) {
      Otf2RegionKind Kind = otf2RegionKind(Region);
      auto Key = std::make_tuple(Region.Name, Region.File, Region.BeginLine,
                                 int(Kind.Role), int(Kind.Paradigm));
      auto Found = RegionIds.find(Key);
      if (Found == RegionIds.end()) {
        Found = RegionIds.emplace(Key, uint32_t(RegionList.size())).first;
        RegionList.push_back({&Region, Kind});
      }
      Refs.push_back(Found->second);
    }
    return Refs;
  }

  OTF2_CommRef communicator(uint64_t Id) {
    auto Found = CommIds.find(Id);
    if (Found != CommIds.end())
      return Found->second;
    OTF2_CommRef Ref = static_cast<OTF2_CommRef>(CommIds.size());
    CommIds.emplace(Id, Ref);
    return Ref;
  }

  /// The metric class of a thread's metric names.
  OTF2_MetricRef metricClass(const std::vector<std::string> &Names) {
    std::vector<OTF2_MetricMemberRef> Members;
    for (const std::string &Name : Names) {
      auto Found = MemberIds.find(Name);
      if (Found == MemberIds.end())
        Found = MemberIds.emplace(Name, OTF2_MetricMemberRef(MemberIds.size()))
                    .first;
      Members.push_back(Found->second);
    }
    for (size_t I = 0; I < Classes.size(); ++I)
      if (Classes[I] == Members)
        return static_cast<OTF2_MetricRef>(I);
    Classes.push_back(Members);
    return static_cast<OTF2_MetricRef>(Classes.size() - 1);
  }

  /// A process (location group) and its host.
  struct Group {
    uint32_t Id;
    std::string Name;
    std::string Host; ///< empty: unknown
  };
  /// A thread (location).
  struct Location {
    uint64_t Id;
    std::string Name;
    uint64_t Events;
    uint32_t Group;
  };
  std::vector<Group> Groups;
  std::vector<Location> Locations;
  /// MPI_COMM_WORLD's ranks in order: the location of each rank's first
  /// thread (empty: not an MPI trace).
  std::vector<uint64_t> RankLocations;
  uint64_t LastTimestamp = 0;

  void write(OTF2_GlobalDefWriter *Writer, const std::string &Archive);

private:
  struct RegionEntry {
    const RegionRecord *Region;
    Otf2RegionKind Kind;
  };
  void writeSystemTree(OTF2_GlobalDefWriter *W, const std::string &Archive);
  void writeCommunicators(OTF2_GlobalDefWriter *W, const std::string &Archive);

  std::vector<std::string> Strings;
  bool StringsWritten = false;
  std::unordered_map<std::string, OTF2_StringRef> StringIds;
  std::map<std::tuple<std::string, std::string, uint64_t, int, int>, uint32_t>
      RegionIds;
  std::vector<RegionEntry> RegionList;
  std::map<uint64_t, OTF2_CommRef> CommIds;
  std::map<std::string, OTF2_MetricMemberRef> MemberIds;
  std::vector<std::vector<OTF2_MetricMemberRef>> Classes;
};

/// The name of a communicator id of the message records
/// (docs/output-formats.md: 0 is MPI_COMM_WORLD, the others a hash of their
/// ranks).
std::string communicatorName(uint64_t Id) {
  if (Id == 0)
    return "MPI_COMM_WORLD";
  char Hex[32];
  std::snprintf(Hex, sizeof(Hex), "%016llx",
                static_cast<unsigned long long>(Id));
  return std::string("communicator ") + Hex;
}

/// A source line as OTF2's 32 bits (0: unknown).
uint32_t otf2Line(uint64_t Line) {
  return Line > UINT32_MAX ? 0 : static_cast<uint32_t>(Line);
}

void Definitions::write(OTF2_GlobalDefWriter *W, const std::string &Archive) {
  auto Check = [&](OTF2_ErrorCode Code) {
    check(Code, Archive, "definitions");
  };
  Check(OTF2_GlobalDefWriter_WriteClockProperties(
      W, 1000000000, 0, LastTimestamp + 1, OTF2_UNDEFINED_TIMESTAMP));
  // Every string is named before the strings are written, first.
  OTF2_StringRef Empty = string("");
  for (const Group &G : Groups)
    string(G.Name), string(G.Host.empty() ? "unknown host" : G.Host);
  for (const Location &L : Locations)
    string(L.Name);
  for (const RegionEntry &Entry : RegionList)
    string(Entry.Region->Name), string(Entry.Region->File);
  std::vector<std::string> MemberList(MemberIds.size());
  for (const auto &Member : MemberIds)
    MemberList[Member.second] = Member.first;
  for (const std::string &Name : MemberList)
    string(Name);
  for (const auto &Comm : CommIds)
    string(communicatorName(Comm.first));
  if (!RankLocations.empty())
    string("MPI"), string("MPI_COMM_WORLD");
  string("machine"), string("node");
  for (size_t I = 0; I < Strings.size(); ++I)
    Check(OTF2_GlobalDefWriter_WriteString(W, OTF2_StringRef(I),
                                           Strings[I].c_str()));
  StringsWritten = true;

  // Definitions in the order of their (unique) ids: the ranks' order.
  std::sort(Groups.begin(), Groups.end(),
            [](const Group &A, const Group &B) { return A.Id < B.Id; });
  std::sort(Locations.begin(), Locations.end(),
            [](const Location &A, const Location &B) { return A.Id < B.Id; });
  writeSystemTree(W, Archive);
  for (const Location &L : Locations)
    Check(OTF2_GlobalDefWriter_WriteLocation(W, L.Id, string(L.Name),
                                             OTF2_LOCATION_TYPE_CPU_THREAD,
                                             L.Events, L.Group));
  for (size_t I = 0; I < RegionList.size(); ++I) {
    const RegionRecord &Region = *RegionList[I].Region;
    OTF2_StringRef Name = string(Region.Name);
    Check(OTF2_GlobalDefWriter_WriteRegion(
        W, OTF2_RegionRef(I), Name, Name, Empty, RegionList[I].Kind.Role,
        RegionList[I].Kind.Paradigm, OTF2_REGION_FLAG_NONE, string(Region.File),
        otf2Line(Region.BeginLine), otf2Line(Region.EndLine)));
  }
  writeCommunicators(W, Archive);
  for (size_t I = 0; I < MemberList.size(); ++I)
    Check(OTF2_GlobalDefWriter_WriteMetricMember(
        W, OTF2_MetricMemberRef(I), string(MemberList[I]),
        string(MemberList[I]), OTF2_METRIC_TYPE_OTHER,
        OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64, OTF2_BASE_DECIMAL, 0,
        Empty));
  for (size_t I = 0; I < Classes.size(); ++I)
    Check(OTF2_GlobalDefWriter_WriteMetricClass(
        W, OTF2_MetricRef(I), uint8_t(Classes[I].size()), Classes[I].data(),
        OTF2_METRIC_SYNCHRONOUS, OTF2_RECORDER_KIND_CPU));
}

/// The machine, its hosts, and a process (location group) below each.
void Definitions::writeSystemTree(OTF2_GlobalDefWriter *W,
                                  const std::string &Archive) {
  auto Check = [&](OTF2_ErrorCode Code) {
    check(Code, Archive, "definitions");
  };
  OTF2_StringRef Machine = string("machine");
  Check(OTF2_GlobalDefWriter_WriteSystemTreeNode(
      W, 0, Machine, Machine, OTF2_UNDEFINED_SYSTEM_TREE_NODE));
  std::map<std::string, OTF2_SystemTreeNodeRef> Hosts;
  for (const Group &G : Groups) {
    std::string Host = G.Host.empty() ? "unknown host" : G.Host;
    auto Found = Hosts.find(Host);
    if (Found == Hosts.end()) {
      Found =
          Hosts.emplace(Host, OTF2_SystemTreeNodeRef(Hosts.size() + 1)).first;
      Check(OTF2_GlobalDefWriter_WriteSystemTreeNode(
          W, Found->second, string(Host), string("node"), 0));
    }
    Check(OTF2_GlobalDefWriter_WriteLocationGroup(
        W, G.Id, string(G.Name), OTF2_LOCATION_GROUP_TYPE_PROCESS,
        Found->second, OTF2_UNDEFINED_LOCATION_GROUP));
  }
}

/// MPI: the ranks' first threads, MPI_COMM_WORLD's group of all ranks, and
/// every communicator the records name. The records name partners by their
/// rank in MPI_COMM_WORLD, so every communicator has the world's group (and
/// is MPI_COMM_WORLD's child).
void Definitions::writeCommunicators(OTF2_GlobalDefWriter *W,
                                     const std::string &Archive) {
  if (RankLocations.empty())
    return;
  auto Check = [&](OTF2_ErrorCode Code) {
    check(Code, Archive, "definitions");
  };
  std::vector<uint64_t> Ranks;
  for (uint64_t Rank = 0; Rank < RankLocations.size(); ++Rank)
    Ranks.push_back(Rank);
  Check(OTF2_GlobalDefWriter_WriteGroup(
      W, 0, string("MPI"), OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
      OTF2_GROUP_FLAG_NONE, uint32_t(RankLocations.size()),
      RankLocations.data()));
  Check(OTF2_GlobalDefWriter_WriteGroup(W, 1, string("MPI_COMM_WORLD"),
                                        OTF2_GROUP_TYPE_COMM_GROUP,
                                        OTF2_PARADIGM_MPI, OTF2_GROUP_FLAG_NONE,
                                        uint32_t(Ranks.size()), Ranks.data()));
  // By reference, MPI_COMM_WORLD (0) first: a parent before its children.
  std::vector<uint64_t> ById(CommIds.size());
  for (const auto &Comm : CommIds)
    ById[Comm.second] = Comm.first;
  for (size_t Ref = 0; Ref < ById.size(); ++Ref) {
    Check(OTF2_GlobalDefWriter_WriteComm(
        W, OTF2_CommRef(Ref), string(communicatorName(ById[Ref])), 1,
        Ref == 0 ? OTF2_UNDEFINED_COMM : 0, OTF2_COMM_FLAG_NONE));
  }
}

/// Writes one thread's events to its location.
class EventWriter {
public:
  /// With Messages, the message records become MpiSend and MpiRecv events
  /// (a job's export: the partners are in the archive).
  EventWriter(OTF2_EvtWriter *Writer, const std::string &Archive,
              const Process &P, const std::vector<OTF2_RegionRef> &Regions,
              Definitions &Defs, double Shift, bool Messages,
              const ExportSelection &Selection)
      : Writer(Writer), Archive(Archive), P(P), Regions(Regions), Defs(Defs),
        Shift(Shift), Messages(Messages), Selection(Selection) {}

  /// The thread's metric samples, written in time order with the events.
  void setMetrics(trace::MetricSamples &&S) {
    Samples = std::move(S);
    Width = Stride = Samples.Names.size();
    if (Width > 255) {
      warnRunningCommand(
          P.Directory + ": a thread has " + std::to_string(Width) +
          " metrics; OTF2 takes 255 per sample, the first 255 are "
          "exported");
      Width = 255;
      Samples.Names.resize(Width);
    }
    if (Width != 0)
      Class = Defs.metricClass(Samples.Names);
  }

  void enterAt(uint32_t Region, double Nanoseconds) {
    if (Region >= Regions.size())
      return; // TraceReading::replay rejects the chunk
    uint64_t Time = timestamp(Nanoseconds);
    check(OTF2_EvtWriter_Enter(Writer, nullptr, Time, Regions[Region]), Archive,
          "an enter event");
  }
  void exitAt(uint32_t Region, double Nanoseconds) {
    if (Region >= Regions.size())
      return;
    uint64_t Time = timestamp(Nanoseconds);
    check(OTF2_EvtWriter_Leave(Writer, nullptr, Time, Regions[Region]), Archive,
          "a leave event");
  }
  void recordAt(const trace::TraceRecord &Record, double Nanoseconds,
                bool Inside) {
    bool Send = Record.Type == uint32_t(trace::RecordType::MessageSent);
    if (!Messages || !Inside ||
        (!Send && Record.Type != uint32_t(trace::RecordType::MessageReceived)))
      return;
    uint64_t Time = timestamp(Nanoseconds);
    uint32_t Partner = Record.field(1) == 0 || Record.field(1) > UINT32_MAX
                           ? OTF2_UNDEFINED_UINT32
                           : uint32_t(Record.field(1) - 1);
    // As in the Chrome export, a message with a rank --ranks leaves out is
    // not written: its other end is not in the archive.
    if (Partner != OTF2_UNDEFINED_UINT32 &&
        !Selection.rankSelected(int(Partner)))
      return;
    OTF2_CommRef Comm = Defs.communicator(Record.field(0));
    uint32_t Tag = uint32_t(Record.field(2));
    check(Send ? OTF2_EvtWriter_MpiSend(Writer, nullptr, Time, Partner, Comm,
                                        Tag, Record.field(3))
               : OTF2_EvtWriter_MpiRecv(Writer, nullptr, Time, Partner, Comm,
                                        Tag, Record.field(3)),
          Archive, "a message event");
  }
  void afterChunk(const Process &, const TraceFile &, const trace::Chunk &) {}

  /// Writes the samples after the last event.
  void finish() { metricsUntil(UINT64_MAX); }

private:
  uint64_t timestamp(double Nanoseconds) {
    uint64_t Time = otf2Timestamp(Nanoseconds, Shift);
    // The alignment is monotonic; rounding keeps it so, but never go back.
    if (Time < Last)
      Time = Last;
    metricsUntil(Time);
    Last = Time;
    if (Time > Defs.LastTimestamp)
      Defs.LastTimestamp = Time;
    return Time;
  }

  /// Writes the samples taken at or before Time.
  void metricsUntil(uint64_t Time) {
    std::vector<OTF2_Type> Types(Width, OTF2_TYPE_UINT64);
    std::vector<OTF2_MetricValue> Values(Width);
    for (; NextSample < Samples.Ticks.size(); ++NextSample) {
      double Nanoseconds = P.Clock.nanoseconds(Samples.Ticks[NextSample]);
      uint64_t SampleTime = otf2Timestamp(Nanoseconds, Shift);
      if (SampleTime > Time)
        break;
      if (Nanoseconds < Selection.From || Nanoseconds > Selection.To)
        continue;
      if (SampleTime < Last)
        SampleTime = Last;
      Last = SampleTime;
      if (SampleTime > Defs.LastTimestamp)
        Defs.LastTimestamp = SampleTime;
      for (size_t K = 0; K < Width; ++K)
        Values[K].unsigned_int = Samples.Values[NextSample * Stride + K];
      check(OTF2_EvtWriter_Metric(Writer, nullptr, SampleTime, Class,
                                  uint8_t(Width), Types.data(), Values.data()),
            Archive, "a metric event");
    }
  }

  OTF2_EvtWriter *Writer;
  const std::string &Archive;
  const Process &P;
  const std::vector<OTF2_RegionRef> &Regions;
  Definitions &Defs;
  double Shift;
  bool Messages;
  const ExportSelection &Selection;
  uint64_t Last = 0;
  trace::MetricSamples Samples;
  size_t Width = 0;  ///< metrics exported per sample
  size_t Stride = 0; ///< readings per sample in the file
  size_t NextSample = 0;
  OTF2_MetricRef Class = 0;
};

/// The name of P's location group: its rank, or the program and its
/// process id.
std::string processName(const Process &P) {
  if (P.Rank >= 0)
    return "rank " + std::to_string(P.Rank);
  return programName(P.Metadata) + " (process " +
         std::to_string(P.Metadata.Pid) + ")";
}

/// The name of a thread's location: its name, with its index unless it is
/// the main thread (threads often share a name, e.g. the program's).
std::string locationName(const TraceFile &File) {
  std::string Name = threadName(File);
  std::string Index = "thread " + std::to_string(File.Index);
  if (File.Index == 0 || Name == Index)
    return Name;
  return Name + " (" + Index + ")";
}

/// Nanoseconds to add to every time so that none is negative: a job's ranks
/// may start before rank 0's origin.
double timeShift(const TraceInput &In) {
  double Earliest = 0;
  for (const Process &P : In.Processes)
    if (P.HaveScale)
      Earliest = std::min(Earliest, P.Clock.nanoseconds(P.Scale.OriginTicks));
  return std::ceil(-Earliest);
}

/// Writes the archive into Temporary; the messages name ArchiveDir.
void writeArchive(const std::string &ExperimentDir,
                  const std::string &Temporary, const std::string &ArchiveDir,
                  const ExportSelection &Selection, bool ShowProgress) {
  TraceReading Reading(ShowProgress);
  TraceInput In = readTraceInput(ExperimentDir, Reading, Selection);
  OTF2_Archive *Archive = OTF2_Archive_Open(
      Temporary.c_str(), "traces", OTF2_FILEMODE_WRITE,
      OTF2_CHUNK_SIZE_EVENTS_DEFAULT, OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT,
      OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (!Archive)
    throw InputError("cannot write the OTF2 archive '" + ArchiveDir + "'");
  struct Closer {
    OTF2_Archive *&A;
    ~Closer() {
      if (A)
        OTF2_Archive_Close(A);
    }
  } Close{Archive};
  auto Check = [&](OTF2_ErrorCode Code, const char *What) {
    check(Code, ArchiveDir, What);
  };
  Check(OTF2_Archive_SetFlushCallbacks(Archive, &FlushCallbacks, nullptr),
        "flush callbacks");
  Check(OTF2_Archive_SetSerialCollectiveCallbacks(Archive),
        "collective callbacks");
  Check(OTF2_Archive_SetCreator(Archive, "Sextant " SEXTANT_VERSION_STRING),
        "creator");
  Check(OTF2_Archive_SetDescription(
            Archive, programName(In.Processes.front().Metadata).c_str()),
        "description");
  Check(OTF2_Archive_OpenEvtFiles(Archive), "event files");

  Definitions Defs;
  // MPI_COMM_WORLD is communicator 0, the parent of the others.
  if (In.Job)
    Defs.communicator(0);
  double Shift = timeShift(In);
  size_t FileCount = 0;
  auto EventFile = [&](uint64_t Id) {
    OTF2_EvtWriter *Writer = OTF2_Archive_GetEvtWriter(Archive, Id);
    if (!Writer)
      throw InputError("cannot write the OTF2 archive '" + ArchiveDir +
                       "': no event writer for location " + std::to_string(Id));
    return Writer;
  };
  for (const Process &P : In.Processes) {
    uint32_t Group = uint32_t(P.Rank < 0 ? 0 : P.Rank);
    Defs.Groups.push_back({Group, processName(P), P.Host});
    std::vector<OTF2_RegionRef> Regions = Defs.regions(P);
    for (const TraceFile &File : P.Files) {
      uint64_t Id = otf2LocationId(P.Rank, File.Index);
      OTF2_EvtWriter *Writer = EventFile(Id);
      EventWriter Events(Writer, ArchiveDir, P, Regions, Defs, Shift, In.Job,
                         Selection);
      trace::MetricSamples Samples;
      if (readThreadMetrics(File, Samples))
        Events.setMetrics(std::move(Samples));
      SelectedEvents<EventWriter> Selected(Events, P.Clock, Selection);
      if (Reading.replay(P, File, Selected, true))
        Events.finish();
      uint64_t Count = 0;
      Check(OTF2_EvtWriter_GetNumberOfEvents(Writer, &Count), "event count");
      Check(OTF2_Archive_CloseEvtWriter(Archive, Writer), "event file");
      Defs.Locations.push_back({Id, locationName(File), Count, Group});
    }
    FileCount += P.Files.size();
  }
  // A job's MPI_COMM_WORLD has a location for every rank: a rank without a
  // trace gets an empty one, so that the ranks the records name stay
  // right.
  for (uint64_t Rank = 0; In.Job && Rank < In.Ranks; ++Rank) {
    auto Traced = std::find_if(In.Processes.begin(), In.Processes.end(),
                               [&](const Process &P) {
                                 return P.Rank == int(Rank) && !P.Files.empty();
                               });
    if (Traced != In.Processes.end()) {
      Defs.RankLocations.push_back(
          otf2LocationId(Traced->Rank, Traced->Files.front().Index));
      continue;
    }
    uint64_t Id = otf2LocationId(int(Rank), 0);
    const char *Why =
        Selection.rankSelected(int(Rank)) ? "no trace" : "not exported";
    if (std::none_of(In.Processes.begin(), In.Processes.end(),
                     [&](const Process &P) { return P.Rank == int(Rank); }))
      Defs.Groups.push_back({uint32_t(Rank),
                             "rank " + std::to_string(Rank) + " (" + Why + ")",
                             ""});
    Check(OTF2_Archive_CloseEvtWriter(Archive, EventFile(Id)), "event file");
    Defs.Locations.push_back({Id, Why, 0, uint32_t(Rank)});
    Defs.RankLocations.push_back(Id);
  }
  Check(OTF2_Archive_CloseEvtFiles(Archive), "event files");
  // Every location has a (here empty) local definition file.
  Check(OTF2_Archive_OpenDefFiles(Archive), "definition files");
  for (const Definitions::Location &L : Defs.Locations) {
    OTF2_DefWriter *Writer = OTF2_Archive_GetDefWriter(Archive, L.Id);
    if (!Writer)
      throw InputError("cannot write the OTF2 archive '" + ArchiveDir +
                       "': no definition writer for location " +
                       std::to_string(L.Id));
    Check(OTF2_Archive_CloseDefWriter(Archive, Writer), "definition file");
  }
  Check(OTF2_Archive_CloseDefFiles(Archive), "definition files");
  OTF2_GlobalDefWriter *Global = OTF2_Archive_GetGlobalDefWriter(Archive);
  if (!Global)
    throw InputError("cannot write the OTF2 archive '" + ArchiveDir +
                     "': no global definition writer");
  Defs.write(Global, ArchiveDir);
  OTF2_Archive *Done = Archive;
  Archive = nullptr;
  Check(OTF2_Archive_Close(Done), "closing");
  Reading.finish(FileCount);
}

/// The directory of Path (without trailing slashes; "." when it has none)
/// and its last component.
void splitArchivePath(const std::string &Path, std::string &Parent,
                      std::string &Name) {
  std::string Trimmed = Path;
  while (Trimmed.size() > 1 && Trimmed.back() == '/')
    Trimmed.pop_back();
  splitOutputPath(Trimmed, Parent, Name);
}

/// Whether Directory is an OTF2 archive that sextant export wrote: its
/// anchor file traces.otf2 is a regular file (not a symbolic link) of at
/// most 1 MiB that names Sextant as its creator.
bool isSextantArchive(const std::string &Directory) {
  std::string Anchor = Directory + "/traces.otf2";
  struct stat Status;
  if (::lstat(Anchor.c_str(), &Status) != 0 || !S_ISREG(Status.st_mode) ||
      Status.st_size > (1 << 20))
    return false;
  std::FILE *File = std::fopen(Anchor.c_str(), "rb");
  if (!File)
    return false;
  std::string Text(static_cast<size_t>(Status.st_size), '\0');
  size_t Read = std::fread(Text.data(), 1, Text.size(), File);
  std::fclose(File);
  Text.resize(Read);
  return Text.find("Sextant ") != std::string::npos;
}

bool isEmptyDirectory(const std::string &Path) {
  std::error_code Code;
  return std::filesystem::is_empty(Path, Code) && !Code;
}

/// Empty when ArchiveDir may receive the archive: it does not exist, is an
/// empty directory, or (with Force) is an OTF2 archive of sextant export;
/// else the error. Exists: set to whether something is at ArchiveDir.
std::string archivePlaceViolation(const std::string &ArchiveDir, bool Force,
                                  bool &Exists) {
  struct stat Status;
  Exists = ::lstat(ArchiveDir.c_str(), &Status) == 0;
  if (!Exists)
    return std::string();
  if (!S_ISDIR(Status.st_mode))
    return "cannot write the OTF2 archive '" + ArchiveDir + "': " +
           (S_ISREG(Status.st_mode) ? std::string("it is a regular file")
                                    : outputFileRuleViolation(Status)) +
           "; an archive is a directory, and only a missing or empty "
           "directory or (with --force) an archive of sextant export is "
           "replaced";
  if (isEmptyDirectory(ArchiveDir))
    return std::string();
  if (!Force)
    return "'" + ArchiveDir +
           "' exists and is not an empty directory; give --force to replace "
           "it";
  if (!isSextantArchive(ArchiveDir))
    return "'" + ArchiveDir +
           "' is not an OTF2 archive of sextant export (no traces.otf2 "
           "whose creator is Sextant); --force replaces only those";
  return std::string();
}

void removeTree(const std::string &Path) {
  std::error_code Ignored;
  std::filesystem::remove_all(Path, Ignored);
}

/// Puts the complete archive in Temporary at ArchiveDir: renamed there, or
/// exchanged with what is there (checked again first), which is removed.
void install(const std::string &Temporary, const std::string &ArchiveDir,
             bool Force) {
  bool Exists = false;
  std::string Violation = archivePlaceViolation(ArchiveDir, Force, Exists);
  if (!Violation.empty())
    throw InputError(Violation);
  if (!Exists) {
    if (::renameat2(AT_FDCWD, Temporary.c_str(), AT_FDCWD, ArchiveDir.c_str(),
                    RENAME_NOREPLACE) != 0 &&
        ((errno != EINVAL && errno != ENOSYS) ||
         std::rename(Temporary.c_str(), ArchiveDir.c_str()) != 0))
      throw InputError("cannot write '" + ArchiveDir +
                       "': " + std::strerror(errno));
    return;
  }
  // Temporary and ArchiveDir change places at once; Temporary then holds
  // the old archive (or the empty directory).
  if (::renameat2(AT_FDCWD, Temporary.c_str(), AT_FDCWD, ArchiveDir.c_str(),
                  RENAME_EXCHANGE) == 0) {
    removeTree(Temporary);
    return;
  }
  if (errno != EINVAL && errno != ENOSYS)
    throw InputError("cannot replace '" + ArchiveDir +
                     "': " + std::strerror(errno));
  // A file system without RENAME_EXCHANGE: the old archive is moved onto
  // an empty directory of a new name first, and back when the rename fails.
  std::string Parent, Name;
  splitArchivePath(ArchiveDir, Parent, Name);
  std::string Old = joinPath(Parent, "." + Name + ".old-XXXXXX");
  if (!::mkdtemp(Old.data()))
    throw InputError("cannot replace '" + ArchiveDir +
                     "': " + std::strerror(errno));
  if (std::rename(ArchiveDir.c_str(), Old.c_str()) != 0) {
    int Saved = errno;
    ::rmdir(Old.c_str());
    throw InputError("cannot replace '" + ArchiveDir +
                     "': " + std::strerror(Saved));
  }
  if (std::rename(Temporary.c_str(), ArchiveDir.c_str()) != 0) {
    int Saved = errno;
    std::rename(Old.c_str(), ArchiveDir.c_str());
    throw InputError("cannot write '" + ArchiveDir +
                     "': " + std::strerror(Saved));
  }
  removeTree(Old);
}

} // namespace

bool exportOtf2Trace(const std::string &ExperimentDir,
                     const std::string &ArchiveDir, bool Force,
                     const ExportSelection &Selection, bool ShowProgress,
                     std::string &Error) {
  bool Exists = false;
  Error = archivePlaceViolation(ArchiveDir, Force, Exists);
  if (!Error.empty())
    return false;
  // The directory the archive goes to is created here, so that a place
  // that cannot be written is named plainly; the temporary beside it gets
  // a name of its own (mkdtemp: mode 0700, never an existing entry).
  std::string Parent, Name;
  splitArchivePath(ArchiveDir, Parent, Name);
  std::error_code Code;
  std::filesystem::create_directories(Parent, Code);
  std::string Template = joinPath(Parent, "." + Name + ".partial-XXXXXX");
  if (Code || !::mkdtemp(Template.data())) {
    Error = "cannot write the OTF2 archive '" + ArchiveDir +
            "': cannot create a directory beside it in '" + Parent +
            "': " + (Code ? Code.message() : std::strerror(errno));
    return false;
  }
  const std::string &Temporary = Template;
  LibraryMessage.clear();
  OTF2_Error_RegisterCallback(keepLibraryMessage, nullptr);
  if (catchExportErrors(ExperimentDir, Error, [&] {
        writeArchive(ExperimentDir, Temporary, ArchiveDir, Selection,
                     ShowProgress);
        install(Temporary, ArchiveDir, Force);
      }))
    return true;
  removeTree(Temporary);
  return false;
}

} // namespace tool
} // namespace sextant
