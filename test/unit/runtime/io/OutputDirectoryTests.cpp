//===- test/unit/runtime/io/OutputDirectoryTests.cpp ----------------------===//
//
// Experiment directory.
//
// Part of Sextant. The default directory name, path joining, creating
// directories with parents and atomic file writes.
//
//===----------------------------------------------------------------------===//

#include "runtime/io/OutputDirectory.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <dirent.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace sextant::runtime;

namespace {

std::tm makeTime(int Year, int Month, int Day, int Hour, int Minute,
                 int Second) {
  std::tm Time{};
  Time.tm_year = Year - 1900;
  Time.tm_mon = Month - 1;
  Time.tm_mday = Day;
  Time.tm_hour = Hour;
  Time.tm_min = Minute;
  Time.tm_sec = Second;
  return Time;
}

std::vector<std::string> listDirectory(const std::string &Path) {
  std::vector<std::string> Names;
  if (DIR *Directory = opendir(Path.c_str())) {
    while (dirent *Entry = readdir(Directory)) {
      std::string Name = Entry->d_name;
      if (Name != "." && Name != "..")
        Names.push_back(Name);
    }
    closedir(Directory);
  }
  return Names;
}

std::string readFile(const std::string &Path) {
  std::ifstream In(Path);
  std::stringstream Contents;
  Contents << In.rdbuf();
  return Contents.str();
}

} // namespace

TEST_CASE("the default directory name has program, time and pid",
          "[OutputDirectory]") {
  std::tm Start = makeTime(2024, 3, 7, 9, 5, 2);
  CHECK(experimentDirectoryName("heat2d", Start, 4242) ==
        "sextant-heat2d-20240307-090502-4242");
  CHECK(experimentDirectoryName("/usr/local/bin/miniFE.x", Start, 1) ==
        "sextant-miniFE.x-20240307-090502-1");
  CHECK(experimentDirectoryName("./a.out", makeTime(1999, 12, 31, 23, 59, 59),
                                77) == "sextant-a.out-19991231-235959-77");
}

TEST_CASE("odd program names are made safe for a directory name",
          "[OutputDirectory]") {
  std::tm Start = makeTime(2024, 1, 1, 0, 0, 0);
  CHECK(experimentDirectoryName("my prog*", Start, 5) ==
        "sextant-my_prog_-20240101-000000-5");
  CHECK(experimentDirectoryName("", Start, 5) ==
        "sextant-program-20240101-000000-5");
  CHECK(experimentDirectoryName("/opt/tool/", Start, 5) ==
        "sextant-tool-20240101-000000-5");
  CHECK(experimentDirectoryName("caf\xc3\xa9", Start, 5) ==
        "sextant-caf__-20240101-000000-5");
}

TEST_CASE("relative paths are resolved against the start directory",
          "[OutputDirectory]") {
  CHECK(absolutePath("out", "/home/u") == "/home/u/out");
  CHECK(absolutePath("/abs/out", "/home/u") == "/abs/out");
  CHECK(absolutePath("out", "") == "out");
  CHECK(absolutePath("a/b", "/") == "/a/b");
  CHECK(sextant::joinPath("/x/", "f.txt") == "/x/f.txt");
  CHECK(sextant::joinPath("/x", "f.txt") == "/x/f.txt");
}

TEST_CASE("createDirectories creates parents and accepts existing ones",
          "[OutputDirectory]") {
  sextant::test::ScratchDirectory Scratch("output-directory-create");
  std::string Base = Scratch.path();
  std::string Deep = Base + "/a/b/c";
  std::string Error;
  REQUIRE(createDirectories(Deep, Error));
  struct stat Status;
  REQUIRE(stat(Deep.c_str(), &Status) == 0);
  CHECK(S_ISDIR(Status.st_mode));
  CHECK(createDirectories(Deep, Error)); // already there
  CHECK(createDirectories(Base + "/a/b/c/", Error));
}

TEST_CASE("createDirectories reports why it failed", "[OutputDirectory]") {
  sextant::test::ScratchDirectory Scratch("output-directory-fail");
  std::string Base = Scratch.path();
  std::string Error;
  REQUIRE(createDirectories(Base, Error));
  std::string File = Base + "/plain-file";
  std::ofstream(File) << "x";
  CHECK_FALSE(createDirectories(File, Error));
  CHECK(Error == "File exists");
  CHECK_FALSE(createDirectories(File + "/below", Error));
  CHECK(Error == "Not a directory");
}

TEST_CASE("files are written completely and without leftovers",
          "[OutputDirectory]") {
  sextant::test::ScratchDirectory Scratch("output-directory-write");
  std::string Base = Scratch.path();
  std::string Error;
  REQUIRE(createDirectories(Base, Error));
  REQUIRE(sextant::writeFileAtomically(Base, "a.txt", "first", Error));
  REQUIRE(sextant::writeFileAtomically(Base, "a.txt", "second\n", Error));
  CHECK(readFile(Base + "/a.txt") == "second\n");
  CHECK(listDirectory(Base) == std::vector<std::string>{"a.txt"});

  std::string Large(3 << 20, 'x');
  REQUIRE(sextant::writeFileAtomically(Base, "large.json", Large, Error));
  CHECK(readFile(Base + "/large.json") == Large);
}

TEST_CASE("a failed write names the file and the reason", "[OutputDirectory]") {
  sextant::test::ScratchDirectory Scratch("output-directory-missing");
  std::string Base = Scratch.path();
  std::string Error;
  CHECK_FALSE(sextant::writeFileAtomically(Base, "a.txt", "x", Error));
  CHECK(Error ==
        "cannot write '" + Base + "/a.txt': No such file or directory");
}
