//===- wrap/generator/AnnotationFile.cpp - A wrapper's annotations --------===//
//
// Part of Sextant. See AnnotationFile.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/AnnotationFile.h"
#include "wrap/generator/AnnotationExpression.h"

#include <llvm/Support/Error.h>
#include <llvm/Support/GlobPattern.h>

#include <cctype>
#include <deque>
#include <fstream>
#include <set>
#include <sstream>

namespace sextant {
namespace wrap {

namespace {

struct Block {
  unsigned Line = 0;
  std::vector<std::pair<std::string, llvm::GlobPattern>> Patterns;
  std::vector<bool> Used;
  FunctionAnnotations Attributes;
  bool Optional = false; ///< its patterns may match nothing
};

std::string trim(const std::string &Text) {
  size_t Begin = Text.find_first_not_of(" \t\r");
  if (Begin == std::string::npos)
    return std::string();
  size_t End = Text.find_last_not_of(" \t\r");
  return Text.substr(Begin, End - Begin + 1);
}

/// Splits Text at blanks outside parentheses and brackets.
std::vector<std::string> splitTopLevel(const std::string &Text) {
  std::vector<std::string> Parts;
  std::string Current;
  int Depth = 0;
  for (char C : Text) {
    if (C == '(' || C == '[')
      ++Depth;
    else if ((C == ')' || C == ']') && Depth > 0)
      --Depth;
    if ((C == ' ' || C == '\t') && Depth == 0) {
      if (!Current.empty())
        Parts.push_back(Current);
      Current.clear();
      continue;
    }
    Current += C;
  }
  if (!Current.empty())
    Parts.push_back(Current);
  return Parts;
}

/// One line of an annotation file that is not blank or a comment: its
/// first word and the rest.
struct AnnotationLine {
  unsigned Number = 0;
  std::string Where; ///< "file:line: "
  bool Indented = false;
  std::string Key;
  std::string Rest;
};

/// Splits line Number of the file (Raw, without its line end) into L, all
/// but L.Where; false when only blanks and a comment remain.
bool splitLine(const std::string &Raw, unsigned Number, AnnotationLine &L) {
  std::string Line = Raw.substr(0, Raw.find('#'));
  std::string Content = trim(Line);
  if (Content.empty())
    return false;
  L.Number = Number;
  L.Indented = Line[0] == ' ' || Line[0] == '\t';
  size_t Blank = Content.find_first_of(" \t");
  L.Key = Content.substr(0, Blank);
  L.Rest =
      Blank == std::string::npos ? std::string() : trim(Content.substr(Blank));
  return true;
}

/// True when the attribute line L has a value; otherwise an error.
bool needsValue(const AnnotationLine &L, std::vector<std::string> &Errors) {
  if (!L.Rest.empty())
    return true;
  Errors.push_back(L.Where + "error: '" + L.Key + "' needs an expression");
  return false;
}

/// True when the attribute line L has no value; otherwise an error.
bool takesNone(const AnnotationLine &L, std::vector<std::string> &Errors) {
  if (L.Rest.empty())
    return true;
  Errors.push_back(L.Where + "error: '" + L.Key + "' takes no value, got '" +
                   L.Rest + "'");
  return false;
}

/// True when Expression, of the attribute line L, can be one expression of
/// the generated source (AnnotationExpression.h); otherwise an error.
bool validExpression(const AnnotationLine &L, const std::string &Expression,
                     std::vector<std::string> &Errors) {
  std::string Why = expressionSyntaxError(Expression);
  if (Why.empty())
    return true;
  Errors.push_back(L.Where + "error: '" + L.Key + " " +
                   Expression.substr(0, 200) +
                   (Expression.size() > 200 ? "..." : "") +
                   "' is not one C expression: " + Why);
  return false;
}

/// Reads the attribute line L into the block B.
void attributeLine(const AnnotationLine &L, Block &B,
                   std::vector<std::string> &Errors) {
  const std::string &Key = L.Key, &Rest = L.Rest;
  const std::string &Where = L.Where;
  FunctionAnnotations &A = B.Attributes;
  AnnotationValue Value{Rest, L.Number};
  // The attributes that are one expression (needsValue) or a flag
  // (takesNone).
  struct Plain {
    const char *Key;
    AnnotationValue *Into;
    bool (*Valid)(const AnnotationLine &, std::vector<std::string> &);
  };
  const Plain Plains[] = {
      {"bytes", &A.Bytes, needsValue},
      {"peer", &A.Peer, needsValue},
      {"collective", &A.Collective, takesNone},
      {"skip", &A.Skip, takesNone},
      {"hook-outside-region", &A.HookOutsideRegion, takesNone},
      {"forward-fixed-arguments", &A.ForwardFixedArguments, takesNone}};
  for (const Plain &P : Plains)
    if (Key == P.Key) {
      if (P.Valid(L, Errors) &&
          (P.Valid == takesNone || validExpression(L, Rest, Errors)))
        *P.Into = Value;
      return;
    }
  if (Key == "transfer") {
    if (Rest == "put" || Rest == "get" || Rest == "atomic" ||
        Rest == "fetching-atomic")
      A.Transfer = Value;
    else
      Errors.push_back(Where +
                       "error: expected 'transfer put', 'get', "
                       "'atomic' or 'fetching-atomic', got '" +
                       Rest + "'");
  } else if (Key == "optional") {
    if (takesNone(L, Errors))
      B.Optional = true;
  } else if (Key == "hook") {
    if (Rest.find_first_of(" \t") != std::string::npos)
      Errors.push_back(Where + "error: 'hook' takes at most one name, got '" +
                       Rest + "'");
    else
      A.Hook = Value;
  } else if (Key == "sets-rank") {
    std::vector<std::string> Parts = splitTopLevel(Rest);
    if (Parts.size() != 2) {
      Errors.push_back(Where +
                       "error: expected 'sets-rank RANK SIZE', two "
                       "expressions without blanks outside "
                       "parentheses, got '" +
                       Rest + "'");
      return;
    }
    if (!validExpression(L, Parts[0], Errors) ||
        !validExpression(L, Parts[1], Errors))
      return;
    A.SetsRank = Value;
    A.RankExpression = Parts[0];
    A.SizeExpression = Parts[1];
  } else {
    Errors.push_back(Where + "error: unknown attribute '" + Key +
                     "': expected transfer, bytes, peer, collective, "
                     "sets-rank, skip, hook, hook-outside-region, "
                     "forward-fixed-arguments or optional");
  }
}

void merge(AnnotationValue &Into, const AnnotationValue &From) {
  if (From.present() && From.Line >= Into.Line)
    Into = From;
}

} // namespace

struct AnnotationFile::Impl {
  std::string Name;
  std::vector<Block> Blocks;
  /// The patterns' text: llvm::GlobPattern refers to it, so it must not
  /// move.
  std::deque<std::string> PatternTexts;
  /// `variadic FUNCTION VFUNCTION`: VFUNCTION and the line by FUNCTION.
  std::map<std::string, std::pair<std::string, unsigned>> Variadic;
  InterfaceDescription Interface;
  std::set<std::string> InterfaceKeys; ///< the interface lines seen

