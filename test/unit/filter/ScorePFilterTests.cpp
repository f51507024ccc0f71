//===- test/unit/filter/ScorePFilterTests.cpp - Score-P ---------*- C++ -*-===//
//
// Part of Sextant. The Score-P filter syntax, its semantics (last matching
// rule wins, MANGLED, file exclusion is final) and every Score-P diagnostic
// with its exact position and text.
//
//===----------------------------------------------------------------------===//

#include "FilterTestSupport.h"

#include <catch2/catch.hpp>

using namespace sextant::filter;
using namespace sextant::filter::test;

namespace {

/// Expects exactly one error and returns it.
Diagnostic onlyError(const std::string &Text) {
  Parsed P = parse(Text);
  INFO(render(P.Diags));
  CHECK_FALSE(P.Ok);
  CHECK(P.Set.empty());
  REQUIRE(P.Diags.size() == 1);
  CHECK(P.Diags[0].isError());
  CHECK(P.Diags[0].File == "test.filt");
  return P.Diags[0];
}

} // namespace

TEST_CASE("Score-P region rules: last matching rule wins", "[filter][scorep]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "  EXCLUDE *\n"
                   "  INCLUDE main solve*\n"
                   "  EXCLUDE solve_small\n"
                   "SCOREP_REGION_NAMES_END\n");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);
  CHECK(P.Diags.empty());
  CHECK_FALSE(P.Set.empty());

  Decision D = P.Set.decide(named("helper"));
  CHECK_FALSE(D.Included);
  CHECK(D.Matched);
  CHECK(D.Rule.File == "test.filt");
  CHECK(D.Rule.Line == 2);
  CHECK(D.Rule.Column == 11);
  CHECK(D.RuleText == "EXCLUDE *");
  CHECK(D.Pattern == "*");
  CHECK(D.Reason == "excluded by test.filt:2:11 (EXCLUDE *)");

  D = P.Set.decide(named("main"));
  CHECK(D.Included);
  CHECK(D.Matched);
  CHECK(D.Rule.Line == 3);
  CHECK(D.Rule.Column == 11);
  CHECK(D.RuleText == "INCLUDE main");
  CHECK(D.Reason == "included by test.filt:3:11 (INCLUDE main)");

  D = P.Set.decide(named("solve_big"));
  CHECK(D.Included);
  CHECK(D.Rule.Column == 16);
  CHECK(D.Pattern == "solve*");
  CHECK(D.Reason == "included by test.filt:3:16 (INCLUDE solve*)");

  D = P.Set.decide(named("solve_small"));
  CHECK_FALSE(D.Included);
  CHECK(D.Reason == "excluded by test.filt:4:11 (EXCLUDE solve_small)");

  CHECK_FALSE(P.Set.includes(named("helper")));
  CHECK(P.Set.includes(named("main")));
  CHECK(P.Set.includes(named("solve_big")));
  CHECK_FALSE(P.Set.includes(named("solve_small")));
}

TEST_CASE("Score-P patterns continue on following lines until a keyword",
          "[filter][scorep]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "EXCLUDE a\n"
                   "        b c\n"
                   "\n"
                   "\td\n"
                   "INCLUDE c\n"
                   "SCOREP_REGION_NAMES_END\n");
  REQUIRE(P.Ok);
  CHECK(P.Set.decide(named("a")).Reason ==
        "excluded by test.filt:2:9 (EXCLUDE a)");
  CHECK(P.Set.decide(named("b")).Reason ==
        "excluded by test.filt:3:9 (EXCLUDE b)");
  CHECK(P.Set.decide(named("c")).Reason ==
        "included by test.filt:6:9 (INCLUDE c)");
  CHECK(P.Set.decide(named("d")).Reason ==
        "excluded by test.filt:5:2 (EXCLUDE d)");
  CHECK(P.Set.decide(named("e")).Reason == "included: no rule matched");
}

