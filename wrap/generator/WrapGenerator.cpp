//===- wrap/generator/WrapGenerator.cpp - Generate a library wrapper ------===//
//
// Part of Sextant. See WrapGenerator.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapGenerator.h"

#include "wrap/generator/AnnotationExpression.h"
#include "wrap/generator/AnnotationFile.h"
#include "wrap/generator/HeaderParser.h"
#include "wrap/generator/LibrarySymbols.h"
#include "wrap/generator/WrapFilter.h"
#include "wrap/generator/WrapperEmitter.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace sextant {
namespace wrap {

namespace {

const char Generate[] = "sextant wrap generate: ";
const char Check[] = "sextant wrap check: ";

std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string joinBaseNames(const std::vector<std::string> &Paths) {
  std::string Text;
  for (const std::string &Path : Paths)
    Text += (Text.empty() ? "" : ", ") + baseName(Path);
  return Text;
}

bool writeFile(const std::string &Path, const std::string &Text,
               std::ostream &Err, const char *Command) {
  std::ofstream Out(Path);
  Out << Text;
  Out.close();
  if (!Out) {
    Err << Command << "error: cannot write '" << Path << "'\n";
    return false;
  }
  return true;
}

/// The va_list sibling of variadic F: configured, or "v" + name when the
/// headers declare such a function taking a va_list last.
std::string
findSibling(const WrappedFunction &F, const AnnotationFile &A,
            const std::map<std::string, const WrappedFunction *> &BySymbol) {
  std::string Configured = A.variadicSibling(F.Symbol);
  if (!Configured.empty())
    return Configured;
  auto Found = BySymbol.find("v" + F.Symbol);
  if (Found == BySymbol.end() || Found->second->Parameters.empty())
    return std::string();
  const std::string &Last = Found->second->Parameters.back().Declaration;
  return Last.find("va_list") != std::string::npos ? Found->first
                                                   : std::string();
}

/// What a wrapper is generated from: the options' files, read.
struct WrapInputs {
  AnnotationFile Annotations;
  ParsedHeaders Parsed;
  WrapFilter Filter;
  /// The symbols the libraries export (none without libraries: no check).
  std::set<std::string> Exported;
  std::string LibraryNames; ///< their base names, "" without libraries
  /// The functions of Parsed by symbol.
  std::map<std::string, const WrappedFunction *> BySymbol;
};

/// Reads the annotation file Path ("": none) into Annotations; false after
/// printing its errors to Err.
bool readAnnotations(const std::string &Path, AnnotationFile &Annotations,
                     std::ostream &Err) {
  if (Path.empty())
    return true;
  std::vector<std::string> Errors;
  if (Annotations.load(Path, Errors))
    return true;
  for (const std::string &E : Errors)
    Err << E << "\n";
  Err << Generate << "error: the annotation file '" << Path << "' has errors\n";
  return false;
}

/// Reads the filter file Path ("": none) into Filter, printing its
/// diagnostics to Err; false when it has errors.
bool readFilter(const std::string &Path, WrapFilter &Filter,
                std::ostream &Err) {
  if (Path.empty())
    return true;
  std::vector<filter::Diagnostic> Diags;
  bool Loaded = Filter.load(Path, Diags);
  for (const filter::Diagnostic &D : Diags)
    Err << D.str() << "\n";
  if (!Loaded)
    Err << Generate << "error: the filter '" << Path << "' has errors\n";
  return Loaded;
}

/// Reads the annotation file, the headers, the filter and the libraries'
/// symbols that Options name; false after printing the errors to Err.
bool readInputs(const GenerateOptions &Options, WrapInputs &Inputs,
                std::ostream &Err) {
  if (!readAnnotations(Options.AnnotationPath, Inputs.Annotations, Err))
    return false;
  std::string Error;
  if (!parseHeaders(
          Options.Headers, Options.CompilerArguments, Inputs.Parsed, Error,
          Inputs.Annotations.interface().ParseAsC ? HeaderLanguage::C11
                                                  : HeaderLanguage::Cxx17)) {
    Err << Error << "\n" << Generate << "error: the headers do not parse\n";
    return false;
  }
  Inputs.Filter.setHeaders(Inputs.Parsed.Headers);
  if (!readFilter(Options.FilterPath, Inputs.Filter, Err))
    return false;
  for (const std::string &Library : Options.Libraries)
    if (!readLibrarySymbols(Library, Inputs.Exported, Error)) {
      Err << Generate << "error: " << Error << "\n";
      return false;
    }
  Inputs.LibraryNames = joinBaseNames(Options.Libraries);
  for (const WrappedFunction &F : Inputs.Parsed.Functions)
    Inputs.BySymbol.emplace(F.Symbol, &F);
  return true;
}

/// Whether F, annotated A, is wrapped: when not, F is skipped with the
/// reason; a variadic F's va_list sibling goes to Sibling. False after
/// printing to Err that A names what is not a parameter of F.
bool decideWrapping(WrappedFunction &F, const FunctionAnnotations &A,
                    const WrapInputs &Inputs, std::string &Sibling,
                    std::ostream &Err) {
  const AnnotationFile &Annotations = Inputs.Annotations;
  const std::string &Prefix = Annotations.interface().ProfilingPrefix;
  // The symbol the wrapper calls: the original, or in the
  // profiling-interface form its profiling counterpart.
  std::string Called = Prefix + F.Symbol;
  std::string Error;
  if (!F.wrapped()) {
    // keep the parser's reason
  } else if (A.Skip.present()) {
    F.skip("'skip' in " + Annotations.name() + ":" +
           std::to_string(A.Skip.Line));
  } else if (!Prefix.empty() && !Inputs.BySymbol.count(Called)) {
    F.skip("no profiling counterpart " + Called + " declared");
  } else if (!Inputs.Exported.empty() && !Inputs.Exported.count(Called)) {
    F.skip((Prefix.empty() ? std::string() : Called + " ") +
           "not exported by " + Inputs.LibraryNames +
           " (`sextant wrap check` writes the filter line)");
  } else if (F.Variadic && !A.ForwardFixedArguments.present() &&
             (Sibling = findSibling(F, Annotations, Inputs.BySymbol)).empty()) {
    F.skip("variadic, and no va_list sibling: name one with 'variadic " +
               F.Symbol +
               " VFUNCTION' in the annotation file (or forward its fixed "
               "arguments only with forward-fixed-arguments)",
           true);
  } else if (!Annotations.check(A, F, Error)) {
    Err << Error << "\n";
    return false;
  }
  return true;
}

/// The functions the filter keeps, in the headers' order, with their
/// annotations and va_list siblings ("": none); those not wrapped carry
/// the reason.
struct KeptFunctions {
  std::vector<WrappedFunction> Functions;
  std::vector<FunctionAnnotations> Annotations;
  std::vector<std::string> Siblings;
};

/// Looks up the annotations of each function the filter keeps and decides
/// whether it is wrapped; false when an annotation did not check.
bool selectFunctions(WrapInputs &Inputs, KeptFunctions &Kept,
                     std::ostream &Err) {
  bool Checked = true;
  for (WrappedFunction F : Inputs.Parsed.Functions) {
    if (!Inputs.Filter.keeps(F))
      continue;
    FunctionAnnotations A = Inputs.Annotations.lookup(F.Symbol);
    std::string Sibling;
    if (!decideWrapping(F, A, Inputs, Sibling, Err))
      Checked = false;
    Kept.Functions.push_back(F);
    Kept.Annotations.push_back(A);
    Kept.Siblings.push_back(Sibling);
  }
  return Checked;
}

/// Checks the annotation file's `variadic` lines against the headers and
/// compiles the expressions of the wrapped functions (AnnotationExpression.h);
/// false after printing the errors to Err.
bool checkAgainstHeaders(const GenerateOptions &Options,
                         const WrapInputs &Inputs, const KeptFunctions &Kept,
                         std::ostream &Err) {
  const AnnotationFile &Annotations = Inputs.Annotations;
  std::vector<std::string> Errors =
      Annotations.checkVariadicLines(Inputs.BySymbol);
  std::vector<ExpressionUse> Uses;
  for (size_t I = 0; I < Kept.Functions.size(); ++I) {
    if (!Kept.Functions[I].wrapped())
      continue;
    for (const AnnotatedExpression &E : expressionsOf(Kept.Annotations[I]))
      Uses.push_back({&Kept.Functions[I], E.Key, E.Expression, E.Type,
                      Annotations.where(E.Line)});
  }
  compileExpressions(Inputs.Parsed.Headers, Options.CompilerArguments,
                     Annotations.interface().ParseAsC, Uses, Errors);
  for (const std::string &E : Errors)
    Err << E << "\n";
  return Errors.empty();
}

/// Prints what the lookups found wrong in the annotation file AnnotationPath
/// to Err: hooks that matched no function (errors, as a failed check is when
/// Checked is false), and otherwise patterns that matched none (warnings).
/// False on errors.
bool reportAnnotationUse(const AnnotationFile &Annotations,
                         const std::string &AnnotationPath, bool Checked,
                         std::ostream &Err) {
  bool Failed = !Checked;
  for (const std::string &Unmatched : Annotations.unmatchedHooks()) {
    Err << Unmatched << "\n";
    Failed = true;
  }
  if (Failed) {
    Err << Generate << "error: the annotation file '" << AnnotationPath
        << "' has errors\n";
    return false;
  }
  for (const std::string &Warning : Annotations.unusedPatterns())
    Err << Warning << "\n";
  return true;
}

/// The list of the kept functions that NAME.functions holds, and what the
/// summary says of them.
struct FunctionList {
  std::string Text;
  std::string Wrapped; ///< the wrapped functions' display names
  unsigned Skipped = 0;
};

/// Adds the wrapped functions of Kept to Spec and lists every one; says why
/// each other one is skipped on Out, or as a warning on Err.
FunctionList listFunctions(const KeptFunctions &Kept, WrapperSpec &Spec,
                           std::ostream &Out, std::ostream &Err) {
  std::ostringstream List;
  FunctionList Result;
  for (size_t I = 0; I < Kept.Functions.size(); ++I) {
    const WrappedFunction &F = Kept.Functions[I];
    if (F.wrapped()) {
      Spec.Functions.push_back({&F, Kept.Annotations[I], Kept.Siblings[I]});
      List << "wrapped\t" << F.Symbol << "\t" << F.DisplayName << "\n";
      Result.Wrapped += (Result.Wrapped.empty() ? "" : " ") + F.DisplayName;
      // Constructor and destructor variants share the display name.
      if (F.FunctionKind == WrappedFunction::Kind::Constructor ||
          F.FunctionKind == WrappedFunction::Kind::Destructor)
        Result.Wrapped += " [" + F.Symbol + "]";
      continue;
    }
    ++Result.Skipped;
    List << "skipped\t" << F.Symbol << "\t" << F.SkipReason << "\n";
    if (F.SkipWarns)
      Err << Generate << "warning: " << F.DisplayName
          << " not wrapped: " << F.SkipReason << "\n";
    else
      Out << "  skipped " << F.DisplayName << ": " << F.SkipReason << "\n";
  }
  Result.Text = List.str();
  return Result;
}

/// Writes Base.wrap.cpp, Base.wrap, Base.functions and, for a call-table
/// interface, Base.ids.h; false after printing the error to Err.
bool writeWrapperFiles(const std::string &Base, const WrapperSpec &Spec,
                       const FunctionList &List, bool CallTable,
                       std::ostream &Err) {
  return writeFile(Base + ".wrap.cpp", emitWrapperSource(Spec), Err,
                   Generate) &&
         writeFile(Base + ".wrap", emitLinkerArguments(Spec), Err, Generate) &&
         writeFile(Base + ".functions", List.Text, Err, Generate) &&
         (!CallTable ||
          writeFile(Base + ".ids.h", emitFunctionIds(Spec), Err, Generate));
}

} // namespace

bool generateWrapper(const GenerateOptions &Options, std::ostream &Out,
                     std::ostream &Err) {
  WrapInputs Inputs;
  if (!readInputs(Options, Inputs, Err))
    return false;
  KeptFunctions Kept;
  bool Checked = selectFunctions(Inputs, Kept, Err) &&
                 checkAgainstHeaders(Options, Inputs, Kept, Err);
  if (!reportAnnotationUse(Inputs.Annotations, Options.AnnotationPath, Checked,
                           Err))
    return false;

  const InterfaceDescription &Interface = Inputs.Annotations.interface();
  WrapperSpec Spec;
  Spec.Name = Options.Name;
  Spec.Headers = Options.Headers;
  Spec.Libraries =
      Inputs.LibraryNames.empty() ? "the process" : Inputs.LibraryNames;
  Spec.Interface = Interface;
  FunctionList List = listFunctions(Kept, Spec, Out, Err);
  if (Spec.Functions.empty()) {
    Err << Generate << "error: no function to wrap in "
        << joinBaseNames(Inputs.Parsed.Headers)
        << " (check the filter's file and region rules)\n";
    return false;
  }
  bool CallTable = !Interface.CallTableNamespace.empty();
  if (CallTable) // FunctionId in name order
    std::sort(Spec.Functions.begin(), Spec.Functions.end(),
              [](const EmittedFunction &L, const EmittedFunction &R) {
                return L.Function->Symbol < R.Function->Symbol;
              });
  std::string Base = Options.OutputDirectory + "/" + Options.Name;
  if (!writeWrapperFiles(Base, Spec, List, CallTable, Err))
    return false;
  Out << "  wrapped " << List.Wrapped << "\n";
  Out << Generate << Options.Name << ": wrapped " << Spec.Functions.size()
      << " functions, skipped " << List.Skipped << "; wrote " << Base
      << ".wrap.cpp, " << Base << ".wrap" << (CallTable ? ", " : " and ")
      << Base << ".functions" << (CallTable ? " and " + Base + ".ids.h" : "")
      << "\n";
  return true;
}

std::vector<std::string> defaultSystemLibraries() {
  std::vector<std::string> Found;
  for (const char *Name :
       {"libc.so.6", "libm.so.6", "libpthread.so.0", "libdl.so.2", "librt.so.1",
        "libstdc++.so.6", "libgcc_s.so.1"}) {
    for (const char *Directory :
         {"/lib/x86_64-linux-gnu/", "/usr/lib/x86_64-linux-gnu/", "/lib64/",
          "/usr/lib64/"}) {
      std::string Path = std::string(Directory) + Name;
      if (std::ifstream(Path)) {
        Found.push_back(Path);
        break;
      }
    }
  }
  return Found;
}

int checkWrapper(const CheckOptions &Options, std::ostream &Out,
                 std::ostream &Err) {
  std::ifstream In(Options.FunctionList);
  if (!In) {
    Err << Check << "error: cannot read '" << Options.FunctionList
        << "' (run `sextant wrap generate` first)\n";
    return 2;
  }
  std::set<std::string> Exported;
  std::string Error;
  for (const std::string &Library : Options.Libraries)
    if (!readLibrarySymbols(Library, Exported, Error)) {
      Err << Check << "error: " << Error << "\n";
      return 2;
    }
  std::map<std::string, std::set<std::string>> System; // symbol -> libraries
  for (const std::string &Library : Options.SystemLibraries) {
    std::set<std::string> Symbols;
    if (!readLibrarySymbols(Library, Symbols, Error))
      continue; // e.g. a linker script: not a place symbols come from
    for (const std::string &Symbol : Symbols)
      System[Symbol].insert(baseName(Library));
  }
  std::string LibraryNames = joinBaseNames(Options.Libraries);
  std::ostringstream Lines;
  unsigned Listed = 0, Missing = 0, FromSystem = 0;
  std::string Line;
  while (std::getline(In, Line)) {
    std::istringstream Fields(Line);
    std::string Status, Symbol, Rest;
    std::getline(Fields, Status, '\t');
    std::getline(Fields, Symbol, '\t');
    std::getline(Fields, Rest);
    bool Candidate =
        Status == "wrapped" ||
        (Status == "skipped" && Rest.rfind("not exported", 0) == 0);
    if (!Candidate || Symbol.empty())
      continue;
    ++Listed;
    if (Exported.count(Symbol))
      continue;
    auto Provider = System.find(Symbol);
    if (Provider != System.end()) {
      ++FromSystem;
      Lines << "  EXCLUDE MANGLED " << Symbol << "  # provided by "
            << *Provider->second.begin() << ", not " << LibraryNames << "\n";
    } else {
      ++Missing;
      Lines << "  EXCLUDE MANGLED " << Symbol << "  # not exported by "
            << LibraryNames << "\n";
    }
  }
  if (Missing + FromSystem == 0) {
    Out << Check << Options.Name << ": all " << Listed
        << " functions are exported by " << LibraryNames << "\n";
    return 0;
  }
  std::string Text =
      "# Written by `sextant wrap check` for the wrapper '" + Options.Name +
      "': functions the headers declare that " + LibraryNames +
      " does not export.\n# Copy the lines into the SCOREP_REGION_NAMES "
      "block of " +
      Options.Name +
      ".filter (docs/wrapping.md).\nSCOREP_REGION_NAMES_BEGIN\n" + Lines.str() +
      "SCOREP_REGION_NAMES_END\n";
  if (!writeFile(Options.OutputPath, Text, Err, Check))
    return 2;
  Out << Check << Options.Name << ": " << Missing << " of " << Listed
      << " functions not exported by " << LibraryNames << ", " << FromSystem
      << " provided by the system libraries; wrote their filter lines to "
      << Options.OutputPath << "\n";
  return 1;
}

} // namespace wrap
} // namespace sextant
