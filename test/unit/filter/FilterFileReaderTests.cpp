//===- test/unit/filter/FilterFileReaderTests.cpp - Reading limits -------===//
//
// Part of Sextant. readFilterFile() and FilterSet::addFile() on what is not
// a filter file: a FIFO (refused without waiting for a writer), a character
// device, a file over the size limit, a file at the limit; and the
// diagnostics of a filter file with control bytes, shown escaped and cut.
//
//===----------------------------------------------------------------------===//

#include "common/MessageText.h"
#include "filter/FilterFileReader.h"

#include "filter/FilterSet.h"
#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace sextant;
using namespace sextant::filter;

namespace {

std::string readerTempPath(const std::string &Leaf) {
  return test::scratchRoot() + "/reader-" + std::to_string(::getpid()) + "-" +
         Leaf;
}

void writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out << Text;
}

} // namespace

TEST_CASE("readFilterFile reads a regular file whole", "[filter][reader]") {
  std::string Path = readerTempPath("regular.filt");
  writeFile(Path, "SCOREP_REGION_NAMES_BEGIN\nSCOREP_REGION_NAMES_END\n");
  std::string Text, Error;
  CHECK(readFilterFile(Path, Text, Error));
  CHECK(Text == "SCOREP_REGION_NAMES_BEGIN\nSCOREP_REGION_NAMES_END\n");
  CHECK(Error.empty());
  std::remove(Path.c_str());
}

TEST_CASE("readFilterFile refuses a FIFO without waiting for a writer",
          "[filter][reader]") {
  std::string Path = readerTempPath("fifo");
  std::remove(Path.c_str());
  REQUIRE(::mkfifo(Path.c_str(), 0600) == 0);
  std::string Text = "stale", Error;
  // Without O_NONBLOCK, open(2) would block here until a writer came.
  CHECK_FALSE(readFilterFile(Path, Text, Error));
  CHECK(Error == "not a regular file (a FIFO); a filter file must be a "
                 "regular file");
  CHECK(Text.empty());
  std::remove(Path.c_str());
}

TEST_CASE("readFilterFile refuses a device such as /dev/zero",
          "[filter][reader]") {
  std::string Text, Error;
  CHECK_FALSE(readFilterFile("/dev/zero", Text, Error));
  CHECK(Error == "not a regular file (a character device); a filter file "
                 "must be a regular file");
  CHECK(Text.empty());
}

TEST_CASE("readFilterFile refuses a file over the limit and reads one at it",
          "[filter][reader]") {
  std::string Path = readerTempPath("limit.filt");
  writeFile(Path, std::string(100, '#'));
  std::string Text, Error;
  CHECK(readFilterFile(Path, Text, Error, 100));
  CHECK(Text.size() == 100);
  CHECK_FALSE(readFilterFile(Path, Text, Error, 99));
  CHECK(Error == "larger than 99 bytes, the limit of a filter file");
  CHECK(Text.empty());
  CHECK(MaxFilterFileBytes == size_t(256) * 1024 * 1024);

  // A sparse file one byte over the real limit: refused from its size,
  // without reading it.
  REQUIRE(::truncate(Path.c_str(), off_t(MaxFilterFileBytes) + 1) == 0);
  std::vector<Diagnostic> Diags;
  FilterSet Set;
  CHECK_FALSE(Set.addFile(Path, Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].Message == "cannot read filter file: larger than 256 MiB, "
                            "the limit of a filter file");
  std::remove(Path.c_str());
}

TEST_CASE("filter diagnostics show control bytes escaped and long text cut",
          "[filter][reader][diagnostic]") {
  FilterSet Set;
  std::vector<Diagnostic> Diags;
  CHECK_FALSE(Set.addText("\x1b[2Jclear\n", "esc\n.filt", Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].File == "esc\\x0a.filt");
  CHECK(Diags[0].str() ==
        "esc\\x0a.filt:1:1: error: unknown keyword '\\x1b[2Jclear'; expected "
        "a Score-P block ('SCOREP_REGION_NAMES_BEGIN' or "
        "'SCOREP_FILE_NAMES_BEGIN') or a TAU list ('BEGIN_EXCLUDE_LIST', "
        "'BEGIN_INCLUDE_LIST', 'BEGIN_FILE_EXCLUDE_LIST' or "
        "'BEGIN_FILE_INCLUDE_LIST')");

  Diags.clear();
  std::string Huge(100000, 'x');
  CHECK_FALSE(Set.addText(Huge + "\n", "huge.filt", Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].Message.size() < MessageValueLimit + 32);
  CHECK(Diags[0].Message.find("... (") != std::string::npos);
}

TEST_CASE("messageText escapes control bytes and cuts between characters",
          "[filter][reader][diagnostic]") {
  CHECK(messageText("plain") == "plain");
  CHECK(messageText(std::string("a\0b\tc\x7f", 6)) == "a\\x00b\\x09c\\x7f");
  CHECK(messageText("caf\xc3\xa9") == "caf\xc3\xa9"); // UTF-8 kept
  CHECK(messageText("abcdef", 4) == "abcd... (6 bytes)");
  // "é" is two bytes: a cut after its first byte moves before it.
  CHECK(messageText("abc\xc3\xa9z", 4) == "abc... (6 bytes)");
  std::string Out = "x=";
  appendEscaped(Out, "\n");
  CHECK(Out == "x=\\x0a");
}
