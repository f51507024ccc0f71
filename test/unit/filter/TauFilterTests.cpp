//===- test/unit/filter/TauFilterTests.cpp - TAU format ---------*- C++ -*-===//
//
// Part of Sextant. The TAU selective-instrumentation syntax, the semantics of
// its include and exclude lists, and every TAU diagnostic with its exact
// position and text.
//
//===----------------------------------------------------------------------===//

#include "FilterTestSupport.h"

#include <catch2/catch.hpp>

using namespace sextant::filter;
using namespace sextant::filter::test;

namespace {

Diagnostic onlyError(const std::string &Text) {
  Parsed P = parse(Text, "sel.tau");
  INFO(render(P.Diags));
  CHECK_FALSE(P.Ok);
  CHECK(P.Set.empty());
  REQUIRE(P.Diags.size() == 1);
  CHECK(P.Diags[0].isError());
  CHECK(P.Diags[0].File == "sel.tau");
  return P.Diags[0];
}

} // namespace

TEST_CASE("TAU exclude list with signatures and '#' wildcards",
          "[filter][tau]") {
  Parsed P = parse("# routines TAU should leave alone\n"
                   "BEGIN_EXCLUDE_LIST\n"
                   "void quicksort(int *, int, int)\n"
                   "  int main(int, char **) C\n"
                   "void interchange#\n"
                   "#void commented_out(int)\n"
                   "END_EXCLUDE_LIST\n",
                   "sel.tau");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);
  CHECK(P.Diags.empty());

  Decision D = P.Set.decide(named("quicksort(int*, int, int)"));
  CHECK_FALSE(D.Included);
  CHECK(D.Matched);
  CHECK(D.Rule.File == "sel.tau");
  CHECK(D.Rule.Line == 3);
  CHECK(D.Rule.Column == 1);
  CHECK(D.RuleText == "BEGIN_EXCLUDE_LIST");
  CHECK(D.Pattern == "void quicksort(int *, int, int)");
  CHECK(D.Reason == "excluded by sel.tau:3:1 (BEGIN_EXCLUDE_LIST entry "
                    "'void quicksort(int *, int, int)')");

  // C functions are known by their plain name.
  CHECK_FALSE(P.Set.includes(named("quicksort")));
  D = P.Set.decide(named("main"));
  CHECK_FALSE(D.Included);
  CHECK(D.Rule.Line == 4);
  CHECK(D.Rule.Column == 3);
  CHECK_FALSE(P.Set.includes(named("main(int, char**)")));
  CHECK_FALSE(P.Set.includes(named("interchange(int*, int, int)")));
  CHECK_FALSE(P.Set.includes(named("interchange_rows")));

  CHECK(P.Set.includes(named("quicksort(double*, int, int)")));
  CHECK(P.Set.includes(named("commented_out(int)")));
  CHECK(P.Set.decide(named("partition(int*, int)")).Reason ==
        "included: no rule matched");
}

TEST_CASE("TAU include list: only listed routines are included",
          "[filter][tau]") {
  Parsed P = parse("BEGIN_INCLUDE_LIST\n"
                   "int main(int, char **)\n"
                   "\"double ns::solve<double>(const Matrix &)\"\n"
                   "compute_#\n"
                   "END_INCLUDE_LIST\n"
                   "BEGIN_EXCLUDE_LIST\n"
                   "compute_slow\n"
                   "END_EXCLUDE_LIST\n",
                   "sel.tau");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);

  Decision D = P.Set.decide(named("main"));
  CHECK(D.Included);
  CHECK(D.Matched);
  CHECK(D.RuleText == "BEGIN_INCLUDE_LIST");
  CHECK(D.Reason == "included by sel.tau:2:1 (BEGIN_INCLUDE_LIST entry 'int "
                    "main(int, char **)')");

  // The quotes are not part of the entry; template names with return type.
  D = P.Set.decide(named("double ns::solve<double>(Matrix const&)"));
  CHECK(D.Included);
  CHECK(D.Rule.Line == 3);
  CHECK(D.Rule.Column == 2);
  CHECK(D.Pattern == "double ns::solve<double>(const Matrix &)");

  CHECK(P.Set.includes(named("compute_fast(int)")));
  D = P.Set.decide(named("compute_slow(int)"));
  CHECK_FALSE(D.Included);
  CHECK(D.Reason ==
        "excluded by sel.tau:7:1 (BEGIN_EXCLUDE_LIST entry 'compute_slow')");

  D = P.Set.decide(named("helper(int)"));
  CHECK_FALSE(D.Included);
  CHECK_FALSE(D.Matched);
  CHECK(D.Rule.File.empty());
  CHECK(D.RuleText.empty());
  CHECK(D.Reason == "excluded: not in the TAU include list of sel.tau:1");
  CHECK_FALSE(P.Set.includes(named("helper(int)")));
}

