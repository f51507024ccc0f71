//===- test/unit/filter/FilterSetTests.cpp - FilterSet ----------*- C++ -*-===//
//
// Part of Sextant. Several files in order, Score-P and TAU rules together,
// failed files leaving the set unchanged, reading files, the empty set,
// diagnostics rendering, moves and concurrent use.
//
//===----------------------------------------------------------------------===//

#include "FilterTestSupport.h"

#include "test/unit/support/ScratchDirectory.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <thread>

using namespace sextant::filter;
using namespace sextant::filter::test;

namespace {

void add(FilterSet &Set, const std::string &Text, const std::string &Name) {
  std::vector<Diagnostic> Diags;
  INFO(Name << ":\n" << Text);
  REQUIRE(Set.addText(Text, Name, Diags));
  CHECK(Diags.empty());
}

} // namespace

TEST_CASE("an empty set includes everything", "[filter][set]") {
  FilterSet Set;
  CHECK(Set.empty());
  FunctionIdentity F{"ns::f<int>(double)", "_ZN2ns1fIiEEvd", "/src/f.cpp"};
  CHECK(Set.includes(F));
  Decision D = Set.decide(F);
  CHECK(D.Included);
  CHECK_FALSE(D.Matched);
  CHECK(D.Rule.File.empty());
  CHECK(D.Rule.Line == 0);
  CHECK(D.RuleText.empty());
  CHECK(D.Pattern.empty());
  CHECK(D.Reason == "included: no rule matched");
}

TEST_CASE("rules of several files apply in the order the files were added",
          "[filter][set]") {
  FilterSet Set;
  add(Set,
      "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE foo*\nSCOREP_REGION_NAMES_END\n",
      "a.filt");
  add(Set,
      "SCOREP_REGION_NAMES_BEGIN\n  INCLUDE "
      "foo_keep\nSCOREP_REGION_NAMES_END\n",
      "b.filt");
  CHECK(Set.decide(named("foo_drop")).Reason ==
        "excluded by a.filt:2:11 (EXCLUDE foo*)");
  CHECK(Set.decide(named("foo_keep")).Reason ==
        "included by b.filt:2:11 (INCLUDE foo_keep)");

  // The same files the other way round: now a.filt's rule is the last.
  FilterSet Reversed;
  add(Reversed,
      "SCOREP_REGION_NAMES_BEGIN\n  INCLUDE "
      "foo_keep\nSCOREP_REGION_NAMES_END\n",
      "b.filt");
  add(Reversed,
      "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE foo*\nSCOREP_REGION_NAMES_END\n",
      "a.filt");
  CHECK(Reversed.decide(named("foo_keep")).Reason ==
        "excluded by a.filt:2:11 (EXCLUDE foo*)");
}

TEST_CASE("a file with errors leaves the set unchanged", "[filter][set]") {
  FilterSet Set;
  add(Set,
      "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE foo\nSCOREP_REGION_NAMES_END\n",
      "good.filt");
  std::vector<Diagnostic> Diags;
  CHECK_FALSE(Set.addText("SCOREP_REGION_NAMES_BEGIN\n"
                          "  INCLUDE foo\n"
                          "  EXCLUDE bar\n"
                          "  EXCLUDE broken[\n"
                          "SCOREP_REGION_NAMES_END\n",
                          "bad.filt", Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].File == "bad.filt");
  CHECK(Diags[0].Line == 4);
  CHECK(Set.decide(named("foo")).Reason ==
        "excluded by good.filt:2:11 (EXCLUDE foo)");
  CHECK(Set.includes(named("bar")));

  FilterSet Empty;
  Diags.clear();
  CHECK_FALSE(Empty.addText("BEGIN_EXCLUDE_LIST\nfoo\n", "t.tau", Diags));
  CHECK(Empty.empty());
  CHECK(Empty.includes(named("foo")));
}

