//===- format/ExperimentReader.cpp - Reading experiments ------------------===//
//
// Part of Sextant. Validation and reading of the files of an experiment
// directory. Bad input is reported by throwing InputError inside this file;
// the entry points catch it (and anything else that goes wrong, such as
// running out of memory) and return the message.
//
//===----------------------------------------------------------------------===//

#include "format/ExperimentReader.h"

#include "format/DerivedMetrics.h"
#include "format/ExperimentSchema.h"
#include "format/JsonInput.h"

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

/// Checks "format" and "format_version" of a top-level object.
void checkFormat(const JsonValue &Top, const JsonFileFormat &Format,
                 const char *WhatFile) {
  Top.expectObject((std::string("an object (a ") + WhatFile + ")").c_str());
  std::string Found =
      Top.member(keys::Format, (std::string("\"") + Format.Name + "\"").c_str())
          .asString();
  if (Found != Format.Name)
    Top.member(keys::Format, "")
        .fail("is \"" + Found + "\", expected \"" + Format.Name + "\": not a " +
              WhatFile);
  JsonValue Version = Top.member(keys::FormatVersion, "an integer");
  uint64_t Number = Version.asUnsigned();
  if (Number < Format.MinimumReadableVersion || Number > Format.Version) {
    std::string Readable = std::to_string(Format.Version);
    if (Format.MinimumReadableVersion != Format.Version)
      Readable =
          std::to_string(Format.MinimumReadableVersion) + " to " + Readable;
    Version.fail("is " + std::to_string(Number) +
                 ", but this sextant reads format_version " + Readable +
                 (Number > Format.Version ? " (written by a newer Sextant?)"
                                          : " (written by an older Sextant)"));
  }
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
  throw InputError(Directory + ": not a Sextant experiment directory (it "
                               "has no experiment.json)");
}

std::optional<double> optionalNumber(const JsonValue &Object, const char *Key) {
  if (!Object.has(Key) || Object.member(Key, "").isNull())
    return std::nullopt;
  return Object.member(Key, "a number").asNumber();
}

void readMetadata(const std::string &Directory, ExperimentMetadata &Out) {
  checkDirectory(Directory);
  std::string Path = joinPath(Directory, files::Experiment);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  checkFormat(Top, ExperimentFormat, "Sextant experiment.json");
  Out.SextantVersion =
      Top.member("sextant_version", "a version string").asString();
  Out.Program = Top.member("program", "the path of the executable").asString();
  JsonValue Arguments = Top.member("arguments", "an array of strings");
  Arguments.expectArray("an array of strings");
  Out.Arguments.clear();
  for (size_t I = 0; I < Arguments.raw().size(); ++I)
    Out.Arguments.push_back(Arguments.element(I).asString());
  Out.Pid = Top.member("pid", "the process id").asInteger();
  Out.Hostname = Top.member("hostname", "a host name").asString();
  Out.StartTime = Top.member("start_time", "an ISO 8601 time").asString();
  Out.EndTime = Top.member("end_time", "an ISO 8601 time").asString();
  Out.WallSeconds =
      Top.member("wall_time_seconds", "a number of seconds").asNumber();
  Out.Clock = Top.member("clock", "the name of the clock").asString();
  Out.Threads = Top.member("threads", "a number of threads").asUnsigned();
  Out.EventPairCostSeconds = optionalNumber(Top, "event_pair_cost_seconds");
  Out.TraceBytesPerEvent.reset();
  if (Top.has("trace") && !Top.member("trace", "").isNull()) {
    JsonValue Trace = Top.member("trace", "");
    Trace.expectObject("null or an object");
    Out.TraceBytesPerEvent = optionalNumber(Trace, "bytes_per_event");
  }
  Out.MpiRank.reset();
  Out.MpiRanks.reset();
  if (Top.has("mpi_rank") && !Top.member("mpi_rank", "").isNull())
    Out.MpiRank = Top.member("mpi_rank", "a rank").asUnsigned();
  if (Top.has("mpi_ranks") && !Top.member("mpi_ranks", "").isNull())
    Out.MpiRanks = Top.member("mpi_ranks", "a number of ranks").asUnsigned();
  Out.CombinedJob =
      Top.has("combined") && Top.member("combined", "true or false").asBool();
  Out.MaximumMetrics.clear();
  Out.UnavailableMetrics.clear();
  if (Top.has("metrics") && !Top.member("metrics", "").isNull()) {
    JsonValue Metrics = Top.member("metrics", "");
    Metrics.expectObject("null or an object");
    JsonValue Measured = Metrics.member("measured", "an array of metrics");
    Measured.expectArray("an array of metrics");
    for (size_t I = 0; I < Measured.raw().size(); ++I) {
      JsonValue Metric = Measured.element(I);
      if (Metric.member("accumulation", "sum or maximum").asString() ==
          "maximum")
        Out.MaximumMetrics.push_back(
            Metric.member("name", "a metric name").asString());
    }
    JsonValue Missing = Metrics.member("unavailable", "an array");
    Missing.expectArray("an array of metrics");
    for (size_t I = 0; I < Missing.raw().size(); ++I) {
      JsonValue Metric = Missing.element(I);
      Out.UnavailableMetrics.emplace_back(
          Metric.member("name", "a metric name").asString(),
          Metric.member("reason", "a reason").asString());
    }
  }
  Out.ClockCalibration.reset();
  if (Top.has("clock_calibration") &&
      !Top.member("clock_calibration", "").isNull())
    Out.ClockCalibration =
        Top.member("clock_calibration", "a string").asString();
}

