//===- test/unit/filter/FormatDetectionTests.cpp - Formats ------*- C++ -*-===//
//
// Part of Sextant. Detection of the filter-file format from the first
// significant keyword, the keyword tables, and the error for a file that is
// in neither format.
//
//===----------------------------------------------------------------------===//

#include "FilterTestSupport.h"

#include "filter/FilterFormat.h"

#include <catch2/catch.hpp>

using namespace sextant::filter;
using namespace sextant::filter::test;

TEST_CASE("the first significant keyword decides the format",
          "[filter][format]") {
  DetectedFormat F = detectFilterFormat("# comment\n\n  SCOREP_FILE_NAMES_BEGIN"
                                        "#x\nSCOREP_FILE_NAMES_END\n");
  CHECK(F.Format == FilterFormat::ScoreP);
  CHECK(F.Keyword == "SCOREP_FILE_NAMES_BEGIN");
  CHECK(F.Line == 3);
  CHECK(F.Column == 3);

  F = detectFilterFormat("   # TAU file\r\n\tBEGIN_FILE_EXCLUDE_LIST\r\n");
  CHECK(F.Format == FilterFormat::Tau);
  CHECK(F.Keyword == "BEGIN_FILE_EXCLUDE_LIST");
  CHECK(F.Line == 2);
  CHECK(F.Column == 2);

  CHECK(detectFilterFormat("EXCLUDE foo").Format == FilterFormat::ScoreP);
  CHECK(detectFilterFormat("SCOREP_TYPO").Format == FilterFormat::ScoreP);
  CHECK(detectFilterFormat("END_SOMETHING").Format == FilterFormat::Tau);
  CHECK(detectFilterFormat("").Format == FilterFormat::Empty);
  CHECK(detectFilterFormat("#only\n   \n").Format == FilterFormat::Empty);

  F = detectFilterFormat("\n  foo bar\n");
  CHECK(F.Format == FilterFormat::Unknown);
  CHECK(F.Keyword == "foo");
  CHECK(F.Line == 2);
  CHECK(F.Column == 3);
}

TEST_CASE("keyword tables", "[filter][format]") {
  CHECK(isScorePKeyword("SCOREP_REGION_NAMES_BEGIN"));
  CHECK(isScorePKeyword("DEMANGLED"));
  CHECK_FALSE(isScorePKeyword("exclude"));
  CHECK(isTauKeyword("END_FILE_INCLUDE_LIST"));
  CHECK(isTauKeyword("BEGIN_INSTRUMENT_SECTION"));
  CHECK_FALSE(isTauKeyword("BEGIN_EXCLUDE_LISTS"));
  CHECK(looksLikeScorePKeyword("SCOREP_FOO_BAR"));
  CHECK_FALSE(looksLikeScorePKeyword("SCOREP_foo"));
  CHECK(looksLikeTauKeyword("BEGIN_X"));
  CHECK_FALSE(looksLikeTauKeyword("BEGIN_"));
  CHECK(caseHint("Exclude") ==
        " (keywords are case-sensitive: did you mean 'EXCLUDE'?)");
  CHECK(caseHint("EXCLUDE").empty());
  CHECK(caseHint("foo").empty());
  CHECK(std::string(formatName(FilterFormat::ScoreP)) == "Score-P");
  CHECK(std::string(formatName(FilterFormat::Tau)) == "TAU");
}

TEST_CASE("a file in neither format is an error", "[filter][format][error]") {
  Parsed P = parse("# my filter\nexclude foo\n", "bad.filt");
  CHECK_FALSE(P.Ok);
  CHECK(P.Set.empty());
  REQUIRE(P.Diags.size() == 1);
  CHECK(P.Diags[0].str() ==
        "bad.filt:2:1: error: unknown keyword 'exclude'; expected a Score-P "
        "block ('SCOREP_REGION_NAMES_BEGIN' or 'SCOREP_FILE_NAMES_BEGIN') or "
        "a TAU list ('BEGIN_EXCLUDE_LIST', 'BEGIN_INCLUDE_LIST', "
        "'BEGIN_FILE_EXCLUDE_LIST' or 'BEGIN_FILE_INCLUDE_LIST') (keywords "
        "are case-sensitive: did you mean 'EXCLUDE'?)");
}