TEST_CASE("TAU empty include list restricts nothing", "[filter][tau]") {
  Parsed P =
      parse("BEGIN_INCLUDE_LIST\n# none yet\nEND_INCLUDE_LIST\n", "sel.tau");
  REQUIRE(P.Ok);
  CHECK(P.Set.empty());
  CHECK(P.Set.includes(named("anything(int)")));
}

TEST_CASE("TAU file lists match the full path or the base name",
          "[filter][tau]") {
  Parsed P = parse("BEGIN_FILE_EXCLUDE_LIST\n"
                   "*/vendor/*\n"
                   "gen_?.c\n"
                   "END_FILE_EXCLUDE_LIST\n"
                   "BEGIN_FILE_INCLUDE_LIST\n"
                   "/app/src/*\n"
                   "util.c\n"
                   "[odd].c\n"
                   "END_FILE_INCLUDE_LIST\n",
                   "sel.tau");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);

  Decision D = P.Set.decide(named("f", "/app/src/vendor/z.c"));
  CHECK_FALSE(D.Included);
  CHECK(D.RuleText == "BEGIN_FILE_EXCLUDE_LIST");
  CHECK(D.Pattern == "*/vendor/*");
  CHECK(D.Reason ==
        "excluded by sel.tau:2:1 (BEGIN_FILE_EXCLUDE_LIST entry '*/vendor/*')");
  D = P.Set.decide(named("f", "/app/src/gen_a.c"));
  CHECK_FALSE(D.Included);
  CHECK(D.Rule.Line == 3);
  CHECK(P.Set.includes(named("f", "/app/src/gen_ab.c")));

  D = P.Set.decide(named("f", "/elsewhere/util.c"));
  CHECK(D.Included);
  CHECK(D.Reason ==
        "included by sel.tau:7:1 (BEGIN_FILE_INCLUDE_LIST entry 'util.c')");
  // '[' is literal in TAU file entries.
  CHECK(P.Set.includes(named("f", "/x/[odd].c")));
  CHECK_FALSE(P.Set.includes(named("f", "/x/o.c")));

  D = P.Set.decide(named("f", "/lib/other.c"));
  CHECK_FALSE(D.Included);
  CHECK_FALSE(D.Matched);
  CHECK(D.Reason == "excluded: source file '/lib/other.c' is not in the TAU "
                    "file include list of sel.tau:5");
  // Without a source file, file lists do not apply.
  CHECK(P.Set.includes(named("f", "")));
}

TEST_CASE("TAU instrument sections are skipped with a warning",
          "[filter][tau]") {
  Parsed P = parse("BEGIN_INSTRUMENT_SECTION\n"
                   "loops file=\"loop_test.cpp\" routine=\"multiply\"\n"
                   "BEGIN_EXCLUDE_LIST\n"
                   "END_INSTRUMENT_SECTION\n"
                   "  BEGIN_LOOPS_LIST\n"
                   "anything\n"
                   "  END_LOOPS_LIST\n"
                   "BEGIN_EXCLUDE_LIST\n"
                   "foo\n"
                   "END_EXCLUDE_LIST\n",
                   "sel.tau");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);
  CHECK(render(P.Diags) ==
        "sel.tau:1:1: warning: 'BEGIN_INSTRUMENT_SECTION' does not apply to "
        "function-level instrumentation; the section up to "
        "'END_INSTRUMENT_SECTION' is ignored\n"
        "sel.tau:5:3: warning: 'BEGIN_LOOPS_LIST' does not apply to "
        "function-level instrumentation; the section up to 'END_LOOPS_LIST' "
        "is ignored\n");
  CHECK_FALSE(P.Set.includes(named("foo")));
  CHECK(P.Set.includes(named("anything")));
  CHECK(P.Set.includes(named("multiply")));
}

TEST_CASE("TAU error: entry outside a list", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_EXCLUDE_LIST\nEND_EXCLUDE_LIST\n"
                           "  void foo(int)\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 3);
  CHECK(E.Message == "unexpected 'void foo(int)' outside a list; expected "
                     "'BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
                     "'BEGIN_FILE_EXCLUDE_LIST', 'BEGIN_FILE_INCLUDE_LIST' or "
                     "'BEGIN_INSTRUMENT_SECTION'");

  E = onlyError("BEGIN_EXCLUDE_LIST\nEND_EXCLUDE_LIST\nbegin_include_list\n");
  CHECK(E.Line == 3);
  CHECK(E.Message == "unexpected 'begin_include_list' outside a list; "
                     "expected 'BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
                     "'BEGIN_FILE_EXCLUDE_LIST', 'BEGIN_FILE_INCLUDE_LIST' or "
                     "'BEGIN_INSTRUMENT_SECTION' (keywords are "
                     "case-sensitive: did you mean 'BEGIN_INCLUDE_LIST'?)");
}