void readRegions(const std::string &Directory,
                 std::vector<RegionRecord> &Regions) {
  std::string Path = joinPath(Directory, files::Regions);
  nlohmann::json Document = loadJsonFile(Path);
  JsonValue Top(Document, Path);
  checkFormat(Top, RegionsFormat, "Sextant regions.json");
  JsonValue List = Top.member("regions", "an array of regions");
  List.expectArray("an array of regions");
  Regions.clear();
  Regions.reserve(List.raw().size());
  for (size_t I = 0; I < List.raw().size(); ++I) {
    JsonValue Entry = List.element(I);
    Entry.expectObject("a region object");
    RegionRecord Region;
    JsonValue Id = Entry.member("id", "the region id");
    uint64_t IdNumber = Id.asUnsigned();
    if (IdNumber != I + 1)
      Id.fail("is " + std::to_string(IdNumber) + ", expected " +
              std::to_string(I + 1) +
              " (region ids start at 1 and follow the order of the list)");
    Region.Id = static_cast<uint32_t>(IdNumber);
    Region.Name = Entry.member("name", "the display name").asString();
    Region.Mangled = Entry.member("mangled", "the linkage name").asString();
    Region.File = Entry.member("file", "the source file").asString();
    Region.BeginLine = Entry.member("begin_line", "a line number").asUnsigned();
    Region.Module = Entry.member("module", "the module path").asString();
    JsonValue Flags = Entry.member("flags", "an object of flags");
    Flags.expectObject("an object of flags");
    if (Flags.has("user"))
      Region.User = Flags.member("user", "").asBool();
    Region.Filtered = Entry.member("filtered", "true or false").asBool();
    if (Entry.has("throttled") && !Entry.member("throttled", "").isNull()) {
      JsonValue Throttled = Entry.member("throttled", "");
      Throttled.expectObject("null or an object");
      ThrottleRecord Record;
      Record.AfterSeconds =
          Throttled.member("after_seconds", "a number of seconds").asNumber();
      Record.Visits =
          Throttled.member("visits", "a number of visits").asUnsigned();
      Record.MeanVisitSeconds =
          Throttled.member("mean_visit_seconds", "a number of seconds")
              .asNumber();
      Region.Throttled = Record;
    }
    Regions.push_back(std::move(Region));
  }
}

/// frame.type of a call-path node.
FrameType frameType(const JsonValue &Type) {
  std::string Name = Type.asString();
  for (FrameType Known :
       {FrameType::Function, FrameType::OpenMP, FrameType::Mpi})
    if (Name == frameTypeName(Known))
      return Known;
  Type.fail("is \"" + Name +
            "\", expected \"function\", \"openmp\" or "
            "\"mpi\"");
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
    nlohmann::json Document = loadJsonFile(Path, Bytes);
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
    nlohmann::json Document = loadJsonFile(Path);
    JsonValue Top(Document, Path);
    checkFormat(Top, ThreadProfilesFormat, "Sextant profile-threads.json");
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
