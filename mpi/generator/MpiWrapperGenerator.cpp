//===- mpi/generator/MpiWrapperGenerator.cpp - PMPI wrappers from mpi.h ---===//
//
// Part of Sextant. A build-time tool: parses the installed mpi.h with libclang
// and writes one C++ wrapper for every function MPI_x / MPIX_x that has a
// profiling counterpart PMPI_x / PMPIX_x declared in the same header.
//
//   sextant-mpi-wrapper-generator <mpi.h> <hooks.def> <output.cpp>
//                                 <libmpi.so> [clang args]
//
// A function is wrapped only when the MPI library (libmpi.so, opened with
// dlopen) defines its PMPI symbol: MPICH's mpi.h also declares functions of
// its Fortran library (e.g. PMPI_Status_f082c), which a C program does not
// link; they are listed, not wrapped, in the output's first lines.
//
// Every wrapper enters the function's MPI region (CallRegion.h), calls the
// PMPI function and exits the region. Functions named in hooks.def (one
// SEXTANT_MPI_HOOK(MPI_Name) per line; a hook also applies to the large-count
// variant MPI_Name_c) additionally call the accounting hook
// sextant::mpi::hooks::MPI_Name::before/after around the PMPI call. The
// output also holds the table of the wrapped functions (Wrappers[]), which
// the adapter uses for its per-function counters and to find other PMPI
// tools, and <output>.ids.h the enum FunctionId of their indices. A hook that
// names no function of the header is an error, so that the table cannot drift
// from the header, unless it is listed as SEXTANT_MPI_OPTIONAL_HOOK(MPI_Name):
// a function of a newer MPI standard than some supported libraries implement
// (MPI 4.0's MPI_Isendrecv is not in Open MPI 4.1's mpi.h); the output's
// first lines name the optional hooks the header lacks.
//
// Parameters are declared from their types' spellings (declare() keeps array
// declarators such as "int ranges[][3]" valid); unnamed parameters get
// generated names. Variadic functions (MPI_Pcontrol) forward their fixed
// arguments.
//
//===----------------------------------------------------------------------===//

#include <clang-c/Index.h>

#include <dlfcn.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Parameter {
  std::string Declaration; // as in the header, or "type name" when unnamed
  std::string Name;
};

struct Function {
  std::string Name;
  std::string ResultType;
  std::vector<Parameter> Parameters;
  bool Variadic = false;
};

std::string toString(CXString Text) {
  const char *Chars = clang_getCString(Text);
  std::string Result = Chars ? Chars : "";
  clang_disposeString(Text);
  return Result;
}

