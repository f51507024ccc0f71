//===- filter/TauRoutinePattern.cpp - TAU routine-list entries --*- C++ -*-===//
//
// Part of Sextant. Canonical spelling of routine names and the translation
// of TAU routine entries ('#' wildcard) into fnmatch patterns.
//
//===----------------------------------------------------------------------===//

#include "filter/TauRoutinePattern.h"

#include <cctype>
#include <cstring>

namespace sextant {
namespace filter {

namespace {

/// Characters that belong to a name token. '#' and '?' are the TAU
/// wildcards; '.', '@' and '$' occur in compiler-made names.
bool isNameChar(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$' ||
         C == '#' || C == '?' || C == '.' || C == '@' ||
         static_cast<unsigned char>(C) >= 0x80;
}

bool isSpace(char C) {
  return C == ' ' || C == '\t' || C == '\r' || C == '\n' || C == '\f' ||
         C == '\v';
}

/// Collapses whitespace to the canonical spacing.
std::string canonicalSpacing(std::string_view Name) {
  std::string Out;
  Out.reserve(Name.size());
  bool PendingSpace = false;
  for (char C : Name) {
    if (isSpace(C)) {
      PendingSpace = !Out.empty();
      continue;
    }
    bool NeedSpace = false;
    if (isNameChar(C) && !Out.empty()) {
      char Prev = Out.back();
      NeedSpace = Prev == '>' || (PendingSpace && isNameChar(Prev));
    }
    if (NeedSpace)
      Out += ' ';
    PendingSpace = false;
    Out += C;
  }
  return Out;
}

/// Returns the end of the name token that starts at I.
size_t endOfName(std::string_view S, size_t I) {
  while (I < S.size() && isNameChar(S[I]))
    ++I;
  return I;
}

/// Skips a balanced <...> starting at S[I] == '<'; returns the position
/// after the closing '>' or S.size().
size_t skipAngles(std::string_view S, size_t I) {
  unsigned Depth = 0;
  for (; I < S.size(); ++I) {
    if (S[I] == '<') {
      ++Depth;
    } else if (S[I] == '>') {
      if (--Depth == 0)
        return I + 1;
    }
  }
  return S.size();
}

bool isQualifierAt(std::string_view S, size_t I) {
  for (std::string_view Q :
       {std::string_view("const"), std::string_view("volatile")}) {
    if (S.substr(I, Q.size()) == Q && endOfName(S, I) == I + Q.size())
      return true;
  }
  return false;
}

/// End of the base type that starts at I: names joined by '::', single
/// spaces ("unsigned long") and template argument lists.
size_t endOfBaseType(std::string_view S, size_t I) {
  size_t J = I;
  while (true) {
    size_t WordEnd = endOfName(S, J);
    if (WordEnd == J)
      return J;
    J = WordEnd;
    if (J < S.size() && S[J] == '<')
      J = skipAngles(S, J);
    if (S.substr(J, 2) == "::") {
      J += 2;
      continue;
    }
    if (J + 1 < S.size() && S[J] == ' ' && isNameChar(S[J + 1]) &&
        !isQualifierAt(S, J + 1)) {
      ++J;
      continue;
    }
    return J;
  }
}

/// Moves a leading 'const'/'volatile' of each parameter (and of the whole
/// name) behind its base type: "const char*" -> "char const*".
std::string moveLeadingQualifiers(std::string S) {
  for (size_t P = 0; P < S.size(); ++P) {
    bool AtStart =
        P == 0 || S[P - 1] == '(' || S[P - 1] == ',' || S[P - 1] == '<';
    if (!AtStart)
      continue;
    for (std::string_view Q :
         {std::string_view("const"), std::string_view("volatile")}) {
      if (S.compare(P, Q.size(), Q.data(), Q.size()) != 0 ||
          P + Q.size() >= S.size() || S[P + Q.size()] != ' ')
        continue;
      size_t BaseBegin = P + Q.size() + 1;
      size_t BaseEnd = endOfBaseType(S, BaseBegin);
      if (BaseEnd == BaseBegin)
        continue;
      std::string Moved = S.substr(BaseBegin, BaseEnd - BaseBegin);
      Moved += ' ';
      Moved += Q;
      S.replace(P, BaseEnd - P, Moved);
      break;
    }
  }
  return S;
}

/// Drops TAU's decorations from an entry: a source location suffix
/// " [{file} {l,c}-{l,c}]".
std::string_view stripTauLocation(std::string_view Entry) {
  size_t Location = Entry.rfind(" [{");
  if (Location != std::string_view::npos && !Entry.empty() &&
      Entry.back() == ']')
    Entry = Entry.substr(0, Location);
  while (!Entry.empty() && isSpace(Entry.back()))
    Entry.remove_suffix(1);
  return Entry;
}

/// Translates a canonical TAU entry into an fnmatch pattern: '#' matches
/// any sequence, '?' any character, everything else itself.
std::string toFnmatch(std::string_view Canonical) {
  std::string Pattern;
  Pattern.reserve(Canonical.size() + 4);
  for (char C : Canonical) {
    if (C == '#') {
      Pattern += '*';
    } else if (C == '?') {
      Pattern += '?';
    } else {
      if (C == '*' || C == '[' || C == '\\')
        Pattern += '\\';
      Pattern += C;
    }
  }
  return Pattern;
}

void addPattern(std::vector<WildcardPattern> &Patterns, std::string Text) {
  if (Text.empty())
    return;
  for (const WildcardPattern &Existing : Patterns)
    if (Existing.text() == Text)
      return;
  WildcardPattern Compiled;
  PatternError Ignored;
  if (WildcardPattern::compile(std::move(Text), Compiled, Ignored))
    Patterns.push_back(std::move(Compiled));
}

} // namespace

std::string normalizeRoutineName(std::string_view Name) {
  return moveLeadingQualifiers(canonicalSpacing(Name));
}

RoutineNameParts splitRoutineName(std::string_view S) {
  static const char OperatorChars[] = "<>=!+-*/%^&|~,[]";
  RoutineNameParts Parts;
  size_t LastBoundary = std::string_view::npos;
  unsigned Depth = 0;
  size_t I = 0;
  while (I < S.size()) {
    char C = S[I];
    if (isNameChar(C)) {
      size_t End = endOfName(S, I);
      if (S.substr(I, End - I) == "operator") {
        I = End;
        if (I + 1 < S.size() && S[I] == ' ' && isNameChar(S[I + 1])) {
          // operator new, operator delete[], conversion operators
          I = endOfName(S, I + 1);
          if (S.substr(I, 2) == "[]")
            I += 2;
        } else if (S.substr(I, 2) == "()") {
          I += 2;
        } else {
          while (I < S.size() && S[I] != '\0' &&
                 std::strchr(OperatorChars, S[I]))
            ++I;
        }
        continue;
      }
      I = End;
      continue;
    }
    if (C == '<') {
      ++Depth;
    } else if (C == '>') {
      if (Depth > 0)
        --Depth;
    } else if (C == '(' && Depth == 0) {
      static const std::string_view Anonymous = "(anonymous namespace)";
      if (S.substr(I, Anonymous.size()) == Anonymous) {
        I += Anonymous.size();
        continue;
      }
      Parts.ParamBegin = I;
      break;
    } else if (Depth == 0 && (C == ' ' || C == '*' || C == '&')) {
      LastBoundary = I;
    }
    ++I;
  }
  if (LastBoundary != std::string_view::npos)
    Parts.NameBegin = LastBoundary + 1;
  return Parts;
}

TauRoutineName::TauRoutineName(std::string_view DisplayName)
    : Full(normalizeRoutineName(DisplayName)) {
  RoutineNameParts Parts = splitRoutineName(Full);
  HasParameters = Parts.ParamBegin != std::string::npos;
  if (Parts.NameBegin > 0 && Parts.NameBegin < Full.size())
    WithoutReturnType = Full.substr(Parts.NameBegin);
}

TauRoutinePattern::TauRoutinePattern(std::string_view Entry) : Text(Entry) {
  std::string Canonical = normalizeRoutineName(stripTauLocation(Entry));
  // TAU marks C routines with a trailing " C" after the parameter list.
  if (Canonical.size() > 2 &&
      Canonical.compare(Canonical.size() - 2, 2, ")C") == 0)
    Canonical.pop_back();
  addForm(Canonical);
  RoutineNameParts Parts = splitRoutineName(Canonical);
  if (Parts.NameBegin > 0 && Parts.NameBegin < Canonical.size())
    addForm(Canonical.substr(Parts.NameBegin));
}

void TauRoutinePattern::addForm(const std::string &Canonical) {
  RoutineNameParts Parts = splitRoutineName(Canonical);
  std::string Pattern = toFnmatch(Canonical);
  if (Parts.ParamBegin == std::string::npos) {
    addPattern(SignatureForms, Pattern);
    addPattern(SignatureForms, Pattern + "(*");
    addPattern(NameForms, Pattern);
  } else {
    addPattern(SignatureForms, Pattern);
    addPattern(NameForms, toFnmatch(Canonical.substr(0, Parts.ParamBegin)));
  }
}

bool TauRoutinePattern::matches(const TauRoutineName &Name) const {
  if (!Name.HasParameters) {
    for (const WildcardPattern &Form : NameForms)
      if (Form.matches(Name.Full))
        return true;
    return false;
  }
  for (const WildcardPattern &Form : SignatureForms) {
    if (Form.matches(Name.Full))
      return true;
    if (!Name.WithoutReturnType.empty() && Form.matches(Name.WithoutReturnType))
      return true;
  }
  return false;
}

} // namespace filter
} // namespace sextant
