//===- common/FlangNames.cpp - Display names of Flang procedures ----------===//
//
// Part of Sextant. Flang's internal names start with "_Q", followed by the
// scopes from outermost to innermost, each an upper-case tag and a
// lower-case name: M module, S submodule, F host procedure (empty for the
// main program), then P and the procedure's own name. The decoder accepts
// exactly these forms (and "_QQmain"); any other tag (data, types, blocks,
// kinds, compiler-generated names) makes it give up, so that such names stay
// as they are rather than being shown wrongly.
//
//===----------------------------------------------------------------------===//

#include "common/FlangNames.h"

namespace sextant {

namespace {

bool isLower(char C) { return C >= 'a' && C <= 'z'; }
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isBlank(char C) { return C == ' ' || C == '\t'; }

/// A character of a Fortran name as Flang writes it (lower case; '$' is a
/// common extension).
bool isNameCharacter(char C) {
  return isLower(C) || isDigit(C) || C == '_' || C == '$';
}

/// A Fortran name as Flang writes it: a lower-case letter first.
bool isFortranName(std::string_view Name) {
  return !Name.empty() && isLower(Name.front());
}

char toLower(char C) { return C >= 'A' && C <= 'Z' ? C - 'A' + 'a' : C; }

/// Removes and returns the name that follows a scope tag.
std::string_view takeName(std::string_view &Rest) {
  size_t End = 0;
  while (End < Rest.size() && isNameCharacter(Rest[End]))
    ++End;
  std::string_view Name = Rest.substr(0, End);
  Rest.remove_prefix(End);
  return Name;
}

void appendScope(std::string &Result, std::string_view Name) {
  if (!Result.empty())
    Result += "::";
  Result += Name;
}

} // namespace

bool demangleFlangName(std::string_view Mangled, std::string &Display,
                       std::string_view ProgramName) {
  std::string_view Program =
      ProgramName.empty() ? UnnamedFortranProgram : ProgramName;
  if (Mangled.substr(0, 2) != "_Q")
    return false;
  std::string_view Rest = Mangled.substr(2);
  if (Rest == "Qmain") {
    Display = std::string(Program);
    return true;
  }

  std::string Result;
  bool InModule = false; // M seen: S may follow
  bool InHost = false;   // F seen: no M or S may follow
  while (!Rest.empty()) {
    char Tag = Rest.front();
    Rest.remove_prefix(1);
    std::string_view Name = takeName(Rest);
    switch (Tag) {
    case 'M':
      if (!Result.empty() || !isFortranName(Name))
        return false;
      appendScope(Result, Name);
      InModule = true;
      break;
    case 'S':
      if (!InModule || InHost || !isFortranName(Name))
        return false;
      appendScope(Result, Name);
      break;
    case 'F':
      // An empty host name is the main program, the outermost scope.
      if (Name.empty() ? !Result.empty() : !isFortranName(Name))
        return false;
      appendScope(Result, Name.empty() ? Program : Name);
      InHost = true;
      break;
    case 'P':
      if (!isFortranName(Name) || !Rest.empty())
        return false;
      appendScope(Result, Name);
      Display = std::move(Result);
      return true;
    default:
      return false;
    }
  }
  return false;
}

std::string fortranProgramStatementName(std::string_view Line) {
  size_t I = 0;
  auto SkipBlanks = [&] {
    while (I < Line.size() && isBlank(Line[I]))
      ++I;
  };
  SkipBlanks();
  // A statement label: up to five digits.
  size_t LabelStart = I;
  while (I < Line.size() && isDigit(Line[I]))
    ++I;
  if (I - LabelStart > 5 || (I != LabelStart && (I == Line.size() ||
                                                 !isBlank(Line[I]))))
    return std::string();
  SkipBlanks();
  constexpr std::string_view Keyword = "program";
  if (Line.size() - I <= Keyword.size())
    return std::string();
  for (char K : Keyword)
    if (toLower(Line[I++]) != K)
      return std::string();
  if (!isBlank(Line[I]))
    return std::string();
  SkipBlanks();
  std::string Name;
  while (I < Line.size() && isNameCharacter(toLower(Line[I])) &&
         Line[I] != '$')
    Name += toLower(Line[I++]);
  if (!isFortranName(Name))
    return std::string();
  SkipBlanks();
  // The statement ends here: end of line, a comment or another statement.
  if (I != Line.size() && Line[I] != '!' && Line[I] != ';' &&
      Line[I] != '\r' && Line[I] != '\n')
    return std::string();
  return Name;
}

} // namespace sextant
