//===- test/unit/format/job/JobDirectoryTests.cpp -------------------------===//
//
// A job's directory on disk.
//
// Part of Sextant. format/JobDirectory: finding the rank-<r>/ directories,
// reading a rank's files, and writing the combined view.
//
//===----------------------------------------------------------------------===//

#include "format/job/JobDirectory.h"

#include "common/FileContents.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace sextant::format;

namespace {

/// A fresh directory, removed with its contents at the end of the test.
class ScratchDirectory {
public:
  ScratchDirectory() {
    char Template[] = "/tmp/sextant-job-test-XXXXXX";
    Path = ::mkdtemp(Template);
  }
  ~ScratchDirectory() {
    std::string Command = "rm -rf '" + Path + "'";
    int Ignored = std::system(Command.c_str());
    (void)Ignored;
  }
  std::string Path;
};

void writeText(const std::string &Path, const std::string &Text) {
  std::FILE *File = std::fopen(Path.c_str(), "w");
  REQUIRE(File);
  std::fputs(Text.c_str(), File);
  std::fclose(File);
}

} // namespace

TEST_CASE("rank directories are rank-<r> directories", "[jobdirectory]") {
  ScratchDirectory Job;
  for (const char *Name :
       {"rank-2", "rank-0", "rank-10", "rank-01", "rank-", "rank-x", "ranks-1"})
    REQUIRE(::mkdir((Job.Path + "/" + Name).c_str(), 0777) == 0);
  writeText(Job.Path + "/rank-3", "a file, not a directory");
  std::vector<int> Ranks;
  std::string Error;
  REQUIRE(findRankDirectories(Job.Path, Ranks, Error));
  CHECK(Ranks == std::vector<int>{0, 2, 10});

  CHECK_FALSE(findRankDirectories(Job.Path + "/none", Ranks, Error));
  CHECK(Error == Job.Path + "/none: No such file or directory");
}

TEST_CASE("a rank's files and the combined view", "[jobdirectory]") {
  ScratchDirectory Job;
  REQUIRE(::mkdir((Job.Path + "/rank-1").c_str(), 0777) == 0);
  writeText(Job.Path + "/rank-1/profile.json", "[]");
  writeText(Job.Path + "/rank-1/mpi.json", "{}");
  RankFiles Files = readRankFiles(Job.Path, 1);
  CHECK(Files.Rank == 1);
  CHECK(Files.Profile == "[]");
  CHECK(Files.Mpi == "{}");
  CHECK(Files.Regions.empty());
  CHECK(Files.Experiment.empty());

  CombinedFiles View;
  View.Regions = "r";
  View.Profile = "p";
  View.Experiment = "e";
  View.Mpi = "m";
  View.Summary = "s";
  std::string Error;
  REQUIRE(writeCombinedFiles(Job.Path, View, Error));
  CHECK(sextant::readWholeFile(Job.Path + "/summary.txt") == "s");
  CHECK(sextant::readWholeFile(Job.Path + "/experiment.json") == "e");
  CHECK(combinedFileNames().back() == "experiment.json");

  CHECK_FALSE(writeCombinedFiles(Job.Path + "/none", View, Error));
  CHECK(Error == "regions.json: No such file or directory");
}

TEST_CASE("a refused job directory is refused by its rule, not by errno",
          "[jobdirectory]") {
  // Issue 31, defect 8: the refusal said "regions.json: Success".
  ScratchDirectory Job;
  std::string Open = Job.Path + "/open", Linked = Job.Path + "/linked";
  REQUIRE(::mkdir(Open.c_str(), 0700) == 0);
  REQUIRE(::chmod(Open.c_str(), 0777) == 0);
  REQUIRE(::symlink("open", Linked.c_str()) == 0);
  CombinedFiles View;
  View.Regions = "r";
  std::string Error;
  CHECK_FALSE(writeCombinedFiles(Open, View, Error));
  CHECK(Error == "it is writable by others (mode 0777) without the sticky "
                 "bit; nothing is written");
  CHECK_FALSE(writeCombinedFiles(Linked, View, Error));
  CHECK(Error == "it is a symbolic link; nothing is written");
  CHECK(sextant::readWholeFile(Open + "/regions.json").empty());
}