  /// Reads the interface line Key Rest; false when Key is not one.
  bool interfaceLine(const std::string &Key, const std::string &Rest,
                     const std::string &Where,
                     std::vector<std::string> &Errors);
  /// Reads the line L that is not indented: a `function` line, whose block
  /// it returns (null when the line names nothing), a `variadic` line or an
  /// interface line (null).
  Block *topLevelLine(const AnnotationLine &L,
                      std::vector<std::string> &Errors);
  /// Starts the block of the `function` line L; null when it names
  /// nothing.
  Block *functionLine(const AnnotationLine &L,
                      std::vector<std::string> &Errors);
  /// The checks across lines, once the whole file is read.
  void checkAcrossLines(std::vector<std::string> &Errors) const;

  std::string where(unsigned Line) const {
    return Name + ":" + std::to_string(Line) + ": ";
  }
};

bool AnnotationFile::Impl::interfaceLine(const std::string &Key,
                                         const std::string &Rest,
                                         const std::string &Where,
                                         std::vector<std::string> &Errors) {
  InterfaceDescription &I = Interface;
  struct Line {
    const char *Key;
    std::string *Value;                ///< or null: handled below
    std::vector<const char *> Choices; ///< empty: any one word
  };
  std::string ParseAs;
  const Line Lines[] = {
      {"parse-as", &ParseAs, {"c", "c++"}},
      {"profiling-interface", &I.ProfilingPrefix, {}},
      {"region-kind", &I.RegionKind, {"library", "mpi"}},
      {"region-location", &I.RegionLocation, {"header", "none"}},
      {"include", nullptr, {}},
      {"hooks", &I.HooksNamespace, {}},
      {"call-table", &I.CallTableNamespace, {}},
      {"variant-suffix", &I.VariantSuffix, {}}};
  const Line *Found = nullptr;
  for (const Line &L : Lines)
    if (Key == L.Key)
      Found = &L;
  if (!Found)
    return false;
  if (Rest.empty() || Rest.find_first_of(" \t") != std::string::npos) {
    Errors.push_back(Where + "error: '" + Key + "' takes one word, got '" +
                     Rest + "'");
    return true;
  }
  if (!Found->Choices.empty()) {
    std::string Expected;
    bool Valid = false;
    for (const char *Choice : Found->Choices) {
      Valid |= Rest == Choice;
      Expected += std::string(Expected.empty() ? "" : " or ") + Choice;
    }
    if (!Valid) {
      Errors.push_back(Where + "error: expected '" + Key + "' " + Expected +
                       ", got '" + Rest + "'");
      return true;
    }
  }
  if (!Found->Value) {
    I.Includes.push_back(Rest);
    return true;
  }
  if (!InterfaceKeys.insert(Key).second) {
    Errors.push_back(Where + "error: '" + Key + "' given twice");
    return true;
  }
  *Found->Value = Rest;
  if (Key == "parse-as")
    I.ParseAsC = Rest == "c";
  return true;
}

AnnotationFile::AnnotationFile() : Self(std::make_unique<Impl>()) {}
AnnotationFile::~AnnotationFile() = default;
AnnotationFile::AnnotationFile(AnnotationFile &&) noexcept = default;
AnnotationFile &AnnotationFile::operator=(AnnotationFile &&) noexcept = default;

const std::string &AnnotationFile::name() const { return Self->Name; }
const InterfaceDescription &AnnotationFile::interface() const {
  return Self->Interface;
}

bool AnnotationFile::load(const std::string &Path,
                          std::vector<std::string> &Errors) {
  std::ifstream In(Path);
  if (!In) {
    Errors.push_back(Path + ": error: cannot read the annotation file");
    return false;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  return parse(Text.str(), Path, Errors);
}

Block *AnnotationFile::Impl::functionLine(const AnnotationLine &L,
                                          std::vector<std::string> &Errors) {
  std::vector<std::string> Words = splitTopLevel(L.Rest);
  if (Words.empty()) {
    Errors.push_back(L.Where + "error: 'function' needs at least one "
                               "function name or glob pattern");
    return nullptr;
  }
  Blocks.emplace_back();
  Block *New = &Blocks.back();
  New->Line = L.Number;
  for (const std::string &Word : Words) {
    PatternTexts.push_back(Word);
    llvm::Expected<llvm::GlobPattern> Pattern =
        llvm::GlobPattern::create(PatternTexts.back());
    if (!Pattern) {
      Errors.push_back(L.Where + "error: bad pattern '" + Word +
                       "': " + llvm::toString(Pattern.takeError()));
      continue;
    }
    New->Patterns.emplace_back(Word, std::move(*Pattern));
    New->Used.push_back(false);
  }
  return New;
}

Block *AnnotationFile::Impl::topLevelLine(const AnnotationLine &L,
                                          std::vector<std::string> &Errors) {
  if (L.Key == "function")
    return functionLine(L, Errors);
  if (L.Key == "variadic") {
    std::vector<std::string> Words = splitTopLevel(L.Rest);
    if (Words.size() != 2)
      Errors.push_back(L.Where + "error: expected 'variadic FUNCTION "
                                 "VFUNCTION' (e.g. 'variadic printf "
                                 "vprintf')");
    else
      Variadic[Words[0]] = {Words[1], L.Number};
  } else if (!interfaceLine(L.Key, L.Rest, L.Where, Errors)) {
    Errors.push_back(L.Where + "error: unknown line '" + L.Key +
                     "': expected 'function PATTERN...', 'variadic "
                     "FUNCTION VFUNCTION' or an interface line "
                     "(parse-as, profiling-interface, region-kind, "
                     "region-location, include, hooks, call-table, "
                     "variant-suffix); "
                     "attribute lines are indented");
  }
  return nullptr;
}

void AnnotationFile::Impl::checkAcrossLines(
    std::vector<std::string> &Errors) const {
  for (const char *Key : {"hooks", "call-table"})
    if (InterfaceKeys.count(Key) && Interface.ProfilingPrefix.empty())
      Errors.push_back(Name + ": error: '" + Key +
                       "' needs 'profiling-interface': only the wrappers of "
                       "that form call hooks and count calls per function");
  for (const Block &B : Blocks) {
    const FunctionAnnotations &A = B.Attributes;
    if (A.Hook.present() && Interface.HooksNamespace.empty())
      Errors.push_back(where(A.Hook.Line) +
                       "error: 'hook' needs the 'hooks NAMESPACE' line");
    if (A.Transfer.present() != A.Peer.present())
      Errors.push_back(where(B.Line) +
                       "error: 'transfer' and 'peer' go together: a transfer "
                       "is to or from a peer");
  }
}

bool AnnotationFile::parse(const std::string &Text, const std::string &Name,
                           std::vector<std::string> &Errors) {
  Self->Name = Name;
  size_t ErrorsBefore = Errors.size();
  std::istringstream In(Text);
  std::string Raw;
  unsigned LineNumber = 0;
  Block *Current = nullptr; ///< the block the attribute lines go to
  while (std::getline(In, Raw)) {
    ++LineNumber;
    AnnotationLine L;
    if (!splitLine(Raw, LineNumber, L))
      continue;
    L.Where = Self->where(LineNumber);
    if (!L.Indented)
      Current = Self->topLevelLine(L, Errors);
    else if (Current)
      attributeLine(L, *Current, Errors);
    else
      Errors.push_back(L.Where + "error: attribute '" + L.Key +
                       "' outside a 'function' block");
  }
  Self->checkAcrossLines(Errors);
  return Errors.size() == ErrorsBefore;
}

FunctionAnnotations AnnotationFile::lookup(const std::string &Symbol) {
  FunctionAnnotations Result;
  // A variant (SYMBOL+SUFFIX) matches the patterns of SYMBOL too.
  const std::string &Suffix = Self->Interface.VariantSuffix;
  std::string Base;
  if (!Suffix.empty() && Symbol.size() > Suffix.size() &&
      Symbol.compare(Symbol.size() - Suffix.size(), Suffix.size(), Suffix) == 0)
    Base = Symbol.substr(0, Symbol.size() - Suffix.size());
  for (Block &B : Self->Blocks) {
    bool Matches = false;
    for (size_t I = 0; I < B.Patterns.size(); ++I)
      if (B.Patterns[I].second.match(Symbol) ||
          (!Base.empty() && B.Patterns[I].second.match(Base))) {
        B.Used[I] = true;
        Matches = true;
      }
    if (!Matches)
      continue;
    const FunctionAnnotations &A = B.Attributes;
    merge(Result.Transfer, A.Transfer);
    merge(Result.Bytes, A.Bytes);
    merge(Result.Peer, A.Peer);
    merge(Result.Collective, A.Collective);
    merge(Result.Skip, A.Skip);
    merge(Result.Hook, A.Hook);
    merge(Result.HookOutsideRegion, A.HookOutsideRegion);
    merge(Result.ForwardFixedArguments, A.ForwardFixedArguments);
    if (A.SetsRank.present() && A.SetsRank.Line >= Result.SetsRank.Line) {
      Result.SetsRank = A.SetsRank;
      Result.RankExpression = A.RankExpression;
      Result.SizeExpression = A.SizeExpression;
    }
  }
  // `hook` without a name: the function's own (a variant's: its base's).
  if (Result.Hook.present() && Result.Hook.Text.empty())
    Result.Hook.Text = Base.empty() ? Symbol : Base;
  return Result;
}

std::vector<std::string> expressionParameters(const std::string &Expression) {
  static const std::set<std::string> Keywords = {
      "sizeof",           "char",  "short",  "int",     "long", "unsigned",
      "signed",           "float", "double", "const",   "void", "size_t",
      "struct",           "true",  "false",  "nullptr", "NULL", "static_cast",
      "reinterpret_cast", "_Bool", "bool"};
  std::vector<std::string> Names;
  size_t I = 0, N = Expression.size();
  while (I < N) {
    char C = Expression[I];
    if (std::isdigit(static_cast<unsigned char>(C))) {
      while (I < N &&
             (std::isalnum(static_cast<unsigned char>(Expression[I])) ||
              Expression[I] == '.'))
        ++I;
      continue;
    }
    if (!(std::isalpha(static_cast<unsigned char>(C)) || C == '_')) {
      ++I;
      continue;
    }
    size_t Begin = I;
    while (I < N && (std::isalnum(static_cast<unsigned char>(Expression[I])) ||
                     Expression[I] == '_'))
      ++I;
    std::string Word = Expression.substr(Begin, I - Begin);
    size_t Next = Expression.find_first_not_of(" \t", I);
    bool Call = Next != std::string::npos && Expression[Next] == '(';
    size_t Previous = Expression.find_last_not_of(" \t", Begin ? Begin - 1 : 0);
    bool Member = Begin > 0 && Previous != std::string::npos &&
                  (Expression[Previous] == '.' ||
                   (Expression[Previous] == '>' && Previous > 0 &&
                    Expression[Previous - 1] == '-'));
    if (!Call && !Member && !Keywords.count(Word))
      Names.push_back(Word);
  }
  return Names;
}

std::vector<AnnotatedExpression> expressionsOf(const FunctionAnnotations &A) {
  std::vector<AnnotatedExpression> All;
  if (A.Bytes.present())
    All.push_back({"bytes", A.Bytes.Text, "unsigned long long", A.Bytes.Line});
  if (A.Peer.present())
    All.push_back({"peer", A.Peer.Text, "int", A.Peer.Line});
  if (A.SetsRank.present()) {
    All.push_back({"sets-rank", A.RankExpression, "int", A.SetsRank.Line});
    All.push_back({"sets-rank", A.SizeExpression, "int", A.SetsRank.Line});
  }
  return All;
}

std::string AnnotationFile::where(unsigned Line) const {
  return Self->where(Line);
}

bool AnnotationFile::check(const FunctionAnnotations &A,
                           const WrappedFunction &F, std::string &Error) const {
  std::set<std::string> Parameters;
  std::string List;
  for (const WrappedParameter &P : F.Parameters) {
    Parameters.insert(P.Name);
    List += (List.empty() ? "" : ", ") + P.Name;
  }
  if (A.HookOutsideRegion.present() && !A.Hook.present()) {
    Error = Self->where(A.HookOutsideRegion.Line) + "error: function " +
            F.Symbol + ": 'hook-outside-region' without a 'hook'";
    return false;
  }
  for (const AnnotatedExpression &C : expressionsOf(A)) {
    for (const std::string &Name : expressionParameters(C.Expression))
      if (!Parameters.count(Name)) {
        Error = Self->where(C.Line) + "error: function " + F.Symbol + ": '" +
                C.Key + " " + C.Expression + "' names '" + Name +
                "', which is not one of its parameters (" +
                (List.empty() ? std::string("it has none") : List) + ")";
        return false;
      }
  }
  return true;
}

std::vector<std::string> AnnotationFile::unusedPatterns() const {
  std::vector<std::string> Warnings;
  for (const Block &B : Self->Blocks)
    for (size_t I = 0; I < B.Patterns.size(); ++I)
      if (!B.Used[I] && !B.Optional && !B.Attributes.Hook.present())
        Warnings.push_back(Self->where(B.Line) + "warning: pattern '" +
                           B.Patterns[I].first +
                           "' matches no wrapped function");
  return Warnings;
}

std::vector<std::string> AnnotationFile::unmatchedHooks() const {
  std::vector<std::string> Errors;
  for (const Block &B : Self->Blocks)
    for (size_t I = 0; I < B.Patterns.size(); ++I)
      if (!B.Used[I] && !B.Optional && B.Attributes.Hook.present())
        Errors.push_back(Self->where(B.Line) + "error: the hook of '" +
                         B.Patterns[I].first +
                         "' matches no function of the headers (a function "
                         "of a newer standard: mark its block 'optional')");
  return Errors;
}

std::string AnnotationFile::variadicSibling(const std::string &Function) const {
  auto Found = Self->Variadic.find(Function);
  return Found == Self->Variadic.end() ? std::string() : Found->second.first;
}

std::vector<std::string> AnnotationFile::checkVariadicLines(
    const std::map<std::string, const WrappedFunction *> &Declared) const {
  std::vector<std::string> Errors;
  for (const auto &[Function, Sibling] : Self->Variadic) {
    std::string Where = Self->where(Sibling.second) + "error: 'variadic " +
                        Function + " " + Sibling.first + "': ";
    auto Variadic = Declared.find(Function);
    auto Taking = Declared.find(Sibling.first);
    if (Variadic == Declared.end())
      Errors.push_back(Where + "'" + Function +
                       "' is not a function of the headers");
    else if (!Variadic->second->Variadic)
      Errors.push_back(Where + "'" + Function + "' is not variadic");
    else if (Taking == Declared.end())
      Errors.push_back(Where + "'" + Sibling.first +
                       "' is not a function of the headers");
    else if (Taking->second->Parameters.empty() ||
             Taking->second->Parameters.back().Declaration.find("va_list") ==
                 std::string::npos)
      Errors.push_back(Where + "'" + Sibling.first +
                       "' does not take a va_list last");
  }
  return Errors;
}

} // namespace wrap
} // namespace sextant
