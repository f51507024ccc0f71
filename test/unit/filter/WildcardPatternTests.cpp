//===- test/unit/filter/WildcardPatternTests.cpp - Patterns -----*- C++ -*-===//
//
// Part of Sextant. Validation and matching of WildcardPattern, including
// that the fast paths agree with fnmatch(3).
//
//===----------------------------------------------------------------------===//

#include "filter/WildcardPattern.h"

#include <catch2/catch.hpp>

#include <fnmatch.h>

using namespace sextant::filter;

namespace {

WildcardPattern compiled(const std::string &Text) {
  WildcardPattern Pattern;
  PatternError Error;
  INFO("pattern: " << Text);
  REQUIRE(WildcardPattern::compile(Text, Pattern, Error));
  return Pattern;
}

PatternError rejected(const std::string &Text) {
  WildcardPattern Pattern;
  PatternError Error;
  INFO("pattern: " << Text);
  REQUIRE_FALSE(WildcardPattern::compile(Text, Pattern, Error));
  return Error;
}

} // namespace

TEST_CASE("wildcard patterns match like fnmatch with flags 0",
          "[filter][wildcard]") {
  const char *Patterns[] = {
      "foo",    "foo*",      "*foo",         "*foo*",    "*",     "**",
      "f?o",    "f[a-c]o",   "f[!a]o",       "f[]]o",    "a*b*c", "*/vendor/*",
      "foo\\*", "foo\\ bar", "[[:digit:]]*", "ns::*<*>", "\\#x"};
  const char *Names[] = {"foo",
                         "foox",
                         "xfoo",
                         "xfooy",
                         "",
                         "fao",
                         "fbo",
                         "f]o",
                         "abc",
                         "aXbYc",
                         "a/b",
                         "foo*",
                         "foo bar",
                         "7up",
                         "ns::f<int>",
                         "#x",
                         "/usr/vendor/x.h",
                         "fo",
                         "FOO"};
  for (const char *P : Patterns) {
    WildcardPattern Pattern = compiled(P);
    CHECK(Pattern.text() == P);
    for (const char *N : Names) {
      INFO("pattern '" << P << "' name '" << N << "'");
      CHECK(Pattern.matches(N) == (fnmatch(P, N, 0) == 0));
    }
  }
}

TEST_CASE("wildcard fast paths give exact answers", "[filter][wildcard]") {
  CHECK(compiled("foo").matches("foo"));
  CHECK_FALSE(compiled("foo").matches("foo "));
  CHECK(compiled("foo*").matches("foo"));
  CHECK_FALSE(compiled("foo*").matches("fo"));
  CHECK(compiled("*foo").matches("foo"));
  CHECK_FALSE(compiled("*foo").matches("foox"));
  CHECK(compiled("*oo*").matches("oo"));
  CHECK_FALSE(compiled("*oo*").matches("o"));
  CHECK(compiled("*").matches(""));
  // '*' crosses '/' and '.' (no FNM_PATHNAME, no FNM_PERIOD), as in Score-P.
  CHECK(compiled("/src/*.c").matches("/src/a/b/.hidden.c"));
}

TEST_CASE("wildcard matching does not need NUL-terminated or short input",
          "[filter][wildcard]") {
  std::string Long(2000, 'a');
  Long += "Z";
  CHECK(compiled("a?a*[XYZ]").matches(Long));
  CHECK_FALSE(compiled("a?a*[XY]").matches(Long));
  std::string Buffer = "f[x]ooTRAILING";
  std::string_view View(Buffer.data(), 6);
  CHECK(compiled("f\\[x\\]oo").matches(View));
}

TEST_CASE("escape makes a literal pattern", "[filter][wildcard]") {
  CHECK(WildcardPattern::escape("a*b?c[d]\\e") == "a\\*b\\?c\\[d]\\\\e");
  WildcardPattern Pattern = compiled(WildcardPattern::escape("a*b?c[d]\\e"));
  CHECK(Pattern.matches("a*b?c[d]\\e"));
  CHECK_FALSE(Pattern.matches("axb?c[d]\\e"));
}

TEST_CASE("malformed patterns are rejected with the offending offset",
          "[filter][wildcard]") {
  PatternError E = rejected("foo[ab");
  CHECK(E.Offset == 3);
  CHECK(E.Message == "malformed bracket expression: '[' has no closing ']'");

  E = rejected("x[]");
  CHECK(E.Offset == 1);
  CHECK(E.Message == "malformed bracket expression: '[' has no closing ']'");

  E = rejected("a[[:alfa:]]");
  CHECK(E.Offset == 2);
  CHECK(E.Message == "unknown character class '[:alfa:]'; expected one of "
                     "alnum, alpha, blank, cntrl, digit, graph, lower, print, "
                     "punct, space, upper, xdigit");

  E = rejected("a[[:alpha]");
  CHECK(E.Offset == 2);
  CHECK(E.Message == "malformed bracket expression: '[:' has no closing ':]'");

  E = rejected("abc\\");
  CHECK(E.Offset == 3);
  CHECK(E.Message == "dangling backslash at the end of the pattern; expected "
                     "a character after '\\'");

  E = rejected("");
  CHECK(E.Offset == 0);
  CHECK(E.Message == "empty pattern; expected at least one character");
}

TEST_CASE("bracket expressions accept escapes, classes and a leading bracket",
          "[filter][wildcard]") {
  CHECK(compiled("[\\]]").matches("]"));
  CHECK(compiled("[]a]").matches("a"));
  CHECK(compiled("[^a]").matches("b"));
  CHECK_FALSE(compiled("[^a]").matches("a"));
  CHECK(compiled("[[:upper:]][[:lower:]]").matches("Ab"));
  CHECK(compiled("[[.a.]]").matches("a"));
}
