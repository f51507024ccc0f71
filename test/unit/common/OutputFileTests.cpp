//===- test/unit/common/OutputFileTests.cpp -------------------------------===//
//
// Files the user names for output, and the directory rules.
//
// Part of Sextant. common/OutputFile: what may be at an output path, an
// output inside its input, the temporary renamed only on success;
// common/SafeDirectory: the rule that refused a directory, with an injected
// owner for the case that needs another user.
//
//===----------------------------------------------------------------------===//

#include "common/OutputFile.h"
#include "common/SafeDirectory.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <dirent.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace sextant;
using sextant::test::ScratchDirectory;

namespace {

/// The names in Directory, other than "." and "..".
std::vector<std::string> entries(const std::string &Directory) {
  std::vector<std::string> Names;
  DIR *Listing = ::opendir(Directory.c_str());
  REQUIRE(Listing);
  while (dirent *Entry = ::readdir(Listing))
    if (std::string(Entry->d_name) != "." && std::string(Entry->d_name) != "..")
      Names.push_back(Entry->d_name);
  ::closedir(Listing);
  std::sort(Names.begin(), Names.end());
  return Names;
}

} // namespace

TEST_CASE("only a missing or regular file may be replaced", "[outputfile]") {
  ScratchDirectory Scratch("output-kinds");
  Scratch.create();
  std::string Fifo = Scratch.path() + "/fifo", Link = Scratch.path() + "/link";
  REQUIRE(::mkfifo(Fifo.c_str(), 0600) == 0);
  REQUIRE(::symlink("/dev/null", Link.c_str()) == 0);
  struct stat Status;
  REQUIRE(::lstat(Fifo.c_str(), &Status) == 0);
  CHECK(outputFileRuleViolation(Status) == "it is a FIFO");
  REQUIRE(::lstat(Link.c_str(), &Status) == 0);
  CHECK(outputFileRuleViolation(Status) ==
        "it is a symbolic link (Sextant never writes through one)");
  REQUIRE(::stat("/dev/null", &Status) == 0);
  CHECK(outputFileRuleViolation(Status) == "it is a device");
  REQUIRE(::lstat(Scratch.path().c_str(), &Status) == 0);
  CHECK(outputFileRuleViolation(Status) == "it is a directory");

  std::string Error;
  CHECK_FALSE(writeOutputFile(Fifo, "x", ExistingOutput::Replace, Error));
  CHECK(Error == "cannot write '" + Fifo +
                     "': it is a FIFO; only a missing or regular file is "
                     "replaced");
  CHECK(entries(Scratch.path()) == std::vector<std::string>{"fifo", "link"});
}

TEST_CASE("the output replaces a file only when complete", "[outputfile]") {
  ScratchDirectory Scratch("output-commit");
  Scratch.create();
  std::string Path = Scratch.path() + "/out";
  Scratch.write("out", "old");
  OutputFile Output;
  std::string Error;
  REQUIRE(Output.open(Path, ExistingOutput::Replace, Error));
  std::fputs("new", Output.stream());
  // Before commit the old file is whole; a temporary is beside it.
  CHECK(Scratch.read("out") == "old");
  CHECK(entries(Scratch.path()).size() == 2);
  Output.discard();
  CHECK(Scratch.read("out") == "old");
  CHECK(entries(Scratch.path()) == std::vector<std::string>{"out"});

  REQUIRE(Output.open(Path, ExistingOutput::Replace, Error));
  std::fputs("new", Output.stream());
  REQUIRE(Output.commit(Error));
  CHECK(Scratch.read("out") == "new");
  CHECK(entries(Scratch.path()) == std::vector<std::string>{"out"});

  bool Refused = false;
  CHECK_FALSE(
      writeOutputFile(Path, "newer", ExistingOutput::Refuse, Error, &Refused));
  CHECK(Refused);
  CHECK(Error == "'" + Path + "' exists");
  CHECK(Scratch.read("out") == "new");
}

TEST_CASE("an output may not be its input or inside it", "[outputfile]") {
  ScratchDirectory Scratch("output-inside");
  Scratch.create();
  std::string Input = Scratch.path() + "/run1";
  REQUIRE(::mkdir(Input.c_str(), 0700) == 0);
  REQUIRE(::symlink("run1", (Scratch.path() + "/alias").c_str()) == 0);
  CHECK(outputInsideInput(Scratch.path() + "/run1.folded", Input).empty());
  CHECK(outputInsideInput(Scratch.path() + "/run", Input).empty());
  CHECK(outputInsideInput("", Input).empty());
  CHECK(outputInsideInput(Input, Input) ==
        "'" + Input + "' is the input directory '" + Input +
            "' (an output never goes into what it is made from)");
  CHECK(outputInsideInput(Input + "/", Input).find("is the input") !=
        std::string::npos);
  CHECK(outputInsideInput(Input + "/sub/.", Input).find("is inside") !=
        std::string::npos);
  CHECK(outputInsideInput(Scratch.path() + "/alias/x", Input)
            .find("is inside the input directory") != std::string::npos);
  CHECK(outputInsideInput(Input + "/missing/deeper/x", Input)
            .find("is inside the input directory") != std::string::npos);
}

TEST_CASE("a refused directory names its rule", "[safedirectory]") {
  ScratchDirectory Scratch("directory-refusal");
  Scratch.create();
  std::string Open = Scratch.path() + "/open",
              Linked = Scratch.path() + "/linked";
  REQUIRE(::mkdir(Open.c_str(), 0700) == 0);
  REQUIRE(::chmod(Open.c_str(), 0777) == 0);
  REQUIRE(::symlink("open", Linked.c_str()) == 0);
  SafeDirectory Directory;
  std::string Error;
  CHECK_FALSE(Directory.open(Open, /*Create=*/false, Error));
  CHECK(Directory.failureErrno() == 0);
  CHECK(Directory.refusal() ==
        "it is writable by others (mode 0777) without the sticky bit");
  CHECK_FALSE(Directory.open(Linked, /*Create=*/false, Error));
  CHECK(Directory.refusal() == "it is a symbolic link");
  CHECK_FALSE(
      Directory.open(Scratch.path() + "/none", /*Create=*/false, Error));
  CHECK(Directory.failureErrno() == ENOENT);
  CHECK(Directory.refusal().empty());

  // Another user's directory, with the owner injected: the rule itself.
  struct stat Status;
  REQUIRE(::stat(Scratch.path().c_str(), &Status) == 0);
  CHECK(directoryRuleViolation(Status, Status.st_uid).empty());
  CHECK(directoryRuleViolation(Status, Status.st_uid + 1) ==
        "it is owned by user " + std::to_string(Status.st_uid) +
            ", not by user " + std::to_string(Status.st_uid + 1) +
            " (Sextant writes only into directories of the user it runs as)");
}