TEST_CASE("Score-P comments, escapes, tabs and CRLF line ends",
          "[filter][scorep]") {
  Parsed P = parse("# a comment line\r\n"
                   "SCOREP_REGION_NAMES_BEGIN # trailing comment\r\n"
                   "\tEXCLUDE\tfoo#comment right after a pattern\r\n"
                   "\tEXCLUDE hash\\#tag    # '\\#' is an escaped '#'\r\n"
                   "\tEXCLUDE operator\\ new*\r\n"
                   "SCOREP_REGION_NAMES_END\r\n");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);
  CHECK_FALSE(P.Set.includes(named("foo")));
  CHECK(P.Set.includes(named("comment")));
  CHECK(P.Set.includes(named("right")));
  Decision D = P.Set.decide(named("hash#tag"));
  CHECK_FALSE(D.Included);
  CHECK(D.Pattern == "hash\\#tag");
  CHECK(D.Rule.Line == 4);
  CHECK(D.Rule.Column == 10);
  D = P.Set.decide(named("operator new(unsigned long)"));
  CHECK_FALSE(D.Included);
  CHECK(D.RuleText == "EXCLUDE operator\\ new*");
  CHECK(P.Set.includes(named("operator")));
  CHECK(P.Set.includes(named("new")));
}

TEST_CASE("Score-P fnmatch wildcards", "[filter][scorep]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "EXCLUDE get? set[0-9]* [!A-Z]*_impl\n"
                   "SCOREP_REGION_NAMES_END\n");
  REQUIRE(P.Ok);
  CHECK_FALSE(P.Set.includes(named("getX")));
  CHECK(P.Set.includes(named("getXY")));
  CHECK_FALSE(P.Set.includes(named("set3d")));
  CHECK(P.Set.includes(named("setX")));
  CHECK_FALSE(P.Set.includes(named("do_impl")));
  CHECK(P.Set.includes(named("Do_impl")));
}

TEST_CASE("Score-P MANGLED rules match the mangled name", "[filter][scorep]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "  EXCLUDE MANGLED _ZN6detail*\n"
                   "  EXCLUDE fast*\n"
                   "  INCLUDE MANGLED _Z4fastv DEMANGLED fast_keep*\n"
                   "SCOREP_REGION_NAMES_END\n");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);
  FunctionIdentity Detail{"detail::f(int)", "_ZN6detail1fEi", "/src/d.cpp"};
  Decision D = P.Set.decide(Detail);
  CHECK_FALSE(D.Included);
  CHECK(D.RuleText == "EXCLUDE MANGLED _ZN6detail*");
  CHECK(D.Pattern == "_ZN6detail*");
  CHECK(D.Rule.Line == 2);
  CHECK(D.Rule.Column == 19);
  CHECK(D.Reason == "excluded by test.filt:2:19 (EXCLUDE MANGLED _ZN6detail*)");

  // The display name does not match a MANGLED pattern, nor the reverse.
  CHECK(P.Set.includes({"_ZN6detail_lookalike", "_Z1gv", ""}));
  CHECK(P.Set.includes({"other()", "fast_mangled", ""}));

  D = P.Set.decide({"fast()", "_Z4fastv", ""});
  CHECK(D.Included);
  CHECK(D.Reason == "included by test.filt:4:19 (INCLUDE MANGLED _Z4fastv)");
  D = P.Set.decide({"fast_keep(int)", "_Z9fast_keepi", ""});
  CHECK(D.Included);
  CHECK(D.RuleText == "INCLUDE fast_keep*");
  CHECK(D.Reason == "included by test.filt:4:38 (INCLUDE fast_keep*)");
  CHECK_FALSE(P.Set.includes({"fast_drop(int)", "_Z9fast_dropi", ""}));

  // Without a mangled name, MANGLED patterns see the display name (C).
  CHECK_FALSE(P.Set.includes({"_ZN6detail_c", "", ""}));
}