/// A declaration of a parameter named Name of type Type, from the type's
/// spelling: "T *" gives "T * Name", "int[][3]" gives "int Name[][3]" and
/// "int (*)(int)" gives "int (*Name)(int)". (The header's own source text is
/// not used: a parameter type that is a macro, such as ROMIO's MPIO_Request,
/// has an extent inside the macro's definition.)
std::string declare(const std::string &Type, const std::string &Name) {
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

bool startsWith(const std::string &Text, const char *Prefix) {
  return Text.rfind(Prefix, 0) == 0;
}

struct Collector {
  CXTranslationUnit Unit;
  std::map<std::string, Function> Functions; // MPI_ and MPIX_ names
  std::set<std::string> Profiling;           // PMPI_ and PMPIX_ names
  std::string Error;
};

CXChildVisitResult visit(CXCursor Cursor, CXCursor, CXClientData Data) {
  auto &Self = *static_cast<Collector *>(Data);
  if (clang_getCursorKind(Cursor) != CXCursor_FunctionDecl)
    return CXChildVisit_Continue;
  std::string Name = toString(clang_getCursorSpelling(Cursor));
  if (startsWith(Name, "PMPI_") || startsWith(Name, "PMPIX_")) {
    Self.Profiling.insert(Name);
    return CXChildVisit_Continue;
  }
  if (!startsWith(Name, "MPI_") && !startsWith(Name, "MPIX_"))
    return CXChildVisit_Continue;
  if (Self.Functions.count(Name))
    return CXChildVisit_Continue; // declared twice
  CXType Type = clang_getCursorType(Cursor);
  Function F;
  F.Name = Name;
  F.ResultType = toString(clang_getTypeSpelling(clang_getResultType(Type)));
  F.Variadic = clang_isFunctionTypeVariadic(Type);
  int Arguments = clang_Cursor_getNumArguments(Cursor);
  for (int I = 0; I < Arguments; ++I) {
    CXCursor Argument = clang_Cursor_getArgument(Cursor, I);
    Parameter P;
    P.Name = toString(clang_getCursorSpelling(Argument));
    if (P.Name.empty())
      P.Name = "sextant_argument_" + std::to_string(I);
    P.Declaration = declare(
        toString(clang_getTypeSpelling(clang_getCursorType(Argument))), P.Name);
    F.Parameters.push_back(P);
  }
  Self.Functions.emplace(Name, std::move(F));
  return CXChildVisit_Continue;
}

/// Names listed as SEXTANT_MPI_HOOK(Name) or SEXTANT_MPI_OPTIONAL_HOOK(Name)
/// in the hooks file; the latter also in Optional.
bool readHooks(const std::string &Path, std::set<std::string> &Hooks,
               std::set<std::string> &Optional) {
  std::ifstream In(Path);
  if (!In) {
    std::cerr << "sextant-mpi-wrapper-generator: cannot read '" << Path
              << "'\n";
    return false;
  }
  std::regex Entry(R"(^\s*SEXTANT_MPI_(OPTIONAL_)?HOOK\(\s*(\w+)\s*\))");
  std::string Line;
  while (std::getline(In, Line)) {
    std::smatch Match;
    if (!std::regex_search(Line, Match, Entry))
      continue;
    Hooks.insert(Match[2]);
    if (Match[1].matched)
      Optional.insert(Match[2]);
  }
  return true;
}

std::string argumentList(const Function &F) {
  std::string Text;
  for (const Parameter &P : F.Parameters) {
    if (!Text.empty())
      Text += ", ";
    Text += P.Name;
  }
  return Text;
}

std::string hookName(const Function &F, const std::set<std::string> &Hooks) {
  if (Hooks.count(F.Name))
    return F.Name;
  if (F.Name.size() > 2 && F.Name.compare(F.Name.size() - 2, 2, "_c") == 0) {
    std::string Base = F.Name.substr(0, F.Name.size() - 2);
    if (Hooks.count(Base))
      return Base;
  }
  return std::string();
}

void writeWrapper(std::ostream &Out, const Function &F,
                  const std::set<std::string> &Hooks) {
  std::string Profiling = "P" + F.Name;
  std::string Parameters;
  for (const Parameter &P : F.Parameters) {
    if (!Parameters.empty())
      Parameters += ", ";
    Parameters += P.Declaration;
  }
  if (F.Variadic)
    Parameters += Parameters.empty() ? "..." : ", ...";
  if (Parameters.empty())
    Parameters = "void";
  std::string Arguments = argumentList(F);
  std::string Hook = hookName(F, Hooks);
  bool Void = F.ResultType == "void";

  Out << "static uint32_t Handle_" << F.Name << " = SEXTANT_INVALID;\n";
  Out << "static const sextant_region_descriptor Descriptor_" << F.Name
      << " = SEXTANT_MPI_DESCRIPTOR(Handle_" << F.Name << ", \"" << F.Name
      << "\");\n";
  Out << "extern \"C\" SEXTANT_MPI_EXPORT " << F.ResultType << " " << F.Name
      << "(" << Parameters << ") {\n";
  Out << "  ::sextant::mpi::CallRegion Region(Descriptor_" << F.Name << ", "
      << "::sextant::mpi::FunctionId::" << F.Name << ");\n";
  if (!Hook.empty()) {
    Out << "  ::sextant::mpi::hooks::" << Hook << "::State Pending;\n";
    Out << "  ::sextant::mpi::hooks::" << Hook << "::before(Pending"
        << (Arguments.empty() ? "" : ", ") << Arguments << ");\n";
  }
  if (Void) {
    Out << "  " << Profiling << "(" << Arguments << ");\n";
    if (!Hook.empty())
      Out << "  ::sextant::mpi::hooks::" << Hook << "::after(Pending, 0"
          << (Arguments.empty() ? "" : ", ") << Arguments << ");\n";
  } else {
    Out << "  " << F.ResultType << " Result = " << Profiling << "(" << Arguments
        << ");\n";
    if (!Hook.empty())
      Out << "  ::sextant::mpi::hooks::" << Hook << "::after(Pending, Result"
          << (Arguments.empty() ? "" : ", ") << Arguments << ");\n";
    Out << "  return Result;\n";
  }
  Out << "}\n\n";
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 5) {
    std::cerr << "usage: sextant-mpi-wrapper-generator <mpi.h> <hooks.def> "
                 "<output.cpp> <libmpi.so> [clang arguments...]\n";
    return 2;
  }
  void *Library = dlopen(Argv[4], RTLD_LAZY | RTLD_LOCAL);
  if (!Library) {
    std::cerr << "sextant-mpi-wrapper-generator: cannot open the MPI library '"
              << Argv[4] << "': " << dlerror() << "\n";
    return 1;
  }
  std::string Header = Argv[1];
  std::set<std::string> Hooks, Optional;
  if (!readHooks(Argv[2], Hooks, Optional))
    return 1;

  std::vector<const char *> ClangArguments = {"-x", "c", "-std=c11"};
  for (int I = 5; I < Argc; ++I)
    ClangArguments.push_back(Argv[I]);
  CXIndex Index = clang_createIndex(0, 1);
  CXTranslationUnit Unit = nullptr;
  CXErrorCode Code = clang_parseTranslationUnit2(
      Index, Header.c_str(), ClangArguments.data(),
      static_cast<int>(ClangArguments.size()), nullptr, 0,
      CXTranslationUnit_SkipFunctionBodies, &Unit);
  if (Code != CXError_Success || !Unit) {
    std::cerr << "sextant-mpi-wrapper-generator: libclang cannot parse '"
              << Header << "' (error " << Code << ")\n";
    return 1;
  }
  unsigned Errors = 0;
  for (unsigned I = 0, E = clang_getNumDiagnostics(Unit); I < E; ++I) {
    CXDiagnostic Diagnostic = clang_getDiagnostic(Unit, I);
    if (clang_getDiagnosticSeverity(Diagnostic) >= CXDiagnostic_Error) {
      std::cerr << toString(clang_formatDiagnostic(
                       Diagnostic, clang_defaultDiagnosticDisplayOptions()))
                << "\n";
      ++Errors;
    }
    clang_disposeDiagnostic(Diagnostic);
  }
  if (Errors) {
    std::cerr << "sextant-mpi-wrapper-generator: " << Errors
              << " error(s) parsing '" << Header << "'\n";
    return 1;
  }

  Collector Collected{Unit, {}, {}, {}};
  clang_visitChildren(clang_getTranslationUnitCursor(Unit), visit, &Collected);

  std::vector<const Function *> Wrapped;
  std::vector<std::string> Unprofiled, Undefined;
  for (const auto &[Name, F] : Collected.Functions) {
    if (!Collected.Profiling.count("P" + Name))
      Unprofiled.push_back(Name);
    else if (!dlsym(Library, ("P" + Name).c_str()))
      Undefined.push_back(Name);
    else
      Wrapped.push_back(&F);
  }
  std::vector<std::string> OptionalAbsent;
  for (const std::string &Hook : Hooks) {
    auto Found = Collected.Functions.find(Hook);
    if (Found == Collected.Functions.end() ||
        !Collected.Profiling.count("P" + Hook)) {
      if (Optional.count(Hook)) {
        OptionalAbsent.push_back(Hook);
        continue;
      }
      std::cerr << "sextant-mpi-wrapper-generator: " << Argv[2] << ": hook '"
                << Hook << "' names no function with a PMPI "
                << "counterpart in '" << Header << "'\n";
      return 1;
    }
  }
  if (Wrapped.empty()) {
    std::cerr << "sextant-mpi-wrapper-generator: no MPI function with a PMPI "
                 "counterpart found in '"
              << Header << "'\n";
    return 1;
  }

  std::ostringstream Out;
  Out << "// Generated by sextant-mpi-wrapper-generator from " << Header
      << ".\n// " << Wrapped.size() << " wrappers, " << Hooks.size()
      << " accounting hooks; functions without a PMPI counterpart (not "
         "wrapped): "
      << Unprofiled.size() << ".\n// Declared, but not defined by " << Argv[4]
      << " (not wrapped):";
  for (const std::string &Name : Undefined)
    Out << " " << Name;
  Out << "\n// Optional hooks of functions the header does not declare:";
  for (const std::string &Name : OptionalAbsent)
    Out << " " << Name;
  Out << "\n// Do not edit.\n\n";
  Out << "#include \"mpi/CallRegion.h\"\n#include \"mpi/MpiHooks.h\"\n\n";
  Out << "#pragma clang diagnostic ignored \"-Wdeprecated-declarations\"\n\n";
  // The function ids (indices into the adapter's per-function counters).
  Out << "namespace sextant {\nnamespace mpi {\n";
  Out << "const WrapperInfo Wrappers[] = {\n";
  for (const Function *F : Wrapped)
    Out << "  {\"" << F->Name << "\", "
        << (hookName(*F, Hooks).empty() ? "false" : "true") << "},\n";
  Out << "};\nconst unsigned WrapperCount = " << Wrapped.size() << ";\n";
  Out << "} // namespace mpi\n} // namespace sextant\n\n";
  for (const Function *F : Wrapped)
    writeWrapper(Out, *F, Hooks);
  std::string OutputPath = Argv[3];
  std::ofstream File(OutputPath);
  File << Out.str();
  std::ofstream Ids(OutputPath + ".ids.h");
  Ids << "// Generated by sextant-mpi-wrapper-generator. Do not edit.\n";
  Ids << "enum class FunctionId : unsigned {\n";
  for (const Function *F : Wrapped)
    Ids << "  " << F->Name << ",\n";
  Ids << "};\nconstexpr unsigned FunctionCount = " << Wrapped.size() << ";\n";
  if (!File || !Ids) {
    std::cerr << "sextant-mpi-wrapper-generator: cannot write '" << OutputPath
              << "'\n";
    return 1;
  }
  clang_disposeTranslationUnit(Unit);
  clang_disposeIndex(Index);
  return 0;
}
