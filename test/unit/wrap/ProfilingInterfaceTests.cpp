//===- test/unit/wrap/ProfilingInterfaceTests.cpp - The P+SYMBOL form -----===//
//
// Part of Sextant. `sextant wrap generate` (generateWrapper) with an
// annotation file that selects the profiling-interface form: a C header
// parsed as C, the functions without a declared profiling counterpart
// skipped, hooks and the call table, FunctionId in name order, a hook that
// matches no function an error with file:line; and the MPI adapter's own
// annotations (wrap/interfaces/mpi.annotations) against the MPI headers
// found at configure time and against the hook structs of its hook headers
// (mpi/*Hooks.h).
//
//===----------------------------------------------------------------------===//

#include "test/unit/support/ScratchDirectory.h"
#include "test/unit/support/SkipTest.h"
#include "wrap/generator/AnnotationFile.h"
#include "wrap/generator/WrapGenerator.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>

using namespace sextant::wrap;
using sextant::test::ScratchDirectory;

namespace {

bool contains(const std::string &Text, const std::string &Part) {
  if (Text.find(Part) != std::string::npos)
    return true;
  UNSCOPED_INFO("missing: " << Part << "\nin:\n" << Text);
  return false;
}

// A C header (`restrict` and an unnamed array parameter do not parse as
// C++) with profiling counterparts for some functions.
const char DemoHeader[] =
    "int DEMO_Send(const void *restrict buffer, int);\n"
    "int PDEMO_Send(const void *restrict buffer, int);\n"
    "int DEMO_Send_c(const void *restrict buffer, long);\n"
    "int PDEMO_Send_c(const void *restrict buffer, long);\n"
    "int DEMO_Ranges(int ranges[][3]);\n"
    "int PDEMO_Ranges(int ranges[][3]);\n"
    "int DEMO_Control(const int level, ...);\n"
    "int PDEMO_Control(const int level, ...);\n"
    "double DEMO_Alone(void);\n";

const char DemoAnnotations[] = "parse-as c\n"
                               "profiling-interface P\n"
                               "region-kind mpi\n"
                               "include demo/Region.h\n"
                               "call-table ::demo\n"
                               "hooks ::demo::hooks\n"
                               "variant-suffix _c\n"
                               "function DEMO_Control\n"
                               "  forward-fixed-arguments\n"
                               "function DEMO_Send\n"
                               "  hook\n";

GenerateOptions demoOptions(const ScratchDirectory &Directory) {
  GenerateOptions Options;
  Options.Name = "Demo";
  Options.Headers = {Directory.file("demo.h")};
  Options.AnnotationPath = Directory.file("demo.annotations");
  Options.OutputDirectory = Directory.path();
  return Options;
}

} // namespace

TEST_CASE("the profiling-interface form from a C header", "[wrap]") {
  ScratchDirectory Directory("profiling-interface");
  Directory.create();
  Directory.write("demo.h", DemoHeader);
  Directory.write("demo.annotations", DemoAnnotations);
  std::ostringstream Out, Err;
  REQUIRE(generateWrapper(demoOptions(Directory), Out, Err));
  CHECK(Err.str().empty());
  std::string Source = Directory.read("Demo.wrap.cpp");
  CHECK(contains(Source, "#include \"demo/Region.h\""));
  CHECK(contains(Source, "namespace demo {\nconst WrapperInfo Wrappers[] = {\n"
                         "    {\"DEMO_Control\", false},\n"
                         "    {\"DEMO_Ranges\", false},\n"
                         "    {\"DEMO_Send\", true},\n"
                         "    {\"DEMO_Send_c\", true},\n};\n"));
  CHECK(contains(Source, "int DEMO_Ranges(int ranges[][3]) {"));
  CHECK(contains(Source, "return PDEMO_Control(level);"));
  CHECK(contains(Source, "::demo::hooks::DEMO_Send::before(sextant_pending, "
                         "buffer, sextant_argument_1);\n"
                         "  int sextant_result = PDEMO_Send_c(buffer, "
                         "sextant_argument_1);"));
  CHECK(contains(Directory.read("Demo.ids.h"),
                 "enum class FunctionId : unsigned {\n  DEMO_Control,\n"
                 "  DEMO_Ranges,\n  DEMO_Send,\n  DEMO_Send_c,\n};\n"
                 "constexpr unsigned FunctionCount = 4;\n"));
  CHECK(contains(Directory.read("Demo.functions"),
                 "skipped\tDEMO_Alone\tno profiling counterpart PDEMO_Alone "
                 "declared\n"));
}

