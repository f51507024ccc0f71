//===- filter/WildcardPattern.cpp - fnmatch(3) pattern ----------*- C++ -*-===//
//
// Part of Sextant. Validation follows the fnmatch(3) grammar of glibc with
// flags 0: a backslash escapes the next character (also inside brackets),
// a bracket expression may start with '!' or '^' and with a literal ']', and
// may hold [:class:], [.sym.] and [=equiv=] items.
//
//===----------------------------------------------------------------------===//

#include "filter/WildcardPattern.h"

#include <cstring>
#include <fnmatch.h>

namespace sextant {
namespace filter {

namespace {

bool isSpecial(char C) { return C == '*' || C == '?' || C == '[' || C == '\\'; }

bool isKnownCharacterClass(std::string_view Name) {
  static const char *const Classes[] = {"alnum", "alpha", "blank", "cntrl",
                                        "digit", "graph", "lower", "print",
                                        "punct", "space", "upper", "xdigit"};
  for (const char *Class : Classes)
    if (Name == Class)
      return true;
  return false;
}

/// Checks the bracket expression that starts at Pattern[Open] == '['.
/// Returns the offset of its closing ']' or std::string::npos with Error set.
size_t checkBracket(const std::string &Pattern, size_t Open,
                    PatternError &Error) {
  size_t I = Open + 1;
  if (I < Pattern.size() && (Pattern[I] == '!' || Pattern[I] == '^'))
    ++I;
  if (I < Pattern.size() && Pattern[I] == ']')
    ++I; // a leading ']' is a literal member
  while (I < Pattern.size()) {
    char C = Pattern[I];
    if (C == ']')
      return I;
    if (C == '\\') {
      I += 2;
      continue;
    }
    if (C == '[' && I + 1 < Pattern.size() &&
        (Pattern[I + 1] == ':' || Pattern[I + 1] == '.' ||
         Pattern[I + 1] == '=')) {
      char Kind = Pattern[I + 1];
      size_t Close = I + 2;
      while (Close + 1 < Pattern.size() &&
             !(Pattern[Close] == Kind && Pattern[Close + 1] == ']'))
        ++Close;
      if (Close + 1 >= Pattern.size()) {
        Error.Offset = I;
        Error.Message = std::string("malformed bracket expression: '[") + Kind +
                        "' has no closing '" + Kind + "]'";
        return std::string::npos;
      }
      std::string_view Name(Pattern.data() + I + 2, Close - (I + 2));
      if (Kind == ':' && !isKnownCharacterClass(Name)) {
        Error.Offset = I;
        Error.Message = "unknown character class '[:" + std::string(Name) +
                        ":]'; expected one of alnum, alpha, blank, cntrl, "
                        "digit, graph, lower, print, punct, space, upper, "
                        "xdigit";
        return std::string::npos;
      }
      I = Close + 2;
      continue;
    }
    ++I;
  }
  Error.Offset = Open;
  Error.Message = "malformed bracket expression: '[' has no closing ']'";
  return std::string::npos;
}

} // namespace

bool WildcardPattern::compile(std::string Pattern, WildcardPattern &Result,
                              PatternError &Error) {
  if (Pattern.empty()) {
    Error.Offset = 0;
    Error.Message = "empty pattern; expected at least one character";
    return false;
  }
  for (size_t I = 0; I < Pattern.size(); ++I) {
    char C = Pattern[I];
    if (C == '\\') {
      if (I + 1 == Pattern.size()) {
        Error.Offset = I;
        Error.Message = "dangling backslash at the end of the pattern; "
                        "expected a character after '\\'";
        return false;
      }
      ++I;
    } else if (C == '[') {
      size_t Close = checkBracket(Pattern, I, Error);
      if (Close == std::string::npos)
        return false;
      I = Close;
    }
  }
  int Check = fnmatch(Pattern.c_str(), "", 0);
  if (Check != 0 && Check != FNM_NOMATCH) {
    Error.Offset = 0;
    Error.Message = "fnmatch(3) rejects the pattern";
    return false;
  }

  Result.Pattern = std::move(Pattern);
  const std::string &P = Result.Pattern;
  size_t Stars = 0;
  bool OtherSpecial = false;
  for (char C : P) {
    if (C == '*')
      ++Stars;
    else if (isSpecial(C))
      OtherSpecial = true;
  }
  Result.Fixed.clear();
  if (OtherSpecial) {
    Result.Kind = Shape::General;
  } else if (Stars == 0) {
    Result.Kind = Shape::Literal;
    Result.Fixed = P;
  } else if (Stars == P.size()) {
    Result.Kind = Shape::Any;
  } else if (Stars == 1 && P.back() == '*') {
    Result.Kind = Shape::Prefix;
    Result.Fixed = P.substr(0, P.size() - 1);
  } else if (Stars == 1 && P.front() == '*') {
    Result.Kind = Shape::Suffix;
    Result.Fixed = P.substr(1);
  } else if (Stars == 2 && P.front() == '*' && P.back() == '*') {
    Result.Kind = Shape::Infix;
    Result.Fixed = P.substr(1, P.size() - 2);
  } else {
    Result.Kind = Shape::General;
  }
  return true;
}

std::string WildcardPattern::escape(std::string_view Literal) {
  std::string Escaped;
  Escaped.reserve(Literal.size() + 4);
  for (char C : Literal) {
    if (isSpecial(C))
      Escaped += '\\';
    Escaped += C;
  }
  return Escaped;
}

bool WildcardPattern::matches(std::string_view Text) const {
  switch (Kind) {
  case Shape::Any:
    return true;
  case Shape::Literal:
    return Text == Fixed;
  case Shape::Prefix:
    return Text.size() >= Fixed.size() &&
           Text.compare(0, Fixed.size(), Fixed) == 0;
  case Shape::Suffix:
    return Text.size() >= Fixed.size() &&
           Text.compare(Text.size() - Fixed.size(), Fixed.size(), Fixed) == 0;
  case Shape::Infix:
    return Text.find(Fixed) != std::string_view::npos;
  case Shape::General:
    break;
  }
  // fnmatch needs a NUL-terminated subject; avoid the heap for usual names.
  char Inline[512];
  if (Text.size() < sizeof(Inline)) {
    std::memcpy(Inline, Text.data(), Text.size());
    Inline[Text.size()] = '\0';
    return fnmatch(Pattern.c_str(), Inline, 0) == 0;
  }
  std::string Copy(Text);
  return fnmatch(Pattern.c_str(), Copy.c_str(), 0) == 0;
}

} // namespace filter
} // namespace sextant