TEST_CASE("Score-P and TAU files combine: every part can exclude",
          "[filter][set]") {
  FilterSet Set;
  add(Set,
      "SCOREP_FILE_NAMES_BEGIN\n  EXCLUDE */vendor/*\nSCOREP_FILE_NAMES_END\n"
      "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE *\n  INCLUDE solve* main\n"
      "SCOREP_REGION_NAMES_END\n",
      "app.filt");
  add(Set,
      "BEGIN_EXCLUDE_LIST\nvoid solve_debug(int)\nEND_EXCLUDE_LIST\n"
      "BEGIN_INCLUDE_LIST\nsolve#\nEND_INCLUDE_LIST\n",
      "a.tau");
  add(Set, "BEGIN_INCLUDE_LIST\n\nint main(int, char **)\nEND_INCLUDE_LIST\n",
      "b.tau");

  // Score-P region rules exclude first.
  CHECK(Set.decide(named("helper(int)")).Reason ==
        "excluded by app.filt:5:11 (EXCLUDE *)");
  // Score-P includes, the TAU exclude list excludes.
  CHECK(Set.decide(named("solve_debug(int)")).Reason ==
        "excluded by a.tau:2:1 (BEGIN_EXCLUDE_LIST entry 'void "
        "solve_debug(int)')");
  // Included by both: the Score-P rule is named.
  CHECK(Set.decide(named("solve(double*)")).Reason ==
        "included by app.filt:6:11 (INCLUDE solve*)");
  CHECK(Set.decide(named("main")).Reason ==
        "included by app.filt:6:18 (INCLUDE main)");
  // The file exclusion of app.filt is final for everyone.
  CHECK(Set.decide(named("solve(double*)", "/x/vendor/s.c")).Reason ==
        "excluded by app.filt:2:11 (file rule EXCLUDE */vendor/*)");
  CHECK_FALSE(Set.includes(named("solve(double*)", "/x/vendor/s.c")));
}

TEST_CASE("TAU include lists of several files are one list", "[filter][set]") {
  FilterSet Set;
  add(Set, "BEGIN_INCLUDE_LIST\nsolve#\nEND_INCLUDE_LIST\n", "a.tau");
  add(Set, "# b\n\nBEGIN_INCLUDE_LIST\nmain\nEND_INCLUDE_LIST\n", "b.tau");
  CHECK(Set.includes(named("solve(int)")));
  CHECK(Set.includes(named("main")));
  Decision D = Set.decide(named("other(int)"));
  CHECK_FALSE(D.Included);
  CHECK(D.Reason ==
        "excluded: not in the TAU include lists of a.tau:1, b.tau:3");

  add(Set, "BEGIN_FILE_INCLUDE_LIST\n/src/*\nEND_FILE_INCLUDE_LIST\n", "c.tau");
  add(Set, "BEGIN_FILE_INCLUDE_LIST\n*.cpp\nEND_FILE_INCLUDE_LIST\n", "d.tau");
  CHECK(Set.includes(named("main", "/lib/x.cpp")));
  CHECK(Set.decide(named("main", "/lib/x.c")).Reason ==
        "excluded: source file '/lib/x.c' is not in the TAU file include "
        "lists of c.tau:1, d.tau:1");
}

TEST_CASE("TAU include entries explain an inclusion when Score-P is silent",
          "[filter][set]") {
  FilterSet Set;
  add(Set, "SCOREP_FILE_NAMES_BEGIN\n  INCLUDE /src/*\nSCOREP_FILE_NAMES_END\n",
      "app.filt");
  add(Set, "BEGIN_INCLUDE_LIST\nmain\nEND_INCLUDE_LIST\n", "a.tau");
  CHECK(Set.decide(named("main", "/src/m.c")).Reason ==
        "included by a.tau:2:1 (BEGIN_INCLUDE_LIST entry 'main')");
  FilterSet FilesOnly;
  add(FilesOnly,
      "SCOREP_FILE_NAMES_BEGIN\n  INCLUDE /src/*\nSCOREP_FILE_NAMES_END\n",
      "app.filt");
  add(FilesOnly, "BEGIN_FILE_INCLUDE_LIST\nm.c\nEND_FILE_INCLUDE_LIST\n",
      "a.tau");
  CHECK(FilesOnly.decide(named("main", "/src/m.c")).Reason ==
        "included by app.filt:2:11 (file rule INCLUDE /src/*)");
  FilterSet TauFilesOnly;
  add(TauFilesOnly, "BEGIN_FILE_INCLUDE_LIST\nm.c\nEND_FILE_INCLUDE_LIST\n",
      "a.tau");
  CHECK(TauFilesOnly.decide(named("main", "/src/m.c")).Reason ==
        "included by a.tau:2:1 (BEGIN_FILE_INCLUDE_LIST entry 'm.c')");
}