TEST_CASE("a hook that matches no function fails with file:line", "[wrap]") {
  ScratchDirectory Directory("profiling-interface-hook");
  Directory.create();
  Directory.write("demo.h", DemoHeader);
  Directory.write("demo.annotations", std::string(DemoAnnotations) +
                                          "function DEMO_Recv\n  hook\n");
  std::ostringstream Out, Err;
  CHECK_FALSE(generateWrapper(demoOptions(Directory), Out, Err));
  CHECK(contains(Err.str(), Directory.file("demo.annotations") +
                                ":12: error: the hook of 'DEMO_Recv' matches "
                                "no function of the headers"));
}

TEST_CASE("mpi.annotations against the configured MPI headers", "[wrap]") {
  std::vector<std::string> Headers = {SEXTANT_TEST_MPI_HEADERS};
  if (Headers.empty()) {
    sextant::test::skipTest("no MPI header found at configure time");
    return;
  }
  std::string Annotations =
      std::string(SEXTANT_TEST_SOURCE_DIR) + "/wrap/interfaces/mpi.annotations";
  for (const std::string &Header : Headers) {
    INFO(Header);
    ScratchDirectory Directory("profiling-interface-mpi");
    Directory.create();
    GenerateOptions Options;
    Options.Name = "MpiWrappers";
    Options.Headers = {Header};
    Options.CompilerArguments = {"-I" + Header.substr(0, Header.rfind('/'))};
    Options.FilterPath =
        std::string(SEXTANT_TEST_SOURCE_DIR) + "/wrap/interfaces/mpi.filter";
    Options.OutputDirectory = Directory.path();
    std::ostringstream Out, Err;
    // A hook naming no MPI function: an error at its line.
    std::ifstream In(Annotations);
    std::stringstream Text;
    Text << In.rdbuf();
    unsigned Lines = 0;
    for (char C : Text.str())
      Lines += C == '\n';
    Directory.write("mpi.annotations",
                    Text.str() + "function MPI_Nonexistent\n  hook\n");
    Options.AnnotationPath = Directory.file("mpi.annotations");
    CHECK_FALSE(generateWrapper(Options, Out, Err));
    CHECK(contains(Err.str(), Directory.file("mpi.annotations") + ":" +
                                  std::to_string(Lines + 1) +
                                  ": error: the hook of 'MPI_Nonexistent' "
                                  "matches no function of the headers"));
    // The real file: MPI_Send and its hook, MPI_Pcontrol's fixed argument.
    Options.AnnotationPath = Annotations;
    Err.str("");
    REQUIRE(generateWrapper(Options, Out, Err));
    CHECK(Err.str().empty());
    std::string Source = Directory.read("MpiWrappers.wrap.cpp");
    CHECK(contains(Source, "    {\"MPI_Send\", true},\n"));
    CHECK(contains(Source, "  return PMPI_Pcontrol(level);\n"));
  }
}

TEST_CASE("every hook struct of the hook headers is annotated", "[wrap]") {
  // The other direction needs no test: a hook without its struct does not
  // compile. The hook headers (mpi/*Hooks.h) are the annotation file's
  // includes.
  std::string Root = SEXTANT_TEST_SOURCE_DIR;
  AnnotationFile File;
  std::vector<std::string> Errors;
  REQUIRE(File.load(Root + "/wrap/interfaces/mpi.annotations", Errors));
  std::regex Struct(R"(^struct (MPI_\w+))");
  unsigned Structs = 0;
  for (const std::string &Header : File.interface().Includes) {
    INFO(Header);
    std::ifstream In(Root + "/" + Header);
    REQUIRE(In);
    std::string Line;
    while (std::getline(In, Line)) {
      std::smatch Match;
      if (!std::regex_search(Line, Match, Struct))
        continue;
      ++Structs;
      INFO(Match[1].str());
      CHECK(File.lookup(Match[1].str()).Hook.Text == Match[1].str());
    }
  }
  CHECK(Structs >= 80);
}