TEST_CASE("Score-P file rules: last match wins, exclusion is final",
          "[filter][scorep]") {
  Parsed P = parse("SCOREP_FILE_NAMES_BEGIN\n"
                   "  EXCLUDE */vendor/*\n"
                   "  INCLUDE */vendor/ours/*\n"
                   "SCOREP_FILE_NAMES_END\n"
                   "SCOREP_REGION_NAMES_BEGIN\n"
                   "  INCLUDE *\n"
                   "  EXCLUDE tiny*\n"
                   "SCOREP_REGION_NAMES_END\n");
  INFO(render(P.Diags));
  REQUIRE(P.Ok);

  // A final file EXCLUDE wins over a matching region INCLUDE.
  Decision D = P.Set.decide(named("compute", "/app/vendor/blas/gemm.c"));
  CHECK_FALSE(D.Included);
  CHECK(D.Matched);
  CHECK(D.RuleText == "EXCLUDE */vendor/*");
  CHECK(D.Pattern == "*/vendor/*");
  CHECK(D.Rule.Line == 2);
  CHECK(D.Rule.Column == 11);
  CHECK(D.Reason ==
        "excluded by test.filt:2:11 (file rule EXCLUDE */vendor/*)");
  CHECK_FALSE(P.Set.includes(named("compute", "/app/vendor/blas/gemm.c")));

  // A later file INCLUDE takes the file back; region rules then decide.
  D = P.Set.decide(named("compute", "/app/vendor/ours/x.c"));
  CHECK(D.Included);
  CHECK(D.Reason == "included by test.filt:6:11 (INCLUDE *)");
  D = P.Set.decide(named("tiny_helper", "/app/vendor/ours/x.c"));
  CHECK_FALSE(D.Included);
  CHECK(D.Reason == "excluded by test.filt:7:11 (EXCLUDE tiny*)");

  // Without a source file, file rules do not apply.
  CHECK(P.Set.includes(named("compute", "")));
}

TEST_CASE("Score-P file INCLUDE is named when nothing else matched",
          "[filter][scorep]") {
  Parsed P = parse("SCOREP_FILE_NAMES_BEGIN\n"
                   "  EXCLUDE *\n"
                   "  INCLUDE /src/*.c\n"
                   "SCOREP_FILE_NAMES_END\n");
  REQUIRE(P.Ok);
  Decision D = P.Set.decide(named("f", "/src/a.c"));
  CHECK(D.Included);
  CHECK(D.Reason == "included by test.filt:3:11 (file rule INCLUDE /src/*.c)");
  CHECK_FALSE(P.Set.includes(named("f", "/lib/a.c")));
}

TEST_CASE("Score-P keywords are case-sensitive", "[filter][scorep]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "EXCLUDE foo include\n"
                   "SCOREP_REGION_NAMES_END\n");
  REQUIRE(P.Ok);
  REQUIRE(P.Diags.size() == 1);
  CHECK_FALSE(P.Diags[0].isError());
  CHECK(P.Diags[0].str() ==
        "test.filt:2:13: warning: 'include' is taken as a pattern, not as a "
        "keyword (keywords are case-sensitive: did you mean 'INCLUDE'?)");
  CHECK_FALSE(P.Set.includes(named("include")));
  CHECK_FALSE(P.Set.includes(named("foo")));

  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  Exclude foo\n"
                           "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message == "pattern 'Exclude' is not part of a rule in the "
                     "SCOREP_REGION_NAMES block opened at line 1; expected "
                     "'INCLUDE' or 'EXCLUDE' before it (keywords are "
                     "case-sensitive: did you mean 'EXCLUDE'?)");
}

TEST_CASE("Score-P empty blocks and comment-only files add no rules",
          "[filter][scorep]") {
  Parsed P =
      parse("SCOREP_REGION_NAMES_BEGIN\nSCOREP_REGION_NAMES_END\n"
            "SCOREP_FILE_NAMES_BEGIN # nothing\nSCOREP_FILE_NAMES_END\n");
  CHECK(P.Ok);
  CHECK(P.Diags.empty());
  CHECK(P.Set.empty());
  P = parse("# only a comment\n\n   \n");
  CHECK(P.Ok);
  CHECK(P.Set.empty());
}