TEST_CASE("TAU error: unknown keyword", "[filter][tau][error]") {
  Parsed P = parse("BEGIN_EXCLUDE_LIST\nfoo\nEND_EXCLUDE_LST\n", "sel.tau");
  CHECK_FALSE(P.Ok);
  CHECK(P.Set.empty());
  CHECK(render(P.Diags) ==
        "sel.tau:3:1: error: unknown keyword 'END_EXCLUDE_LST'; expected "
        "'BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
        "'BEGIN_FILE_EXCLUDE_LIST', 'BEGIN_FILE_INCLUDE_LIST', "
        "'BEGIN_INSTRUMENT_SECTION' or the END_ keyword of the open list\n"
        "sel.tau:1:1: error: 'BEGIN_EXCLUDE_LIST' is never closed; expected "
        "'END_EXCLUDE_LIST' before the end of the file\n");
}

TEST_CASE("TAU error: END without BEGIN", "[filter][tau][error]") {
  Diagnostic E = onlyError("END_FILE_INCLUDE_LIST\n");
  CHECK(E.Line == 1);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'END_FILE_INCLUDE_LIST' without a matching "
                     "'BEGIN_FILE_INCLUDE_LIST'");
}

TEST_CASE("TAU error: nested BEGIN", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_EXCLUDE_LIST\n"
                           "foo\n"
                           "BEGIN_INCLUDE_LIST\n"
                           "bar\n"
                           "END_INCLUDE_LIST\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'BEGIN_INCLUDE_LIST' inside the 'BEGIN_EXCLUDE_LIST' "
                     "list opened at line 1; expected 'END_EXCLUDE_LIST' "
                     "first");
}

TEST_CASE("TAU error: mismatched END", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_FILE_EXCLUDE_LIST\n*.h\nEND_EXCLUDE_LIST\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'END_EXCLUDE_LIST' does not close the "
                     "'BEGIN_FILE_EXCLUDE_LIST' list opened at line 1; "
                     "expected 'END_FILE_EXCLUDE_LIST'");
}

TEST_CASE("TAU error: unterminated list or section", "[filter][tau][error]") {
  Diagnostic E = onlyError("\n  BEGIN_INCLUDE_LIST\nmain\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message == "'BEGIN_INCLUDE_LIST' is never closed; expected "
                     "'END_INCLUDE_LIST' before the end of the file");

  Parsed P = parse("BEGIN_INSTRUMENT_SECTION\nio file=\"a.f90\"\n", "sel.tau");
  CHECK_FALSE(P.Ok);
  REQUIRE(P.Diags.size() == 2);
  CHECK_FALSE(P.Diags[0].isError());
  CHECK(P.Diags[1].str() ==
        "sel.tau:1:1: error: 'BEGIN_INSTRUMENT_SECTION' is never closed; "
        "expected 'END_INSTRUMENT_SECTION' before the end of the file");
}

TEST_CASE("TAU error: text after a keyword", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_EXCLUDE_LIST   foo\nEND_EXCLUDE_LIST\n");
  CHECK(E.Line == 1);
  CHECK(E.Column == 22);
  CHECK(E.Message == "unexpected 'foo' after 'BEGIN_EXCLUDE_LIST'; expected "
                     "the keyword alone on its line");
}

TEST_CASE("TAU error: empty entry", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_EXCLUDE_LIST\n  \"  \"\nEND_EXCLUDE_LIST\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message == "empty routine entry in 'BEGIN_EXCLUDE_LIST'; expected "
                     "a routine name or signature");
  E = onlyError("BEGIN_FILE_INCLUDE_LIST\n\"\"\nEND_FILE_INCLUDE_LIST\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 1);
  CHECK(E.Message == "empty file name entry in 'BEGIN_FILE_INCLUDE_LIST'; "
                     "expected a file name or pattern");
}

TEST_CASE("TAU error: Score-P keyword in a TAU file", "[filter][tau][error]") {
  Diagnostic E = onlyError("BEGIN_EXCLUDE_LIST\n"
                           "foo\n"
                           "END_EXCLUDE_LIST\n"
                           "SCOREP_REGION_NAMES_BEGIN\n");
  CHECK(E.Line == 4);
  CHECK(E.Column == 1);
  CHECK(E.Message == "Score-P keyword 'SCOREP_REGION_NAMES_BEGIN' in a TAU "
                     "selective instrumentation file (the format was "
                     "detected from 'BEGIN_EXCLUDE_LIST' at line 1); expected "
                     "one format per file");

  E = onlyError("BEGIN_EXCLUDE_LIST\nEND_EXCLUDE_LIST\nEXCLUDE foo\n");
  CHECK(E.Line == 3);
  CHECK(E.Message == "Score-P keyword 'EXCLUDE' in a TAU selective "
                     "instrumentation file (the format was detected from "
                     "'BEGIN_EXCLUDE_LIST' at line 1); expected one format "
                     "per file");
}
