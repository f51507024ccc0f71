//===- format/reader/ExperimentReader.cpp - Reading experiments -----------===//
//
// Part of Sextant. Validation and reading of the files of an experiment
// directory. Bad input is reported by throwing InputError inside this file;
// the entry points catch it (and anything else that goes wrong, such as
// running out of memory) and return the message.
//
//===----------------------------------------------------------------------===//

#include "format/reader/ExperimentReader.h"

#include "format/profile/DerivedMetrics.h"
#include "format/reader/JsonInput.h"
#include "format/reader/RunListing.h"
#include "format/schema/ExperimentSchema.h"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <deque>
#include <sys/stat.h>

namespace sextant {
namespace format {

namespace {

std::string joinPath(const std::string &Directory, const char *Name) {
  if (!Directory.empty() && Directory.back() == '/')
    return Directory + Name;
  return Directory + "/" + Name;
}

bool fileExists(const std::string &Path) {
  struct stat Info;
  return ::stat(Path.c_str(), &Info) == 0;
}

/// Checks that Directory exists and is an experiment directory.
void checkDirectory(const std::string &Directory) {
  struct stat Info;
  if (Directory.empty())
    throw InputError("the experiment directory name is empty");
  if (::stat(Directory.c_str(), &Info) != 0)
    throw InputError(Directory + ": " + std::strerror(errno));
  if (!S_ISDIR(Info.st_mode))
    throw InputError(Directory +
                     ": not a directory (expected an experiment directory "
                     "written by a program measured with Sextant)");
  if (fileExists(joinPath(Directory, files::Experiment)))
    return;
  if (fileExists(joinPath(Directory, files::Profile)) ||
      fileExists(joinPath(Directory, files::Regions)))
    throw InputError(Directory +
                     ": incomplete experiment: experiment.json is missing "
                     "(the runtime writes it last; did the program end "
                     "before the experiment was written?)");
  // A directory several processes shared: its runs are in sub-directories.
  std::vector<RunEntry> Runs = listRuns(Directory);
  if (!Runs.empty())
    throw InputError(describeRuns(Directory, Runs));
  throw InputError(Directory + ": not a Sextant experiment directory (it "
                               "has no experiment.json)");
}

// The value of a member, by the type it is read into.
void readValue(const JsonValue &Value, std::string &Out) {
  Out = Value.asString();
}
void readValue(const JsonValue &Value, uint64_t &Out) {
  Out = Value.asUnsigned();
}
void readValue(const JsonValue &Value, int64_t &Out) {
  Out = Value.asInteger();
}
void readValue(const JsonValue &Value, double &Out) { Out = Value.asNumber(); }
void readValue(const JsonValue &Value, bool &Out) { Out = Value.asBool(); }

/// Member Key of Object, which older experiments may lack or write as null:
/// Out keeps its value then.
template <typename T>
void readOptional(const JsonValue &Object, const char *Key, T &Out) {
  if (Object.has(Key) && !Object.member(Key, "").isNull())
    readValue(Object.member(Key, ""), Out);
}

/// Member Key of Object that may be null or absent: Out is empty then.
template <typename T>
void readOptional(const JsonValue &Object, const char *Key,
                  std::optional<T> &Out) {
  Out.reset();
  if (Object.has(Key) && !Object.member(Key, "").isNull())
    readValue(Object.member(Key, ""), Out.emplace());
}

/// The object member Key, or null when it is absent or null.
std::optional<JsonValue> optionalObject(const JsonValue &Object,
                                        const char *Key) {
  if (!Object.has(Key) || Object.member(Key, "").isNull())
    return std::nullopt;
  JsonValue Member = Object.member(Key, "");
  Member.expectObject("null or an object");
  return Member;
}

/// Calls Read for each element of Array, which must be an array (Expected
/// describes it for the message otherwise).
template <typename ReadElement>
void forEachElement(const JsonValue &Array, const char *Expected,
                    ReadElement &&Read) {
  Array.expectArray(Expected);
  for (size_t I = 0; I < Array.raw().size(); ++I)
    Read(Array.element(I));
}

std::vector<std::string> readStrings(const JsonValue &Array) {
  std::vector<std::string> Strings;
  forEachElement(Array, "an array of strings", [&](const JsonValue &Element) {
    Strings.push_back(Element.asString());
  });
  return Strings;
}

TraceRecord readTrace(const JsonValue &Object) {
  namespace k = experiment_keys;
  TraceRecord Trace;
  readOptional(Object, k::Directory, Trace.Directory);
  readOptional(Object, keys::FormatVersion, Trace.FormatVersion);
  readOptional(Object, k::BufferSize, Trace.BufferSizeBytes);
  readOptional(Object, k::Files, Trace.Files);
  readOptional(Object, k::ChunksWritten, Trace.ChunksWritten);
  readOptional(Object, k::EventsWritten, Trace.EventsWritten);
  readOptional(Object, k::BytesWritten, Trace.BytesWritten);
  readOptional(Object, k::BytesPerEvent, Trace.BytesPerEvent);
  readOptional(Object, k::ChunksDropped, Trace.ChunksDropped);
  readOptional(Object, k::EventsDropped, Trace.EventsDropped);
  readOptional(Object, k::ThreadsWithoutTrace, Trace.ThreadsWithoutTrace);
  readOptional(Object, k::WriteError, Trace.WriteError);
  return Trace;
}

MetricsRecord readMetrics(const JsonValue &Object) {
  namespace k = experiment_keys;
  constexpr char List[] = "an array of metrics";
  MetricsRecord Metrics;
  if (Object.has(k::Requested))
    Metrics.Requested =
        readStrings(Object.member(k::Requested, "an array of strings"));
  auto Name = [](const JsonValue &Metric) {
    return Metric.member(keys::Name, "a metric name").asString();
  };
  forEachElement(
      Object.member(k::Measured, List), List, [&](const JsonValue &Metric) {
        MetricsRecord::Measured &Record =
            Metrics.MeasuredMetrics.emplace_back();
        Record.Name = Name(Metric);
        readOptional(Metric, k::Unit, Record.Unit);
        if (Metric.member(k::Accumulation, "sum or maximum").asString() ==
            AccumulationMaximum)
          Record.Accumulation = MetricAccumulation::Maximum;
      });
  if (Object.has(k::Derived))
    forEachElement(Object.member(k::Derived, List), List,
                   [&](const JsonValue &Metric) {
                     MetricsRecord::Derived &Record =
                         Metrics.DerivedMetrics.emplace_back();
                     Record.Name = Name(Metric);
                     readOptional(Metric, k::Unit, Record.Unit);
                   });
  forEachElement(
      Object.member(k::Unavailable, List), List, [&](const JsonValue &Metric) {
        Metrics.UnavailableMetrics.push_back(
            {Name(Metric), Metric.member(k::Reason, "a reason").asString()});
      });
  readOptional(Object, k::Multiplexed, Metrics.Multiplexed);
  readOptional(Object, k::EventsLost, Metrics.EventsLost);
  readOptional(Object, k::ThreadsWithoutSources,
               Metrics.ThreadsWithoutEverySource);
  readOptional(Object, k::TraceSamplesWritten, Metrics.TraceSamplesWritten);
  readOptional(Object, k::TraceSamplesDropped, Metrics.TraceSamplesDropped);
  return Metrics;
}

void readMetadata(const std::string &Directory, ExperimentMetadata &Out) {
  namespace k = experiment_keys;
  checkDirectory(Directory);
  std::string Path = joinPath(Directory, files::Experiment);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  checkFileFormat(Top, ExperimentFormat, "Sextant experiment.json");
  Out = ExperimentMetadata();
  Out.SextantVersion =
      Top.member(k::SextantVersion, "a version string").asString();
  Out.Program = Top.member(k::Program, "the path of the executable").asString();
  Out.Arguments = readStrings(Top.member(k::Arguments, "an array of strings"));
  Out.Pid = Top.member(k::Pid, "the process id").asInteger();
  Out.Hostname = Top.member(k::Hostname, "a host name").asString();
  readOptional(Top, k::WorkingDirectory, Out.WorkingDirectory);
  readOptional(Top, k::OutputDirectory, Out.OutputDirectory);
  Out.StartTime = Top.member(k::StartTime, "an ISO 8601 time").asString();
  Out.EndTime = Top.member(k::EndTime, "an ISO 8601 time").asString();
  Out.WallSeconds =
      Top.member(k::WallSeconds, "a number of seconds").asNumber();
  Out.Clock = Top.member(k::Clock, "the name of the clock").asString();
  readOptional(Top, k::ClockTicksPerSecond, Out.ClockTicksPerSecond);
  readOptional(Top, k::ClockCalibration, Out.ClockCalibration);
  readOptional(Top, k::EventPairCost, Out.EventPairCostSeconds);
  readOptional(Top, k::Enabled, Out.Enabled);
  // Older experiments lack it: no value then.
  if (Top.has(k::Instrumentation) &&
      !Top.member(k::Instrumentation, "").isNull())
    Out.Instrumentation = readStrings(
        Top.member(k::Instrumentation, "an array of instrumentation modes"));
  Out.Threads = Top.member(k::Threads, "a number of threads").asUnsigned();
  readOptional(Top, k::ThreadsNotMerged, Out.ThreadsNotMerged);
  readOptional(Top, k::RegionsRegistered, Out.RegionsRegistered);
  readOptional(Top, k::RegionsFiltered, Out.RegionsFiltered);
  readOptional(Top, k::RegionsRejected, Out.RegionsRejected);
  readOptional(Top, k::RegionsThrottled, Out.RegionsThrottled);
  if (std::optional<JsonValue> Throttle = optionalObject(Top, k::Throttle)) {
    readOptional(*Throttle, k::Enabled, Out.Throttle.Enabled);
    readOptional(*Throttle, k::MinVisits, Out.Throttle.MinVisits);
    readOptional(*Throttle, k::MaxMeanVisitNs,
                 Out.Throttle.MaxMeanVisitNanoseconds);
  }
  readOptional(Top, k::Pauses, Out.Pauses);
  readOptional(Top, k::PausedAtEnd, Out.PausedAtEnd);
  readOptional(Top, k::UserRegionsEndedImplicitly,
               Out.UserRegionsEndedImplicitly);
  readOptional(Top, k::Repairs, Out.Repairs);
  readOptional(Top, k::ExitsRepaired, Out.ExitsRepaired);
  readOptional(Top, k::ExitsIgnored, Out.ExitsIgnored);
  readOptional(Top, k::FramesOpenAtEnd, Out.FramesOpenAtEnd);
  readOptional(Top, k::RuntimeFilter, Out.RuntimeFilter);
  readOptional(Top, k::RuntimeFilterLoaded, Out.RuntimeFilterLoaded);
  readOptional(Top, k::EndedBySignal, Out.EndedBySignal);
  readOptional(Top, k::SnapshotSeconds, Out.SnapshotSeconds);
  readOptional(Top, k::ForkedFromPid, Out.ForkedFromPid);
  readOptional(Top, k::MpiRank, Out.MpiRank);
  readOptional(Top, k::MpiRanks, Out.MpiRanks);
  if (Top.has(k::AdapterFiles) && !Top.member(k::AdapterFiles, "").isNull())
    Out.AdapterFiles = readStrings(
        Top.member(k::AdapterFiles, "an array of file names"));
  if (std::optional<JsonValue> Trace = optionalObject(Top, k::Trace))
    Out.Trace = readTrace(*Trace);
  if (std::optional<JsonValue> Metrics = optionalObject(Top, k::Metrics))
    Out.Metrics = readMetrics(*Metrics);
  readOptional(Top, k::Combined, Out.CombinedJob);
  if (std::optional<JsonValue> Own =
          optionalObject(Top, k::MpiMeasurementSeconds)) {
    ExperimentMetadata::MpiMeasurementTime Time;
    readOptional(*Own, k::InitSetup, Time.InitSetup);
    readOptional(*Own, k::FinalizeSync, Time.FinalizeSync);
    readOptional(*Own, k::RankWrite, Time.RankWrite);
    readOptional(*Own, k::JobCombine, Time.JobCombine);
    Out.MpiMeasurement = Time;
  }
}

RegionRecord readRegion(const JsonValue &Entry, size_t Index) {
  namespace k = region_keys;
  Entry.expectObject("a region object");
  RegionRecord Region;
  JsonValue Id = Entry.member(k::Id, "the region id");
  uint64_t IdNumber = Id.asUnsigned();
  if (IdNumber != Index + 1)
    Id.fail("is " + std::to_string(IdNumber) + ", expected " +
            std::to_string(Index + 1) +
            " (region ids start at 1 and follow the order of the list)");
  Region.Id = static_cast<uint32_t>(IdNumber);
  Region.Name = Entry.member(keys::Name, "the display name").asString();
  Region.Mangled = Entry.member(k::Mangled, "the linkage name").asString();
  Region.File = Entry.member(keys::File, "the source file").asString();
  Region.BeginLine = Entry.member(k::BeginLine, "a line number").asUnsigned();
  readOptional(Entry, k::EndLine, Region.EndLine);
  Region.Module = Entry.member(keys::Module, "the module path").asString();
  JsonValue Flags = Entry.member(k::Flags, "an object of flags");
  Flags.expectObject("an object of flags");
  readOptional(Flags, k::DebugInfo, Region.Flags.DebugInfo);
  readOptional(Flags, k::MayUnwind, Region.Flags.MayUnwind);
  readOptional(Flags, k::Demangled, Region.Flags.Demangled);
  readOptional(Flags, k::User, Region.Flags.User);
  readOptional(Flags, k::OpenMP, Region.Flags.OpenMP);
  readOptional(Flags, k::Mpi, Region.Flags.Mpi);
  readOptional(Flags, k::Library, Region.Flags.Library);
  Region.Filtered = Entry.member(k::Filtered, "true or false").asBool();
  readOptional(Entry, k::FilterReason, Region.FilterReason);
  if (std::optional<JsonValue> Rule = optionalObject(Entry, k::FilterRule)) {
    FilterRuleRecord &Record = Region.FilterRule.emplace();
    readOptional(*Rule, keys::File, Record.File);
    readOptional(*Rule, keys::Line, Record.Line);
    readOptional(*Rule, k::Column, Record.Column);
    readOptional(*Rule, k::Rule, Record.Rule);
    readOptional(*Rule, k::Pattern, Record.Pattern);
  }
  if (std::optional<JsonValue> Throttled =
          optionalObject(Entry, k::Throttled)) {
    ThrottleRecord &Record = Region.Throttled.emplace();
    Record.AfterSeconds =
        Throttled->member(k::AfterSeconds, "a number of seconds").asNumber();
    Record.Visits =
        Throttled->member(keys::Visits, "a number of visits").asUnsigned();
    Record.MeanVisitSeconds =
        Throttled->member(k::MeanVisitSeconds, "a number of seconds")
            .asNumber();
  }
  return Region;
}

void readRegions(const std::string &Directory,
                 std::vector<RegionRecord> &Regions) {
  std::string Path = joinPath(Directory, files::Regions);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  checkFileFormat(Top, RegionsFormat, "Sextant regions.json");
  JsonValue List = Top.member(region_keys::Regions, "an array of regions");
  List.expectArray("an array of regions");
  Regions.clear();
  Regions.reserve(List.raw().size());
  for (size_t I = 0; I < List.raw().size(); ++I)
    Regions.push_back(readRegion(List.element(I), I));
}

/// frame.type of a call-path node.
FrameType frameType(const JsonValue &Type) {
  std::string Name = Type.asString();
  for (FrameType Known : {FrameType::Function, FrameType::OpenMP,
                          FrameType::Mpi, FrameType::Library})
    if (Name == frameTypeName(Known))
      return Known;
  Type.fail("is \"" + Name +
            "\", expected \"function\", \"openmp\", \"mpi\" or "
            "\"library\"");
}

/// How the metric Key is written, judged by its name and its first value.
MetricNotation metricNotation(const std::string &Key,
                              const nlohmann::json &Value) {
  size_t Length = sizeof(keys::InclusiveSuffix) - 1;
  bool Inclusive =
      Key.size() > Length &&
      Key.compare(Key.size() - Length, Length, keys::InclusiveSuffix) == 0;
  if (isDerivedMetricName(Inclusive ? Key.substr(0, Key.size() - Length) : Key))
    return MetricNotation::Ratio;
  return Value.is_number_integer() ? MetricNotation::Integer
                                   : MetricNotation::Seconds;
}

/// Reads the nodes of Roots (an array in profile.json's node shape) into
/// Profile, depth first and without recursion.
void readCallPaths(const JsonValue &Roots, const Experiment &Experiment,
                   CallPathProfile &Profile) {
  Roots.expectArray("an array of call-path nodes");
  struct Pending {
    JsonValue Children;
    size_t Next;
    size_t ParentIndex;
  };
  // Emptied from the top also when an error unwinds it: the place of a
  // value is a chain shared with its parent, and releasing the outermost
  // link first would free a deep chain recursively.
  struct PendingStack : std::deque<Pending> {
    ~PendingStack() {
      while (!empty())
        pop_back();
    }
  } Stack;
  Stack.push_back({Roots, 0, CallPathProfile::NoParent});
  while (!Stack.empty()) {
    Pending &Top = Stack.back();
    if (Top.Next == Top.Children.raw().size()) {
      Stack.pop_back();
      continue;
    }
    JsonValue Node = Top.Children.element(Top.Next++);
    size_t ParentIndex = Top.ParentIndex;
    Node.expectObject("a call-path node (an object with \"frame\", "
                      "\"metrics\", \"attributes\" and \"children\")");
    CallPathNode Record;
    JsonValue Frame = Node.member(keys::Frame, "an object with \"name\"");
    Record.Name =
        Frame.member(keys::Name, "the region's display name").asString();
    if (Frame.has(keys::Type))
      Record.Type = frameType(Frame.member(keys::Type, ""));
    JsonValue Metrics =
        Node.member(keys::Metrics,
                    "an object with \"time (inc)\", \"time\" and \"visits\"");
    Record.InclusiveSeconds =
        Metrics.member(keys::InclusiveTime, "the inclusive time in seconds")
            .asNumber();
    Record.ExclusiveSeconds =
        Metrics.member(keys::ExclusiveTime, "the exclusive time in seconds")
            .asNumber();
    Record.Visits =
        Metrics.member(keys::Visits, "a non-negative integer").asUnsigned();
    for (auto Item = Metrics.raw().begin(); Item != Metrics.raw().end();
         ++Item) {
      const std::string &Key = Item.key();
      if (Key == keys::InclusiveTime || Key == keys::ExclusiveTime ||
          Key == keys::Visits)
        continue;
      if (!Item.value().is_number() && !Item.value().is_null())
        Metrics.member(Key.c_str(), "")
            .fail("metric \"" + Key + "\" is " +
                  describeJsonValue(Item.value()) +
                  ", expected a number or null");
      size_t Index =
          Profile.metricIndex(Key, metricNotation(Key, Item.value()));
      if (Record.Metrics.size() <= Index)
        Record.Metrics.resize(Index + 1, std::nan(""));
      if (Item.value().is_number())
        Record.Metrics[Index] = Item.value().get<double>();
    }
    JsonValue Attributes = Node.member(
        keys::Attributes, "an object with \"region_id\"; Sextant writes it");
    JsonValue RegionId = Attributes.member(keys::RegionId, "a region id");
    uint64_t Id = RegionId.asUnsigned();
    if (Id < 1 || Id > Experiment.Regions.size())
      RegionId.fail("region " + std::to_string(Id) +
                    " is not in regions.json (which lists " +
                    std::to_string(Experiment.Regions.size()) + " regions)");
    Record.RegionId = static_cast<uint32_t>(Id);
    if (Attributes.has(keys::File)) {
      Record.HasSource = true;
      Record.File = Attributes.member(keys::File, "").asString();
      Record.Line = Attributes.member(keys::Line, "a line number").asUnsigned();
      Record.Module = Attributes.member(keys::Module, "a module").asString();
      Record.Mangled =
          Attributes.member(keys::Mangled, "the linkage name").asString();
    }
    JsonValue Children = Node.member(keys::Children, "an array of nodes");
    Children.expectArray("an array of call-path nodes");
    size_t Index = Profile.addNode(ParentIndex, std::move(Record));
    if (!Children.raw().empty())
      Stack.push_back({Children, 0, Index});
  }
}

template <typename Work>
bool catchInputErrors(std::string &Error, const std::string &Context,
                      Work &&W) {
  try {
    W();
    return true;
  } catch (const InputError &E) {
    Error = E.what();
  } catch (const std::bad_alloc &) {
    Error = Context + ": out of memory while reading the experiment";
  } catch (const std::exception &E) {
    Error = Context + ": " + E.what();
  }
  return false;
}

} // namespace

std::string Experiment::libraryOf(uint32_t Id) const {
  const RegionRecord *Region = region(Id);
  if (!Region || Region->Module.empty() || Region->Module == Metadata.Program)
    return std::string();
  size_t Slash = Region->Module.rfind('/');
  return Slash == std::string::npos ? Region->Module
                                    : Region->Module.substr(Slash + 1);
}

std::string Experiment::file(const char *Name) const {
  return joinPath(Directory, Name);
}

bool readExperimentMetadata(const std::string &Directory,
                            ExperimentMetadata &Metadata, std::string &Error) {
  return catchInputErrors(Error, Directory,
                          [&] { readMetadata(Directory, Metadata); });
}

bool readRegionTable(const std::string &Directory,
                     std::vector<RegionRecord> &Regions, std::string &Error) {
  return catchInputErrors(Error, Directory,
                          [&] { readRegions(Directory, Regions); });
}

bool readExperiment(const std::string &Directory, Experiment &Out,
                    std::string &Error, const ReadProgress &Progress) {
  return catchInputErrors(Error, Directory, [&] {
    Out.Directory = Directory;
    readMetadata(Directory, Out.Metadata);
    readRegions(Directory, Out.Regions);
    std::string Path = joinPath(Directory, files::Profile);
    ByteProgress Bytes;
    if (Progress)
      Bytes = [&](uint64_t Done, uint64_t Total) {
        Progress(Path, Done, Total);
      };
    nlohmann::json Document = loadJsonFile(Path, Bytes, CallTreeNesting);
    Out.Profile = CallPathProfile();
    readCallPaths(JsonValue(Document, Path), Out, Out.Profile);
  });
}

bool readThreadProfiles(const Experiment &Experiment,
                        ThreadProfileList &Threads, std::string &Error) {
  std::string Path = Experiment.file(files::ThreadProfiles);
  if (!fileExists(Path)) {
    Error = Experiment.Directory +
            ": no per-thread profiles: profile-threads.json is missing (the "
            "runtime that wrote this experiment did not record them)";
    return false;
  }
  return catchInputErrors(Error, Path, [&] {
    nlohmann::json Document = loadJsonFile(Path, {}, CallTreeNesting);
    JsonValue Top(Document, Path);
    checkFileFormat(Top, ThreadProfilesFormat, "Sextant profile-threads.json");
    Threads = ThreadProfileList();
    if (Top.has(keys::MaxSeparateThreads))
      Threads.MaxSeparateThreads =
          Top.member(keys::MaxSeparateThreads, "a number of threads")
              .asUnsigned();
    if (Top.has(keys::ThreadsBeyondBound))
      Threads.ThreadsBeyondBound =
          Top.member(keys::ThreadsBeyondBound, "a number of threads")
              .asUnsigned();
    JsonValue List = Top.member(keys::Threads, "an array of threads");
    List.expectArray("an array of threads");
    for (size_t I = 0; I < List.raw().size(); ++I) {
      JsonValue Entry = List.element(I);
      Entry.expectObject("a thread object");
      ThreadProfile Thread;
      Thread.Index =
          Entry.member(keys::Index, "the thread's index").asUnsigned();
      Thread.Tid = Entry.member(keys::Tid, "the OS thread id").asInteger();
      Thread.Name = Entry.member(keys::Name, "the thread's name").asString();
      if (Entry.has(keys::MergedThreads))
        Thread.MergedThreads =
            Entry.member(keys::MergedThreads, "a number of threads")
                .asUnsigned();
      readCallPaths(Entry.member(keys::Roots, "an array of call-path nodes"),
                    Experiment, Thread.Profile);
      Threads.Threads.push_back(std::move(Thread));
    }
  });
}

} // namespace format
} // namespace sextant
