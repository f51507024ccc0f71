//===- test/unit/common/FileContentsTests.cpp - Reading files -------------===//
//
// Part of Sextant. readRegularFile reads only a regular file within its
// limit: a FIFO is refused without waiting for a writer (before, open(2)
// blocked), a directory or an oversized file is refused with the reason, a
// missing file reports its errno.
//
//===----------------------------------------------------------------------===//

#include "common/FileContents.h"

#include <catch2/catch.hpp>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace sextant;

namespace {

/// A fresh directory under TMPDIR, removed with its files at the end.
struct ScratchDirectory {
  std::string Path;
  ScratchDirectory() {
    const char *Base = std::getenv("TMPDIR");
    std::string Template =
        std::string(Base && *Base ? Base : "/tmp") + "/sextant-files-XXXXXX";
    REQUIRE(::mkdtemp(Template.data()) != nullptr);
    Path = Template;
  }
  ~ScratchDirectory() {
    for (const char *Name : {"fifo", "file", "big", "sub"}) {
      std::string Full = Path + "/" + Name;
      ::unlink(Full.c_str());
      ::rmdir(Full.c_str());
    }
    ::rmdir(Path.c_str());
  }
  std::string write(const char *Name, const std::string &Text) const {
    std::string Full = Path + "/" + Name;
    std::FILE *Out = std::fopen(Full.c_str(), "wb");
    REQUIRE(Out);
    std::fwrite(Text.data(), 1, Text.size(), Out);
    std::fclose(Out);
    return Full;
  }
};

} // namespace

TEST_CASE("a regular file within the limit is read whole",
          "[common::FileContents]") {
  ScratchDirectory Scratch;
  std::string Path = Scratch.write("file", "{\"a\": 1}\n");
  std::string Text, Error;
  REQUIRE(readRegularFile(Path, JsonFileLimit, Text, Error));
  CHECK(Text == "{\"a\": 1}\n");
}

TEST_CASE("a FIFO is refused at once, not waited on",
          "[common::FileContents]") {
  ScratchDirectory Scratch;
  std::string Path = Scratch.Path + "/fifo";
  REQUIRE(::mkfifo(Path.c_str(), 0600) == 0);
  std::string Text, Error;
  int Errno = -1;
  CHECK_FALSE(readRegularFile(Path, JsonFileLimit, Text, Error, &Errno));
  CHECK(Error == "not a regular file (a FIFO)");
  CHECK(Errno == 0);
  CHECK(Text.empty());
}

TEST_CASE("a directory and a file over the limit are refused",
          "[common::FileContents]") {
  ScratchDirectory Scratch;
  std::string Directory = Scratch.Path + "/sub";
  REQUIRE(::mkdir(Directory.c_str(), 0700) == 0);
  std::string Text, Error;
  CHECK_FALSE(readRegularFile(Directory, JsonFileLimit, Text, Error));
  CHECK(Error == "not a regular file (a directory)");

  std::string Big = Scratch.write("big", std::string(5000, 'x'));
  CHECK_FALSE(readRegularFile(Big, ClaimFileLimit, Text, Error));
  CHECK(Error == "larger than 4 KiB, the limit of a claim file");
  CHECK(Text.empty());
  FileLimit Tiny = {10, "a test file"};
  CHECK_FALSE(readRegularFile(Big, Tiny, Text, Error));
  CHECK(Error == "larger than 10 bytes, the limit of a test file");
}

TEST_CASE("a character device is refused", "[common::FileContents]") {
  std::string Text, Error;
  CHECK_FALSE(readRegularFile("/dev/zero", JsonFileLimit, Text, Error));
  CHECK(Error == "not a regular file (a character device)");
}

TEST_CASE("a missing file gives its errno", "[common::FileContents]") {
  ScratchDirectory Scratch;
  std::string Text, Error;
  int Errno = 0;
  CHECK_FALSE(readRegularFile(Scratch.Path + "/file", JsonFileLimit, Text,
                              Error, &Errno));
  CHECK(Errno == ENOENT);
  CHECK(Error == "No such file or directory");
}
