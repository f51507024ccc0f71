//===- filter/FilterFormat.cpp - Filter file formats ------------*- C++ -*-===//
//
// Part of Sextant. Format detection and the keyword tables of the Score-P
// and TAU filter formats.
//
//===----------------------------------------------------------------------===//

#include "filter/FilterFormat.h"

#include "filter/TextLines.h"

#include <cctype>

namespace sextant {
namespace filter {

namespace {

const char *const ScorePKeywords[] = {"SCOREP_REGION_NAMES_BEGIN",
                                      "SCOREP_REGION_NAMES_END",
                                      "SCOREP_FILE_NAMES_BEGIN",
                                      "SCOREP_FILE_NAMES_END",
                                      "INCLUDE",
                                      "EXCLUDE",
                                      "MANGLED",
                                      "DEMANGLED"};

const char *const TauKeywords[] = {
    "BEGIN_EXCLUDE_LIST",       "END_EXCLUDE_LIST",
    "BEGIN_INCLUDE_LIST",       "END_INCLUDE_LIST",
    "BEGIN_FILE_EXCLUDE_LIST",  "END_FILE_EXCLUDE_LIST",
    "BEGIN_FILE_INCLUDE_LIST",  "END_FILE_INCLUDE_LIST",
    "BEGIN_INSTRUMENT_SECTION", "END_INSTRUMENT_SECTION",
    "BEGIN_LOOPS_LIST",         "END_LOOPS_LIST"};

bool isKeywordCharacters(std::string_view Rest) {
  if (Rest.empty())
    return false;
  for (char C : Rest)
    if (!(C == '_' || (C >= 'A' && C <= 'Z')))
      return false;
  return true;
}

bool startsWith(std::string_view Text, std::string_view Prefix) {
  return Text.substr(0, Prefix.size()) == Prefix;
}

} // namespace

bool isScorePKeyword(std::string_view Token) {
  for (const char *Keyword : ScorePKeywords)
    if (Token == Keyword)
      return true;
  return false;
}

bool isTauKeyword(std::string_view Token) {
  for (const char *Keyword : TauKeywords)
    if (Token == Keyword)
      return true;
  return false;
}

bool looksLikeScorePKeyword(std::string_view Token) {
  return startsWith(Token, "SCOREP_") && isKeywordCharacters(Token.substr(7));
}

bool looksLikeTauKeyword(std::string_view Token) {
  if (startsWith(Token, "BEGIN_"))
    return isKeywordCharacters(Token.substr(6));
  if (startsWith(Token, "END_"))
    return isKeywordCharacters(Token.substr(4));
  return false;
}

std::string caseHint(std::string_view Token) {
  std::string Upper(Token);
  for (char &C : Upper)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  if (Upper == Token || !(isScorePKeyword(Upper) || isTauKeyword(Upper)))
    return std::string();
  return " (keywords are case-sensitive: did you mean '" + Upper + "'?)";
}

const char *formatName(FilterFormat Format) {
  switch (Format) {
  case FilterFormat::ScoreP:
    return "Score-P";
  case FilterFormat::Tau:
    return "TAU";
  case FilterFormat::Empty:
  case FilterFormat::Unknown:
    break;
  }
  return "unknown";
}

DetectedFormat detectFilterFormat(std::string_view Text) {
  DetectedFormat Result;
  bool Found = false;
  forEachLine(Text, [&](std::string_view Line, unsigned LineNumber) {
    if (Found)
      return;
    size_t Begin = 0;
    while (Begin < Line.size() && isFilterBlank(Line[Begin]))
      ++Begin;
    if (Begin == Line.size() || Line[Begin] == '#')
      return;
    size_t End = Begin;
    while (End < Line.size() && !isFilterBlank(Line[End]) && Line[End] != '#')
      ++End;
    std::string_view Token = Line.substr(Begin, End - Begin);
    Found = true;
    Result.Keyword = std::string(Token);
    Result.Line = LineNumber;
    Result.Column = static_cast<unsigned>(Begin + 1);
    if (isScorePKeyword(Token) || looksLikeScorePKeyword(Token))
      Result.Format = FilterFormat::ScoreP;
    else if (isTauKeyword(Token) || looksLikeTauKeyword(Token))
      Result.Format = FilterFormat::Tau;
    else
      Result.Format = FilterFormat::Unknown;
  });
  return Result;
}

} // namespace filter
} // namespace sextant