TEST_CASE("Score-P error: rule outside a block", "[filter][scorep][error]") {
  Diagnostic E = onlyError("EXCLUDE foo bar\n");
  CHECK(E.Line == 1);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'EXCLUDE' outside a block; expected "
                     "'SCOREP_REGION_NAMES_BEGIN' or 'SCOREP_FILE_NAMES_BEGIN' "
                     "before rules");
  CHECK(E.str() == "test.filt:1:1: error: " + E.Message);

  E = onlyError("SCOREP_REGION_NAMES_BEGIN\nSCOREP_REGION_NAMES_END\n"
                "  INCLUDE MANGLED x\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 3);
  CHECK(E.Message == "'INCLUDE' outside a block; expected "
                     "'SCOREP_REGION_NAMES_BEGIN' or 'SCOREP_FILE_NAMES_BEGIN' "
                     "before rules");
}

TEST_CASE("Score-P error: pattern outside a block", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_FILE_NAMES_BEGIN\nSCOREP_FILE_NAMES_END\n"
                           " stray words here\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 2);
  CHECK(E.Message == "unexpected 'stray' outside a block; expected "
                     "'SCOREP_REGION_NAMES_BEGIN' or "
                     "'SCOREP_FILE_NAMES_BEGIN'");
}

TEST_CASE("Score-P error: INCLUDE/EXCLUDE without a pattern",
          "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE\n"
                           "  INCLUDE foo\n"
                           "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message ==
        "'EXCLUDE' without a pattern; expected one or more patterns after it");

  E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                "  INCLUDE MANGLED # nothing follows\n"
                "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message ==
        "'INCLUDE' without a pattern; expected one or more patterns after it");
}

TEST_CASE("Score-P error: unterminated block points at its BEGIN",
          "[filter][scorep][error]") {
  Diagnostic E = onlyError("# header\n"
                           "  SCOREP_FILE_NAMES_BEGIN\n"
                           "  EXCLUDE *.h\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message == "'SCOREP_FILE_NAMES_BEGIN' is never closed; expected "
                     "'SCOREP_FILE_NAMES_END' before the end of the file");
}

TEST_CASE("Score-P error: END without BEGIN", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 1);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'SCOREP_REGION_NAMES_END' without a matching "
                     "'SCOREP_REGION_NAMES_BEGIN'");
}

TEST_CASE("Score-P error: nested BEGIN", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE foo\n"
                           "SCOREP_FILE_NAMES_BEGIN\n"
                           "  EXCLUDE *.h\n"
                           "SCOREP_FILE_NAMES_END\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'SCOREP_FILE_NAMES_BEGIN' inside the SCOREP_REGION_NAMES "
                     "block opened at line 1; expected "
                     "'SCOREP_REGION_NAMES_END' first");
}

TEST_CASE("Score-P error: mismatched END", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE foo\n"
                           "SCOREP_FILE_NAMES_END\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'SCOREP_FILE_NAMES_END' does not close the "
                     "SCOREP_REGION_NAMES block opened at line 1; expected "
                     "'SCOREP_REGION_NAMES_END'");
}

TEST_CASE("Score-P error: MANGLED misplaced", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_FILE_NAMES_BEGIN\n"
                           "  EXCLUDE MANGLED *.h\n"
                           "SCOREP_FILE_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 11);
  CHECK(E.Message == "'MANGLED' in a SCOREP_FILE_NAMES block; MANGLED and "
                     "DEMANGLED apply only to rules in a SCOREP_REGION_NAMES "
                     "block");

  E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                "  MANGLED _Z*\n"
                "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 3);
  CHECK(E.Message ==
        "'MANGLED' without a rule; expected it after INCLUDE or EXCLUDE");

  E = onlyError("SCOREP_REGION_NAMES_BEGIN\nSCOREP_REGION_NAMES_END\n"
                "DEMANGLED foo\n");
  CHECK(E.Line == 3);
  CHECK(E.Column == 1);
  CHECK(E.Message == "'DEMANGLED' outside a block; expected it after INCLUDE "
                     "or EXCLUDE in a SCOREP_REGION_NAMES block");
}

