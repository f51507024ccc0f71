//===- test/unit/wrapper/ResponseFilesTests.cpp ---------------------------===//
//
// Part of Sextant. Tests of the wrappers' reading of response files
// (tools/sextant-wrapper/ResponseFiles.h).
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/ArgumentClassification.h"
#include "tools/sextant-wrapper/ResponseFiles.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;
using sextant::test::ScratchDirectory;

using Words = std::vector<std::string>;

TEST_CASE("response files are tokenized as GCC reads them", "[wrapper]") {
  CHECK(tokenizeResponseFile("-c  a.c\n-o\ta.o\n") ==
        Words{"-c", "a.c", "-o", "a.o"});
  CHECK(tokenizeResponseFile("'-DX=a b' \"-I my dir\"") ==
        Words{"-DX=a b", "-I my dir"});
  CHECK(tokenizeResponseFile("a\\ b.c ''") == Words{"a b.c", ""});
  CHECK(tokenizeResponseFile("") == Words{});
}

static Words expanded(const Words &Args) {
  ResponseFileExpansion Expansion = expandResponseFiles(Args);
  REQUIRE(Expansion.Error.empty());
  return Expansion.Args;
}

static std::string expansionError(const Words &Args,
                                  const ResponseFileLimits &Limits = {}) {
  ResponseFileExpansion Expansion = expandResponseFiles(Args, Limits);
  CHECK(Expansion.Args.empty());
  return Expansion.Error;
}

TEST_CASE("response files are expanded recursively", "[wrapper]") {
  ScratchDirectory Dir("response-files");
  Dir.create();
  Dir.write("inner.rsp", "-c 'x y.c'");
  Dir.write("outer.rsp", "-O2 @" + Dir.file("inner.rsp"));
  CHECK(expanded({"@" + Dir.file("outer.rsp"), "-o", "x.o"}) ==
        Words{"-O2", "-c", "x y.c", "-o", "x.o"});
  // A missing file and a directory stay as they are.
  CHECK(expanded({"@missing.rsp"}) == Words{"@missing.rsp"});
  CHECK(expanded({"@" + Dir.path()}) == Words{"@" + Dir.path()});
  // The same file twice side by side is no recursion.
  CHECK(expanded({"@" + Dir.file("inner.rsp"), "@" + Dir.file("inner.rsp")}) ==
        Words{"-c", "x y.c", "-c", "x y.c"});
  // Classification sees through them: a compile line.
  CHECK(classifyArguments(expanded({"@" + Dir.file("outer.rsp")})).Kind ==
        LineKind::Compile);
}

TEST_CASE("a response file that includes itself is an error", "[wrapper]") {
  ScratchDirectory Dir("response-files-recursive");
  Dir.create();
  std::string Two = Dir.file("two.rsp");
  // Issue 31 #6: 2^32 expansions before the bound on depth alone ended.
  Dir.write("two.rsp", "@" + Two + " @" + Two);
  CHECK(expansionError({"@" + Two}) ==
        "response file '" + Two + "' includes itself (recursive expansion: @" +
            Two + " -> @" + Two + ")");
  // Through another file, and under another spelling of the same file.
  std::string A = Dir.file("a.rsp"), B = Dir.file("b.rsp");
  Dir.write("a.rsp", "-c @" + B);
  Dir.write("b.rsp", "-g @" + Dir.path() + "/./a.rsp");
  CHECK(expansionError({"-O2", "@" + A}) == "response file '" + Dir.path() +
                                                "/./a.rsp' includes itself "
                                                "(recursive expansion: @" +
                                                A + " -> @" + B + " -> @" +
                                                Dir.path() + "/./a.rsp)");
}

TEST_CASE("response files nest at most 32 levels deep", "[wrapper]") {
  ScratchDirectory Dir("response-files-deep");
  Dir.create();
  auto Level = [&](int N) { return Dir.file("level" + std::to_string(N)); };
  for (int N = 1; N <= 33; ++N)
    Dir.write("level" + std::to_string(N), N == 33 ? "-c" : "@" + Level(N + 1));
  // 32 files deep is accepted ...
  CHECK(expanded({"@" + Level(2)}) == Words{"-c"});
  // ... the 33rd level is not.
  std::string Error = expansionError({"@" + Level(1)});
  CHECK(Error.rfind("response file '" + Level(33) +
                        "' is nested deeper than 32 levels (@" + Level(1) +
                        " -> @" + Level(2) + " -> ",
                    0) == 0);
}

TEST_CASE("response files are bounded in words and bytes", "[wrapper]") {
  ScratchDirectory Dir("response-files-bounds");
  Dir.create();
  // Without recursion, files that each name the next twice double the words
  // at each level: the total bound ends it.
  for (int N = 1; N <= 30; ++N) {
    std::string Next = "@" + Dir.file("fan" + std::to_string(N + 1));
    Dir.write("fan" + std::to_string(N), N == 30 ? "-c" : Next + " " + Next);
  }
  ResponseFileLimits Small;
  Small.MaxArguments = 1000;
  CHECK(expansionError({"@" + Dir.file("fan1")}, Small) ==
        "the command line with its response files has more than 1000 "
        "arguments (in '" +
            Dir.file("fan30") + "')");
  CHECK(ResponseFileLimits().MaxArguments == 1048576);
  // Bytes: every file read counts.
  Dir.write("big.rsp", std::string(5000, 'x'));
  Small.MaxBytes = 4096;
  CHECK(expansionError({"@" + Dir.file("big.rsp")}, Small) ==
        "response file '" + Dir.file("big.rsp") +
            "': response files are larger than 4096 bytes in all");
  CHECK(ResponseFileLimits().MaxBytes == 64u * 1024 * 1024);
  // The words of the line itself count too.
  Small.MaxArguments = 2;
  CHECK(expansionError({"-a", "-b", "-c"}, Small) ==
        "the command line with its response files has more than 2 arguments");
}
