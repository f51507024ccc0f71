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
  CHECK(tokenizeResponseFile("-c  a.c\n-o\ta.o\n") == Words{"-c", "a.c", "-o", "a.o"});
  CHECK(tokenizeResponseFile("'-DX=a b' \"-I my dir\"") ==
        Words{"-DX=a b", "-I my dir"});
  CHECK(tokenizeResponseFile("a\\ b.c ''") == Words{"a b.c", ""});
  CHECK(tokenizeResponseFile("") == Words{});
}

TEST_CASE("response files are expanded recursively", "[wrapper]") {
  ScratchDirectory Dir("response-files");
  Dir.create();
  Dir.write("inner.rsp", "-c 'x y.c'");
  Dir.write("outer.rsp", "-O2 @" + Dir.file("inner.rsp"));
  Dir.write("self.rsp", "-g @" + Dir.file("self.rsp"));
  CHECK(expandResponseFiles({"@" + Dir.file("outer.rsp"), "-o", "x.o"}) ==
        Words{"-O2", "-c", "x y.c", "-o", "x.o"});
  // A missing file stays as it is; a file that includes itself ends.
  CHECK(expandResponseFiles({"@missing.rsp"}) == Words{"@missing.rsp"});
  CHECK(expandResponseFiles({"@" + Dir.file("self.rsp")}).size() == 33);
  // Classification sees through them: a compile line.
  CHECK(classifyArguments(expandResponseFiles({"@" + Dir.file("outer.rsp")}))
            .Kind == LineKind::Compile);
}
