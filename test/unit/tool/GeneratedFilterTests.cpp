//===- test/unit/tool/GeneratedFilterTests.cpp - Filters from a score -----===//
//
// Part of Sextant. The filter `sextant score -g` writes puts the rules for
// functions the compiler instrumented (which act at compile time and at run
// time) and the rules for regions the runtime creates (OpenMP constructs,
// MPI functions, wrapped library functions: only at run time) in two
// blocks, each labelled; the file stays one valid Score-P filter whose
// rules exclude exactly the regions chosen.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant/GeneratedFilter.h"

#include "filter/FilterSet.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace sextant;
using namespace sextant::tool;

namespace {

RegionScore excluded(const std::string &Name, const std::string &Mangled,
                     RegionOrigin Origin) {
  RegionScore Score;
  Score.Name = Name;
  Score.Mangled = Mangled;
  Score.Visits = 20000;
  Score.InclusiveSeconds = 0.002;
  Score.Origin = Origin;
  Score.ExcludedByFilter = true;
  return Score;
}

std::string render(const std::vector<RegionScore> &Scores) {
  format::Experiment E;
  E.Directory = "run1";
  E.Metadata.Program = "/src/app";
  return renderGeneratedFilter(E, Scores, FilterThresholds(),
                               {"sextant", "score", "-g", "run1"},
                               "2026-01-01T00:00:00Z");
}

/// The text of the block that starts at the Nth (0-based) BEGIN.
std::string block(const std::string &Filter, int N) {
  size_t Begin = 0;
  for (int I = 0; I <= N; ++I) {
    Begin = Filter.find("SCOREP_REGION_NAMES_BEGIN", I == 0 ? 0 : Begin + 1);
    REQUIRE(Begin != std::string::npos);
  }
  size_t End = Filter.find("SCOREP_REGION_NAMES_END", Begin);
  REQUIRE(End != std::string::npos);
  return Filter.substr(Begin, End - Begin);
}

size_t count(const std::string &Text, const std::string &What) {
  size_t N = 0;
  for (size_t At = Text.find(What); At != std::string::npos;
       At = Text.find(What, At + 1))
    ++N;
  return N;
}

} // namespace

TEST_CASE("rules for runtime regions stand in the run-time block",
          "[GeneratedFilter]") {
  std::vector<RegionScore> Scores = {
      excluded("tiny()", "_Z4tinyv", RegionOrigin::CompiledFunction),
      excluded("omp implicit barrier", "omp implicit barrier",
               RegionOrigin::OpenMPConstruct),
      excluded("MPI_Wtime", "MPI_Wtime", RegionOrigin::MpiFunction),
      excluded("fftw_execute", "fftw_execute", RegionOrigin::LibraryFunction),
      excluded("cell", "cell", RegionOrigin::CompiledFunction),
  };
  RegionScore Kept =
      excluded("solve(int)", "_Z5solvei", RegionOrigin::CompiledFunction);
  Kept.ExcludedByFilter = false;
  Scores.push_back(Kept);
  std::string Filter = render(Scores);
  CHECK(count(Filter, "SCOREP_REGION_NAMES_BEGIN") == 2);

  std::string CompileTime = block(Filter, 0);
  CHECK(CompileTime.find("# 1. At compile time and at run time") !=
        std::string::npos);
  CHECK(count(CompileTime, "EXCLUDE") == 2);
  CHECK(CompileTime.find("  EXCLUDE MANGLED _Z4tinyv\n") != std::string::npos);
  CHECK(CompileTime.find("  EXCLUDE MANGLED cell\n") != std::string::npos);

  std::string RunTime = block(Filter, 1);
  CHECK(RunTime.find("# 2. Only at run time (SEXTANT_FILTER=FILE)") !=
        std::string::npos);
  CHECK(count(RunTime, "EXCLUDE") == 3);
  CHECK(RunTime.find("  # omp implicit barrier (OpenMP construct): 20000 "
                     "visits, 0.100 us inclusive per visit\n"
                     "  EXCLUDE MANGLED omp\\ implicit\\ barrier\n") !=
        std::string::npos);
  CHECK(RunTime.find("  # MPI_Wtime (MPI function): ") != std::string::npos);
  CHECK(RunTime.find("  EXCLUDE MANGLED MPI_Wtime\n") != std::string::npos);
  CHECK(RunTime.find("  EXCLUDE MANGLED fftw_execute\n") != std::string::npos);

  // One file for both: the runtime filter excludes every region chosen and
  // nothing else.
  filter::FilterSet Set;
  std::vector<filter::Diagnostic> Diags;
  REQUIRE(Set.addText(Filter, "generated.filt", Diags));
  CHECK(Diags.empty());
  CHECK_FALSE(Set.includes({"tiny()", "_Z4tinyv", "/src/a.c"}));
  CHECK_FALSE(
      Set.includes({"omp implicit barrier", "omp implicit barrier", ""}));
  CHECK_FALSE(Set.includes({"MPI_Wtime", "MPI_Wtime", ""}));
  CHECK_FALSE(Set.includes({"fftw_execute", "fftw_execute", ""}));
  CHECK(Set.includes({"solve(int)", "_Z5solvei", "/src/a.c"}));
}

TEST_CASE("the header says what to do with each block", "[GeneratedFilter]") {
  std::string Filter = render({});
  std::string Header = Filter.substr(0, Filter.find("SCOREP_REGION"));
  CHECK(Header.find("# 1. Functions the compiler instrumented: recompile "
                    "with this file") != std::string::npos);
  CHECK(Header.find("# 2. Regions the runtime creates (OpenMP constructs, "
                    "MPI functions, wrapped library") != std::string::npos);
  CHECK(Header.find("no recompile removes them; run with "
                    "SEXTANT_FILTER=FILE.") != std::string::npos);
}

TEST_CASE("an empty block says so and the filter stays valid",
          "[GeneratedFilter]") {
  std::string OnlyCompiled =
      render({excluded("tiny()", "_Z4tinyv", RegionOrigin::CompiledFunction)});
  CHECK(block(OnlyCompiled, 1)
            .find("  # None: no region the runtime "
                  "creates met the thresholds.\n") != std::string::npos);
  std::string OnlyRuntime =
      render({excluded("omp implicit task", "omp implicit task",
                       RegionOrigin::OpenMPConstruct)});
  CHECK(block(OnlyRuntime, 0)
            .find("  # None: no function the compiler "
                  "instrumented met the thresholds.\n") != std::string::npos);
  for (const std::string &Filter : {OnlyCompiled, OnlyRuntime, render({})}) {
    filter::FilterSet Set;
    std::vector<filter::Diagnostic> Diags;
    CHECK(Set.addText(Filter, "generated.filt", Diags));
    CHECK(Diags.empty());
  }
}

TEST_CASE("a linkage name of both kinds gets one rule, at compile time",
          "[GeneratedFilter]") {
  std::string Filter = render(
      {excluded("MPI_Wtime", "MPI_Wtime", RegionOrigin::MpiFunction),
       excluded("MPI_Wtime", "MPI_Wtime", RegionOrigin::CompiledFunction)});
  CHECK(count(Filter, "EXCLUDE MANGLED MPI_Wtime") == 1);
  CHECK(count(block(Filter, 0), "EXCLUDE MANGLED MPI_Wtime") == 1);
}