TEST_CASE("Score-P error: malformed bracket expression",
          "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE ok foo[ab\n"
                           "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 17);
  CHECK(E.Message == "malformed bracket expression: '[' has no closing ']' "
                     "in pattern 'foo[ab'");

  E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                "EXCLUDE x[[:Alpha:]]\n"
                "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 11);
  CHECK(E.Message == "unknown character class '[:Alpha:]'; expected one of "
                     "alnum, alpha, blank, cntrl, digit, graph, lower, print, "
                     "punct, space, upper, xdigit in pattern 'x[[:Alpha:]]'");
}

TEST_CASE("Score-P error: escaped line break", "[filter][scorep][error]") {
  Diagnostic E = onlyError("SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE foo\\\n"
                           "  bar\n"
                           "SCOREP_REGION_NAMES_END\n");
  CHECK(E.Line == 2);
  CHECK(E.Column == 14);
  CHECK(E.Message == "backslash at the end of the line: Score-P filter files "
                     "do not support escaped line breaks; expected the "
                     "pattern to end on this line");
}

TEST_CASE("Score-P error: unknown keyword", "[filter][scorep][error]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "  EXCLUDE foo\n"
                   "SCOREP_REGION_NAME_END\n");
  INFO(render(P.Diags));
  CHECK_FALSE(P.Ok);
  REQUIRE(P.Diags.size() == 2);
  CHECK(P.Diags[0].str() ==
        "test.filt:3:1: error: unknown keyword 'SCOREP_REGION_NAME_END'; "
        "expected 'SCOREP_REGION_NAMES_BEGIN', 'SCOREP_REGION_NAMES_END', "
        "'SCOREP_FILE_NAMES_BEGIN' or 'SCOREP_FILE_NAMES_END'");
  CHECK(P.Diags[1].str() ==
        "test.filt:1:1: error: 'SCOREP_REGION_NAMES_BEGIN' is never closed; "
        "expected 'SCOREP_REGION_NAMES_END' before the end of the file");
}

TEST_CASE("Score-P error: TAU keyword in a Score-P file",
          "[filter][scorep][error]") {
  Diagnostic E = onlyError("\n"
                           "SCOREP_REGION_NAMES_BEGIN\n"
                           "  EXCLUDE foo\n"
                           "SCOREP_REGION_NAMES_END\n"
                           "BEGIN_EXCLUDE_LIST\n"
                           "bar\n"
                           "END_EXCLUDE_LIST\n");
  CHECK(E.Line == 5);
  CHECK(E.Column == 1);
  CHECK(E.Message == "TAU keyword 'BEGIN_EXCLUDE_LIST' in a Score-P filter "
                     "file (the format was detected from "
                     "'SCOREP_REGION_NAMES_BEGIN' at line 2); expected one "
                     "format per file");
}

TEST_CASE("Score-P errors are all reported in one pass",
          "[filter][scorep][error]") {
  Parsed P = parse("SCOREP_REGION_NAMES_BEGIN\n"
                   "  EXCLUDE\n"
                   "  INCLUDE a[\n"
                   "SCOREP_REGION_NAMES_END\n"
                   "SCOREP_FILE_NAMES_END\n");
  CHECK_FALSE(P.Ok);
  CHECK(render(P.Diags) ==
        "test.filt:2:3: error: 'EXCLUDE' without a pattern; expected one or "
        "more patterns after it\n"
        "test.filt:3:12: error: malformed bracket expression: '[' has no "
        "closing ']' in pattern 'a['\n"
        "test.filt:5:1: error: 'SCOREP_FILE_NAMES_END' without a matching "
        "'SCOREP_FILE_NAMES_BEGIN'\n");
}
