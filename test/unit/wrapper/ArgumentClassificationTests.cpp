//===- test/unit/wrapper/ArgumentClassificationTests.cpp ------------------===//
//
// Part of Sextant. Tests of the wrappers' classification of compiler lines
// (tools/sextant-wrapper/ArgumentClassification.h).
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/ArgumentClassification.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;

namespace {
std::string kindOf(std::vector<std::string> Args) {
  return lineKindName(classifyArguments(Args).Kind);
}
} // namespace

TEST_CASE("compile, link and compile-and-link lines", "[wrapper]") {
  CHECK(kindOf({"-O2", "-c", "a.c"}) == "compile");
  CHECK(kindOf({"-c", "-o", "a.o", "a.cpp"}) == "compile");
  CHECK(kindOf({"-S", "a.c"}) == "compile");
  CHECK(kindOf({"-MD", "-MF", "a.d", "-c", "a.c"}) == "compile");
  CHECK(kindOf({"a.c", "b.o", "-o", "app"}) == "compile-and-link");
  CHECK(kindOf({"prog.f90", "-o", "prog"}) == "compile-and-link");
  CHECK(kindOf({"a.o", "b.o", "-lm", "-o", "app"}) == "link");
  CHECK(kindOf({"-shared", "a.o", "-o", "libx.so"}) == "link");
  // -x makes any input a source; -x none ends that.
  CHECK(kindOf({"-x", "c", "-", "-o", "app"}) == "compile-and-link");
  CHECK(kindOf({"-xc++", "input", "-c"}) == "compile");
  CHECK(kindOf({"-x", "c", "-x", "none", "a.o"}) == "link");
  // The value of an option is not an input: -o a.c does not compile.
  CHECK(kindOf({"b.o", "-o", "a.c"}) == "link");
  CHECK(kindOf({"-I", "inc.c", "b.o"}) == "link");
}

TEST_CASE("lines that stop before compiling", "[wrapper]") {
  CHECK(kindOf({"-E", "a.c"}) == "preprocess");
  CHECK(kindOf({"-M", "a.c"}) == "preprocess");
  CHECK(kindOf({"-MM", "-MF", "a.d", "a.c"}) == "preprocess");
  CHECK(kindOf({"-fsyntax-only", "a.c"}) == "syntax-only");
  // -MD/-MMD write dependencies while compiling.
  CHECK(kindOf({"-MM", "-MD", "-c", "a.c"}) == "compile");
}

TEST_CASE("probes of the compiler", "[wrapper]") {
  CHECK(kindOf({"--version"}) == "probe");
  CHECK(kindOf({"-v"}) == "no-input");
  CHECK(kindOf({}) == "no-input");
  CHECK(kindOf({"-###", "a.c"}) == "probe");
  CHECK(kindOf({"-dumpversion"}) == "probe");
  CHECK(kindOf({"-print-prog-name=ld"}) == "probe");
  CHECK(kindOf({"-print-search-dirs"}) == "probe");
  CHECK(kindOf({"-show"}) == "probe");
  CHECK(kindOf({"-cc=clang-19", "-show", "a.c"}) == "probe");
  // -v with inputs is a real compile.
  CHECK(kindOf({"-v", "-c", "a.c"}) == "compile");
}

TEST_CASE("configure-time probes", "[wrapper]") {
  CHECK(kindOf({"-o", "conftest", "-g", "-O2", "conftest.c"}) ==
        "configure-probe");
  CHECK(kindOf({"-c", "-g", "conftest.c"}) == "configure-probe");
  CHECK(kindOf({"conftest.o", "-oconftest"}) == "configure-probe");
  CHECK(kindOf({"-c", "/b/CMakeFiles/CMakeScratch/TryCompile-x/src.c"}) ==
        "configure-probe");
  CHECK(kindOf({"CMakeFiles/cmTC_1a2b.dir/testCCompiler.c.o", "-o",
                "cmTC_1a2b"}) == "configure-probe");
  CHECK(kindOf({"-c", "CMakeCCompilerId.c"}) == "configure-probe");
  CHECK(kindOf({"-c", "myconf.c"}) == "compile");
}

TEST_CASE("debug options, LTO, linker, MPI, static and shared", "[wrapper]") {
  CHECK_FALSE(classifyArguments({"-c", "a.c"}).HasDebugOption);
  for (const char *G : {"-g", "-g0", "-g3", "-ggdb", "-gdwarf-4",
                        "-gline-tables-only", "-gsplit-dwarf"})
    CHECK(classifyArguments({G, "-c", "a.c"}).HasDebugOption);
  CHECK_FALSE(classifyArguments({"-gz", "-c", "a.c"}).HasDebugOption);
  CHECK_FALSE(classifyArguments({"-gno-column-info", "-c", "a.c"}).HasDebugOption);

  CHECK(classifyArguments({"-flto", "-c", "a.c"}).Lto);
  CHECK(classifyArguments({"-flto=thin", "a.o"}).Lto);
  CHECK_FALSE(classifyArguments({"-flto", "-fno-lto", "a.o"}).Lto);
  CHECK(classifyArguments({"-fuse-ld=gold", "a.o"}).FuseLd == "gold");

  ArgumentSummary Mpi = classifyArguments({"a.o", "-lm", "-lmpich", "-lmpi"});
  CHECK(Mpi.LinksMpi);
  CHECK(Mpi.FirstMpiLibrary == 2);
  CHECK(classifyArguments({"a.o", "-l", "mpi"}).FirstMpiLibrary == 1);
  CHECK(classifyArguments({"a.o", "/usr/lib/libmpi.so.12"}).FirstMpiLibrary == 1);
  CHECK_FALSE(classifyArguments({"a.o", "-lm", "-lmpfr"}).LinksMpi);

  CHECK(classifyArguments({"-static", "a.o"}).Static);
  CHECK(classifyArguments({"-shared", "a.o"}).Shared);
  CHECK(classifyArguments({"-fplugin=/opt/s/lib/SextantPlugin.so", "-c", "a.c"})
            .LoadsSextantPlugin);
  CHECK(classifyArguments({"-cc=clang-19", "a.c"}).MpiWrapperOptions ==
        std::vector<std::string>{"-cc=clang-19"});
}

TEST_CASE("source files by extension", "[wrapper]") {
  for (const char *Source : {"a.c", "a.cc", "a.cpp", "a.C", "dir/a.cxx",
                             "a.f90", "a.F90", "a.f", "a.s", "a.S"})
    CHECK(isSourceFile(Source));
  for (const char *Other : {"a.o", "liba.a", "libb.so", "app", "a.c/obj",
                            "a.h.gch", "libm.so.6"})
    CHECK_FALSE(isSourceFile(Other));
}
