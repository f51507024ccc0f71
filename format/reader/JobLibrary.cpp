//===- format/reader/JobLibrary.cpp - A job's library-<name>.json ---------===//
//
// Part of Sextant. See JobLibrary.h.
//
//===----------------------------------------------------------------------===//

#include "format/reader/JobLibrary.h"
#include "common/FileContents.h"
#include "format/job/CrossRankStatistics.h"
#include "format/job/JobSummary.h"
#include "format/job/JsonDocument.h"
#include "format/profile/TextLayout.h"
#include "format/reader/JsonInput.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonWriter.h"

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <limits>
#include <set>

namespace sextant {
namespace format {

using nlohmann::json;

namespace {

namespace k = library_keys;

/// A rank or a job's size: an integer from -1 to INT_MAX.
int readRankNumber(const JsonValue &Value) {
  int64_t Number = Value.asInteger();
  if (Number < -1 || Number > std::numeric_limits<int>::max())
    Value.fail("is " + std::to_string(Number) +
               ", expected -1 or a rank (0 or more)");
  return static_cast<int>(Number);
}

LibraryFunctionCalls readFunction(const JsonValue &Entry) {
  Entry.expectObject("a function's counters");
  LibraryFunctionCalls F;
  F.Name = Entry.member(k::Name, "the function's name").asString();
  for (size_t I = 0; I < k::FunctionFieldCount; ++I)
    F.*LibraryFunctionMembers[I] =
        Entry.member(k::FunctionFields[I], "a count").asUnsigned();
  return F;
}

SparseTraffic readTraffic(const JsonValue &List) {
  List.expectArray("a list of partners with traffic");
  std::map<int, Traffic> Partners;
  for (size_t I = 0; I < List.raw().size(); ++I) {
    JsonValue Entry = List.element(I);
    Entry.expectObject("a partner's traffic");
    JsonValue Partner = Entry.member(job_keys::Partner, "a rank");
    int Rank = readRankNumber(Partner);
    if (Rank < 0)
      Partner.fail("is -1, expected a rank (0 or more)");
    if (Partners.count(Rank))
      Partner.fail("is " + std::to_string(Rank) + ", listed before");
    Traffic &T = Partners[Rank];
    for (size_t F = 0; F < job_keys::TrafficFieldCount; ++F)
      T.*TrafficMembers[F] =
          Entry.member(job_keys::TrafficFields[F], "a count").asUnsigned();
  }
  return SparseTraffic(Partners.begin(), Partners.end());
}

} // namespace

RankLibraryCalls readRankLibraryJson(const std::string &Text,
                                     const std::string &Path) {
  std::string TooDeep = jsonNestingProblem(Text);
  if (!TooDeep.empty())
    throw InputError(Path + ": " + TooDeep);
  json Document = parseJsonDocument(Text);
  if (Document.is_discarded())
    throw InputError(Path + ": not valid JSON (" +
                     (Text.empty() ? std::string("empty")
                                   : std::to_string(Text.size()) + " bytes") +
                     ")");
  JsonValue Top(Document, Path);
  checkFileFormat(Top, LibraryFormat, "Sextant library-<name>.json");
  RankLibraryCalls Calls;
  JsonValue Name = Top.member(k::Library, "the library's name");
  Calls.Library = Name.asString();
  if (!isLibraryName(Calls.Library))
    Name.fail("\"" + Calls.Library + "\" is not a library name");
  Calls.Rank = readRankNumber(Top.member(k::Rank, "the process's rank"));
  Calls.RankCount = readRankNumber(Top.member(k::Ranks, "the job's size"));
  JsonValue Functions = Top.member(k::Functions, "a list of functions");
  Functions.expectArray("a list of functions");
  for (size_t I = 0; I < Functions.raw().size(); ++I)
    Calls.Functions.push_back(readFunction(Functions.element(I)));
  Calls.Traffic = readTraffic(Top.member(k::Traffic, "a list of partners"));
  Calls.PeersOutOfRange =
      Top.member(k::PeersOutOfRange, "a count").asUnsigned();
  return Calls;
}

JobLibrary jobLibrary(const std::string &Library,
                      const std::vector<RankLibraryCalls> &Ranks,
                      int RankCount) {
  JobLibrary Job;
  Job.Library = Library;
  Job.RankCount = std::max(RankCount, 0);
  size_t Count = static_cast<size_t>(Job.RankCount);
  Job.Traffic.resize(Count);
  std::set<int> Seen;
  for (const RankLibraryCalls &R : Ranks) {
    if (R.Rank < 0 || R.Rank >= Job.RankCount || !Seen.insert(R.Rank).second)
      continue;
    size_t Rank = static_cast<size_t>(R.Rank);
    Job.PeersOutOfRange += R.PeersOutOfRange;
    for (const LibraryFunctionCalls &F : R.Functions) {
      auto &Fields = Job.Functions[F.Name];
      for (size_t I = 0; I < k::FunctionFieldCount; ++I) {
        Fields[I].PerRank.resize(Count);
        Fields[I].PerRank[Rank] += double(F.*LibraryFunctionMembers[I]);
      }
    }
    for (const auto &[Partner, T] : R.Traffic) {
      if (Partner >= Job.RankCount)
        Job.PeersOutOfRange += T.MessagesSent + T.MessagesReceived;
      else if (!T.empty())
        Job.Traffic[Rank].push_back({Partner, T});
    }
  }
  Job.RanksRead.assign(Seen.begin(), Seen.end());
  for (auto &[Name, Fields] : Job.Functions)
    for (FunctionStatistics &F : Fields) {
      F.Statistics = rankStatistics(F.PerRank);
      for (double Value : F.PerRank)
        F.Total += Value;
    }
  return Job;
}

void readRankLibraries(const std::string &JobDirectory, int Rank,
                       RankLibraries &Libraries,
                       std::vector<std::string> &Problems) {
  std::string Directory = JobDirectory + "/" + files::rankDirectoryName(Rank);
  DIR *Listing = ::opendir(Directory.c_str());
  if (!Listing)
    return; // the rank's other files report it
  std::vector<std::string> Names;
  size_t Prefix = std::strlen(files::LibraryPrefix);
  size_t Suffix = std::strlen(files::LibrarySuffix);
  while (const dirent *Entry = ::readdir(Listing)) {
    std::string Name = Entry->d_name;
    if (Name.size() > Prefix + Suffix &&
        Name.compare(0, Prefix, files::LibraryPrefix) == 0 &&
        Name.compare(Name.size() - Suffix, Suffix, files::LibrarySuffix) == 0)
      Names.push_back(Name);
  }
  ::closedir(Listing);
  std::sort(Names.begin(), Names.end());
  for (const std::string &Name : Names) {
    std::string Path = Directory + "/" + Name;
    try {
      std::string Text, Error;
      if (!readRegularFile(Path, JsonFileLimit, Text, Error))
        throw InputError(Path + ": cannot read: " + Error);
      RankLibraryCalls Calls = readRankLibraryJson(Text, Path);
      if (files::libraryFileName(Calls.Library) != Name)
        throw InputError(Path + ": \"library\" is \"" + Calls.Library +
                         "\", which is not the file's name");
      Calls.Rank = Rank;
      Libraries[Calls.Library].push_back(std::move(Calls));
    } catch (const InputError &Failure) {
      Problems.push_back(std::string(Failure.what()) +
                         "; the file is left out of the job's view");
    }
  }
}

void addJobLibraries(const RankLibraries &Libraries, int RankCount,
                     CombinedFiles &Combined) {
  for (const auto &[Name, Ranks] : Libraries) {
    JobLibrary Job = jobLibrary(Name, Ranks, RankCount);
    Combined.Extra.emplace_back(files::libraryFileName(Name),
                                jobLibraryJson(Job));
    std::string Section = jobLibrarySummary(Job);
    Combined.Summary += Section;
    Combined.CrossRankView += Section;
  }
}

std::string jobLibraryJson(const JobLibrary &Job) {
  json Functions = json::array();
  for (const auto &[Name, Fields] : Job.Functions) {
    json F = {{k::Name, Name}};
    for (size_t I = 0; I < k::FunctionFieldCount; ++I)
      F[k::FunctionFields[I]] = functionStatisticsJson(Fields[I]);
    Functions.push_back(std::move(F));
  }
  json Out = {{keys::Format, JobLibraryFormat.Name},
              {keys::FormatVersion, JobLibraryFormat.Version},
              {k::Library, Job.Library},
              {k::Ranks, Job.RankCount},
              {k::RanksRead, Job.RanksRead},
              {k::Functions, std::move(Functions)},
              {k::Traffic, matrixJson(Job.Traffic)},
              {k::PeersOutOfRange, Job.PeersOutOfRange}};
  return renderJsonDocument(Out, 2);
}

std::string jobLibrarySummary(const JobLibrary &Job) {
  std::string File = files::libraryFileName(Job.Library);
  std::string S = "\nLibrary " + Job.Library + " (" + File +
                  "): " + std::to_string(Job.RanksRead.size()) + " of " +
                  std::to_string(Job.RankCount) +
                  " rank(s) read; calls and bytes per function\n";
  S += "  calls total   min/rank  mean/rank   max/rank   bytes total  "
       "collective  function\n";
  for (const auto &[Name, Fields] : Job.Functions) {
    const FunctionStatistics &Calls = Fields[0];
    S += padLeft(formatFixed(Calls.Total, 0), 13) + " " +
         padLeft(formatFixed(Calls.Statistics.Min, 0), 10) + " " +
         padLeft(formatFixed(Calls.Statistics.Mean, 1), 10) + " " +
         padLeft(formatFixed(Calls.Statistics.Max, 0), 10) + " " +
         padLeft(formatFixed(Fields[1].Total, 0), 13) + " " +
         padLeft(formatFixed(Fields[2].Total, 0), 11) + "  " + Name + "\n";
  }
  std::string Title = "Library " + Job.Library;
  MatrixView View = {Title.c_str(),
                     File.c_str(),
                     k::Traffic,
                     "bytes sent (puts, atomics)",
                     "bytes sent",
                     &Traffic::BytesSent,
                     "bytes received (gets, fetches)",
                     "bytes received",
                     &Traffic::BytesReceived};
  S += matrixText(View, Job.Traffic);
  if (Job.PeersOutOfRange)
    S += "Transfers with a peer outside the job: " +
         std::to_string(Job.PeersOutOfRange) + "\n";
  return S;
}

} // namespace format
} // namespace sextant
