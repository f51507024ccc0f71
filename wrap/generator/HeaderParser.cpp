//===- wrap/generator/HeaderParser.cpp - Functions of C/C++ headers -------===//
//
// Part of Sextant. See HeaderParser.h. The headers are included by one
// in-memory main file and parsed without function bodies; the visitor
// descends into namespaces, extern "C" blocks and class definitions (not
// templates) and describes every function declaration it meets.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/HeaderParser.h"

#include "wrap/generator/InMemoryUnit.h"

#include <llvm/Demangle/Demangle.h>

#include <set>

namespace sextant {
namespace wrap {

namespace {

struct Visitor {
  ParsedHeaders &Result;
  std::set<std::string> Seen; // symbols already described
};

/// Spelling of Type usable at global scope: the canonical (fully
/// qualified) spelling inside C++ namespaces and classes, where written
/// names may be relative; as written elsewhere (keeps C typedef names).
std::string spell(CXType Type, bool Qualify) {
  if (Qualify)
    Type = clang_getCanonicalType(Type);
  return toString(clang_getTypeSpelling(Type));
}

bool insideScope(CXCursor Cursor) {
  CXCursor Parent = clang_getCursorSemanticParent(Cursor);
  CXCursorKind Kind = clang_getCursorKind(Parent);
  return Kind == CXCursor_Namespace || Kind == CXCursor_ClassDecl ||
         Kind == CXCursor_StructDecl;
}

std::vector<std::string> symbolsOf(CXCursor Cursor) {
  std::vector<std::string> Symbols;
  CXCursorKind Kind = clang_getCursorKind(Cursor);
  if (Kind == CXCursor_Constructor || Kind == CXCursor_Destructor) {
    CXStringSet *Set = clang_Cursor_getCXXManglings(Cursor);
    if (Set) {
      for (unsigned I = 0; I < Set->Count; ++I)
        Symbols.push_back(clang_getCString(Set->Strings[I]));
      clang_disposeStringSet(Set);
    }
    return Symbols;
  }
  Symbols.push_back(toString(clang_Cursor_getMangling(Cursor)));
  return Symbols;
}

std::string whyNotWrappable(CXCursor Cursor) {
  CXCursorKind Kind = clang_getCursorKind(Cursor);
  if (clang_getCursorLinkage(Cursor) != CXLinkage_External)
    return "not external (static or in an anonymous namespace)";
  if (clang_Cursor_isFunctionInlined(Cursor))
    return "inline";
  if (clang_isCursorDefinition(Cursor))
    return "defined in the header";
  if (Kind != CXCursor_FunctionDecl) {
    if (clang_CXXMethod_isDeleted(Cursor))
      return "deleted";
    if (clang_CXXMethod_isVirtual(Cursor))
      return "virtual (called through the vtable, not by its symbol)";
    if (clang_getCXXAccessSpecifier(Cursor) != CX_CXXPublic)
      return "not public";
  }
  return std::string();
}

void describe(CXCursor Cursor, Visitor &Self) {
  CXCursorKind Kind = clang_getCursorKind(Cursor);
  bool Qualify = insideScope(Cursor);
  CXType Type = clang_getCursorType(Cursor);

  WrappedFunction Base;
  CXFile File;
  unsigned Line, Column, Offset;
  clang_getExpansionLocation(clang_getCursorLocation(Cursor), &File, &Line,
                             &Column, &Offset);
  Base.File = toString(clang_File_tryGetRealPathName(File));
  if (Base.File.empty())
    Base.File = toString(clang_getFileName(File));
  Base.Line = Line;
  Base.Variadic = clang_isFunctionTypeVariadic(Type);
  Base.ResultType = spell(clang_getResultType(Type), Qualify);

  bool IsMember =
      Kind == CXCursor_CXXMethod && !clang_CXXMethod_isStatic(Cursor);
  if (Kind == CXCursor_Constructor || Kind == CXCursor_Destructor || IsMember) {
    Base.FunctionKind =
        Kind == CXCursor_Constructor  ? WrappedFunction::Kind::Constructor
        : Kind == CXCursor_Destructor ? WrappedFunction::Kind::Destructor
                                      : WrappedFunction::Kind::Member;
    CXType Class = clang_getCursorType(clang_getCursorSemanticParent(Cursor));
    std::string ThisType = spell(Class, true);
    if (clang_CXXMethod_isConst(Cursor))
      ThisType = "const " + ThisType;
    Base.Parameters.push_back({"sextant_this", ThisType + " *sextant_this"});
    if (Kind != CXCursor_CXXMethod)
      Base.ResultType = "void"; // Itanium: constructors/destructors return void
  }
  int Arguments = clang_Cursor_getNumArguments(Cursor);
  for (int I = 0; I < Arguments; ++I) {
    CXCursor Argument = clang_Cursor_getArgument(Cursor, I);
    WrappedParameter P;
    P.Name = toString(clang_getCursorSpelling(Argument));
    if (P.Name.empty() || P.Name.rfind("sextant_", 0) == 0)
      P.Name = "sextant_argument_" + std::to_string(I);
    P.Declaration =
        declareParameter(spell(clang_getCursorType(Argument), Qualify), P.Name);
    Base.Parameters.push_back(P);
  }
  std::string Reason = whyNotWrappable(Cursor);
  for (const std::string &Symbol : symbolsOf(Cursor)) {
    if (Symbol.empty() || !Self.Seen.insert(Symbol).second)
      continue; // declared twice
    WrappedFunction F = Base;
    F.Symbol = Symbol;
    F.DisplayName = llvm::demangle(Symbol);
    if (!Reason.empty())
      F.skip(Reason);
    Self.Result.Functions.push_back(std::move(F));
  }
}

CXChildVisitResult visit(CXCursor Cursor, CXCursor, CXClientData Data) {
  auto &Self = *static_cast<Visitor *>(Data);
  switch (clang_getCursorKind(Cursor)) {
  case CXCursor_Namespace:
  case CXCursor_LinkageSpec:
  case CXCursor_UnexposedDecl:
    return CXChildVisit_Recurse;
  case CXCursor_ClassDecl:
  case CXCursor_StructDecl:
    return clang_isCursorDefinition(Cursor) ? CXChildVisit_Recurse
                                            : CXChildVisit_Continue;
  case CXCursor_FunctionDecl:
  case CXCursor_CXXMethod:
  case CXCursor_Constructor:
  case CXCursor_Destructor:
    describe(Cursor, Self);
    return CXChildVisit_Continue;
  default:
    return CXChildVisit_Continue;
  }
}

void collectIncludes(CXFile Included, CXSourceLocation *Stack, unsigned Depth,
                     CXClientData Data) {
  if (Depth != 1)
    return; // only the headers the main file includes
  auto &Headers = *static_cast<std::vector<std::string> *>(Data);
  std::string Path = toString(clang_File_tryGetRealPathName(Included));
  if (Path.empty())
    Path = toString(clang_getFileName(Included));
  Headers.push_back(Path);
}

} // namespace

std::string declareParameter(const std::string &Type, const std::string &Name) {
  size_t Pointer = Type.find("(*)");
  if (Pointer != std::string::npos)
    return Type.substr(0, Pointer + 2) + Name + Type.substr(Pointer + 2);
  size_t Bracket = Type.find('[');
  if (Bracket != std::string::npos) {
    std::string Base = Type.substr(0, Bracket);
    while (!Base.empty() && Base.back() == ' ')
      Base.pop_back();
    return Base + " " + Name + Type.substr(Bracket);
  }
  return Type + " " + Name;
}

bool parseHeaders(const std::vector<std::string> &Headers,
                  const std::vector<std::string> &CompilerArguments,
                  ParsedHeaders &Result, std::string &Error,
                  HeaderLanguage Language) {
  bool AsC = Language == HeaderLanguage::C11;
  const char *MainName =
      AsC ? "sextant-wrap-headers.c" : "sextant-wrap-headers.cpp";
  std::string Main;
  for (const std::string &Header : Headers)
    Main += Header.find('/') != std::string::npos
                ? "#include \"" + Header + "\"\n"
                : "#include <" + Header + ">\n";
  InMemoryUnit Parsed(MainName, Main, AsC, CompilerArguments,
                      CXTranslationUnit_SkipFunctionBodies);
  CXTranslationUnit Unit = Parsed.unit();
  if (!Unit) {
    Error = "libclang could not start parsing the headers (error " +
            std::to_string(Parsed.code()) + ")";
    return false;
  }
  unsigned Errors = 0;
  for (unsigned I = 0, E = clang_getNumDiagnostics(Unit); I < E; ++I) {
    CXDiagnostic Diagnostic = clang_getDiagnostic(Unit, I);
    if (clang_getDiagnosticSeverity(Diagnostic) >= CXDiagnostic_Error) {
      Error += toString(clang_formatDiagnostic(
                   Diagnostic, CXDiagnostic_DisplaySourceLocation |
                                   CXDiagnostic_DisplayColumn |
                                   CXDiagnostic_DisplayOption)) +
               "\n";
      ++Errors;
    }
    clang_disposeDiagnostic(Diagnostic);
  }
  if (Errors) {
    Error += "note: " + std::to_string(Errors) +
             " error(s) parsing the headers as " + (AsC ? "C11" : "C++17") +
             ": if a header or a type "
             "is not found, add its directory with --cppflags=-I<dir>; if a "
             "declaration needs a macro, define it with --cppflags=-D<NAME>; "
             "the generated wrapper includes the headers exactly so";
  } else {
    clang_getInclusions(Unit, collectIncludes, &Result.Headers);
    Visitor Self{Result, {}};
    clang_visitChildren(clang_getTranslationUnitCursor(Unit), visit, &Self);
  }
  return Errors == 0;
}

} // namespace wrap
} // namespace sextant
