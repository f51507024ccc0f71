//===- format/job/JobDirectory.cpp - An MPI job's directory on disk -------===//
//
// Part of Sextant. See JobDirectory.h.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobDirectory.h"

#include "common/FileContents.h"
#include "common/SafeDirectory.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/JsonNesting.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace format {

namespace {

/// The rank of a directory entry named rank-<r>, or -1.
int rankOfEntry(const std::string &Name) {
  size_t Prefix = std::strlen(files::RankDirectoryPrefix);
  if (Name.compare(0, Prefix, files::RankDirectoryPrefix) != 0 ||
      Name.size() == Prefix || Name.size() > Prefix + 9)
    return -1;
  std::string Digits = Name.substr(Prefix);
  if (!std::all_of(Digits.begin(), Digits.end(),
                   [](char C) { return C >= '0' && C <= '9'; }))
    return -1;
  int Rank = std::stoi(Digits);
  return std::to_string(Rank) == Digits ? Rank : -1;
}

bool isDirectory(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0 && S_ISDIR(Status.st_mode);
}

} // namespace

bool findRankDirectories(const std::string &JobDirectory,
                         std::vector<int> &Ranks, std::string &Error) {
  DIR *Directory = ::opendir(JobDirectory.c_str());
  if (!Directory) {
    Error = JobDirectory + ": " + std::strerror(errno);
    return false;
  }
  Ranks.clear();
  while (const dirent *Entry = ::readdir(Directory)) {
    int Rank = rankOfEntry(Entry->d_name);
    if (Rank >= 0 && isDirectory(JobDirectory + "/" + Entry->d_name))
      Ranks.push_back(Rank);
  }
  ::closedir(Directory);
  std::sort(Ranks.begin(), Ranks.end());
  return true;
}

RankFiles readRankFiles(const std::string &JobDirectory, int Rank) {
  std::string Directory =
      JobDirectory + "/" + files::rankDirectoryName(Rank) + "/";
  RankFiles Files;
  Files.Rank = Rank;
  // A file that cannot be opened (missing) stays empty, and the merge names
  // it; one that opens but must not be read (not a regular file, over the
  // size limit, nested too deep) is an error naming it.
  auto Read = [&](const char *Name, size_t MaxNesting, std::string &Text) {
    std::string Path = Directory + Name, Error;
    int Errno = 0;
    if (!readRegularFile(Path, JsonFileLimit, Text, Error, &Errno)) {
      if (Errno != 0)
        return;
      throw std::runtime_error(Path + ": " + Error);
    }
    std::string TooDeep = jsonNestingProblem(Text, MaxNesting);
    if (!TooDeep.empty())
      throw std::runtime_error(Path + ": " + TooDeep);
  };
  Read(files::Profile, CallTreeNesting, Files.Profile);
  Read(files::Regions, MaxJsonNesting, Files.Regions);
  Read(files::Experiment, MaxJsonNesting, Files.Experiment);
  Read(files::Mpi, MaxJsonNesting, Files.Mpi);
  return Files;
}

const std::vector<std::string> &combinedFileNames() {
  static const std::vector<std::string> Names = {
      files::Regions, files::Profile, files::ProfileRanks,
      files::Mpi,     files::Summary, files::Experiment};
  return Names;
}

bool writeCombinedFiles(const std::string &JobDirectory,
                        const CombinedFiles &Files, std::string &Error) {
  SafeDirectory Directory;
  std::string Message;
  if (!Directory.open(JobDirectory, /*Create=*/false, Message)) {
    // A directory rule is named as the runtime names it (errno says
    // nothing then); a failing call as the failure of the first file.
    Error = Directory.failureErrno() == 0
                ? Directory.refusal() + "; nothing is written"
                : (Files.Extra.empty() ? combinedFileNames().front()
                                       : Files.Extra.begin()->first) +
                      ": " + std::strerror(Directory.failureErrno());
    return false;
  }
  const std::string *Contents[] = {&Files.Regions,      &Files.Profile,
                                   &Files.ProfileRanks, &Files.Mpi,
                                   &Files.Summary,      &Files.Experiment};
  for (const auto &[Name, Text] : Files.Extra) {
    if (!Directory.writeFileAtomically(Name, Text, Message)) {
      Error = Name + ": " + std::strerror(errno);
      return false;
    }
  }
  const std::vector<std::string> &Names = combinedFileNames();
  for (size_t I = 0; I < Names.size(); ++I) {
    if (Directory.writeFileAtomically(Names[I], *Contents[I], Message))
      continue;
    Error = Names[I] + ": " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace format
} // namespace sextant