TEST_CASE("addFile reads a file and names it in rule origins",
          "[filter][set][file]") {
  sextant::test::ScratchDirectory Scratch("filter-addfile");
  Scratch.create();
  Scratch.write("rt.filt", "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE "
                           "tiny*\nSCOREP_REGION_NAMES_END\n");
  std::string Path = Scratch.file("rt.filt");
  FilterSet Set;
  std::vector<Diagnostic> Diags;
  REQUIRE(Set.addFile(Path, Diags));
  CHECK(Diags.empty());
  Decision D = Set.decide(named("tiny_f"));
  CHECK(D.Rule.File == Path);
  CHECK(D.Reason == "excluded by " + Path + ":2:11 (EXCLUDE tiny*)");
}

TEST_CASE("addFile reports unreadable files with strerror",
          "[filter][set][file][error]") {
  FilterSet Set;
  std::vector<Diagnostic> Diags;
  sextant::test::ScratchDirectory Scratch("filter-missing");
  std::string Missing = Scratch.file("does-not-exist.filt");
  CHECK_FALSE(Set.addFile(Missing, Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].isError());
  CHECK(Diags[0].File == Missing);
  CHECK(Diags[0].Line == 0);
  CHECK(Diags[0].Column == 0);
  CHECK(Diags[0].Message ==
        "cannot read filter file: No such file or directory");
  CHECK(Diags[0].str() == Missing + ": error: cannot read filter file: No such "
                                    "file or directory");

  Diags.clear();
  CHECK_FALSE(Set.addFile(sextant::test::scratchRoot(), Diags));
  REQUIRE(Diags.size() == 1);
  CHECK(Diags[0].Message == "cannot read filter file: Is a directory");
  CHECK(Set.empty());
}

TEST_CASE("diagnostics render as file:line:column: severity: message",
          "[filter][set]") {
  Diagnostic D;
  D.File = "f.filt";
  D.Message = "m";
  CHECK(D.str() == "f.filt: error: m");
  D.Line = 3;
  CHECK(D.str() == "f.filt:3: error: m");
  D.Column = 7;
  CHECK(D.str() == "f.filt:3:7: error: m");
  D.Level = Diagnostic::Severity::Warning;
  CHECK_FALSE(D.isError());
  CHECK(D.str() == "f.filt:3:7: warning: m");
}

TEST_CASE("a moved-from set is empty and usable", "[filter][set]") {
  FilterSet Set;
  add(Set, "SCOREP_REGION_NAMES_BEGIN\nEXCLUDE x\nSCOREP_REGION_NAMES_END\n",
      "m.filt");
  FilterSet Moved(std::move(Set));
  CHECK_FALSE(Moved.includes(named("x")));
  CHECK(Set.empty()); // NOLINT(bugprone-use-after-move): documented state
  CHECK(Set.includes(named("x")));
  CHECK(Set.decide(named("x")).Reason == "included: no rule matched");
  add(Set, "SCOREP_REGION_NAMES_BEGIN\nEXCLUDE y\nSCOREP_REGION_NAMES_END\n",
      "n.filt");
  CHECK_FALSE(Set.includes(named("y")));
  FilterSet Assigned;
  Assigned = std::move(Moved);
  CHECK_FALSE(Assigned.includes(named("x")));
}

TEST_CASE("concurrent const use gives the same answers", "[filter][set]") {
  FilterSet Set;
  add(Set,
      "SCOREP_REGION_NAMES_BEGIN\n  EXCLUDE *_tiny* [a-c]?x\n"
      "  INCLUDE MANGLED _Z4keep*\nSCOREP_REGION_NAMES_END\n",
      "t.filt");
  add(Set, "BEGIN_EXCLUDE_LIST\nvoid skip(int *)\nEND_EXCLUDE_LIST\n", "t.tau");
  std::atomic<unsigned> Wrong{0};
  auto Work = [&] {
    for (int I = 0; I < 2000; ++I) {
      if (Set.includes({"f_tiny(int)", "_Z6f_tinyi", "/a.c"}))
        ++Wrong;
      if (!Set.includes({"keep_tiny", "_Z4keep_tiny", "/a.c"}))
        ++Wrong;
      if (Set.includes({"skip(int*)", "_Z4skipPi", ""}))
        ++Wrong;
      if (Set.decide({"bqx", "bqx", ""}).Reason !=
          "excluded by t.filt:2:19 (EXCLUDE [a-c]?x)")
        ++Wrong;
    }
  };
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back(Work);
  for (std::thread &T : Threads)
    T.join();
  CHECK(Wrong.load() == 0);
}
