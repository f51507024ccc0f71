//===- wrap/generator/WrapGenerator.cpp - Generate a library wrapper ------===//
//
// Part of Sextant. See WrapGenerator.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapGenerator.h"

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

} // namespace

bool generateWrapper(const GenerateOptions &Options, std::ostream &Out,
                     std::ostream &Err) {
  AnnotationFile Annotations;
  if (!Options.AnnotationPath.empty()) {
    std::vector<std::string> Errors;
    if (!Annotations.load(Options.AnnotationPath, Errors)) {
      for (const std::string &E : Errors)
        Err << E << "\n";
      Err << Generate << "error: the annotation file '"
          << Options.AnnotationPath << "' has errors\n";
      return false;
    }
  }
  const InterfaceDescription &Interface = Annotations.interface();
  const std::string &Prefix = Interface.ProfilingPrefix;
  ParsedHeaders Parsed;
  std::string Error;
  if (!parseHeaders(Options.Headers, Options.CompilerArguments, Parsed, Error,
                    Interface.ParseAsC ? HeaderLanguage::C11
                                       : HeaderLanguage::Cxx17)) {
    Err << Error << "\n" << Generate << "error: the headers do not parse\n";
    return false;
  }
  WrapFilter Filter;
  Filter.setHeaders(Parsed.Headers);
  if (!Options.FilterPath.empty()) {
    std::vector<filter::Diagnostic> Diags;
    bool Loaded = Filter.load(Options.FilterPath, Diags);
    for (const filter::Diagnostic &D : Diags)
      Err << D.str() << "\n";
    if (!Loaded) {
      Err << Generate << "error: the filter '" << Options.FilterPath
          << "' has errors\n";
      return false;
    }
  }
  std::set<std::string> Exported;
  for (const std::string &Library : Options.Libraries)
    if (!readLibrarySymbols(Library, Exported, Error)) {
      Err << Generate << "error: " << Error << "\n";
      return false;
    }
  std::string LibraryNames = joinBaseNames(Options.Libraries);

  std::map<std::string, const WrappedFunction *> BySymbol;
  for (const WrappedFunction &F : Parsed.Functions)
    BySymbol.emplace(F.Symbol, &F);

  WrapperSpec Spec;
  Spec.Name = Options.Name;
  Spec.Headers = Options.Headers;
  Spec.Libraries = LibraryNames.empty() ? "the process" : LibraryNames;
  Spec.Interface = Interface;
  std::vector<WrappedFunction> Kept;
  std::vector<FunctionAnnotations> KeptAnnotations;
  std::vector<std::string> Siblings;
  bool Failed = false;
  for (WrappedFunction F : Parsed.Functions) {
    if (!Filter.keeps(F))
      continue;
    FunctionAnnotations A = Annotations.lookup(F.Symbol);
    std::string Sibling;
    // The symbol the wrapper calls: the original, or in the
    // profiling-interface form its profiling counterpart.
    std::string Called = Prefix + F.Symbol;
    if (!F.wrapped()) {
      // keep the parser's reason
    } else if (A.Skip.present()) {
      F.skip("'skip' in " + Annotations.name() + ":" +
             std::to_string(A.Skip.Line));
    } else if (!Prefix.empty() && !BySymbol.count(Called)) {
      F.skip("no profiling counterpart " + Called + " declared");
    } else if (!Exported.empty() && !Exported.count(Called)) {
      F.skip((Prefix.empty() ? std::string() : Called + " ") +
             "not exported by " + LibraryNames +
             " (`sextant wrap check` writes the filter line)");
    } else if (F.Variadic && !A.ForwardFixedArguments.present() &&
               (Sibling = findSibling(F, Annotations, BySymbol)).empty()) {
      F.skip("variadic, and no va_list sibling: name one with 'variadic " +
                 F.Symbol +
                 " VFUNCTION' in the annotation file (or forward its fixed "
                 "arguments only with forward-fixed-arguments)",
             true);
    } else if (!Annotations.check(A, F, Error)) {
      Err << Error << "\n";
      Failed = true;
    }
    Kept.push_back(F);
    KeptAnnotations.push_back(A);
    Siblings.push_back(Sibling);
  }
  for (const std::string &Unmatched : Annotations.unmatchedHooks()) {
    Err << Unmatched << "\n";
    Failed = true;
  }
  if (Failed) {
    Err << Generate << "error: the annotation file '" << Options.AnnotationPath
        << "' has errors\n";
    return false;
  }
  for (const std::string &Warning : Annotations.unusedPatterns())
    Err << Warning << "\n";

  std::ostringstream List;
  std::string Wrapped;
  unsigned Skipped = 0;
  for (size_t I = 0; I < Kept.size(); ++I) {
    const WrappedFunction &F = Kept[I];
    if (F.wrapped()) {
      Spec.Functions.push_back({&F, KeptAnnotations[I], Siblings[I]});
      List << "wrapped\t" << F.Symbol << "\t" << F.DisplayName << "\n";
      Wrapped += (Wrapped.empty() ? "" : " ") + F.DisplayName;
      // Constructor and destructor variants share the display name.
      if (F.FunctionKind == WrappedFunction::Kind::Constructor ||
          F.FunctionKind == WrappedFunction::Kind::Destructor)
        Wrapped += " [" + F.Symbol + "]";
      continue;
    }
    ++Skipped;
    List << "skipped\t" << F.Symbol << "\t" << F.SkipReason << "\n";
    if (F.SkipWarns)
      Err << Generate << "warning: " << F.DisplayName
          << " not wrapped: " << F.SkipReason << "\n";
    else
      Out << "  skipped " << F.DisplayName << ": " << F.SkipReason << "\n";
  }
  if (Spec.Functions.empty()) {
    Err << Generate << "error: no function to wrap in "
        << joinBaseNames(Parsed.Headers)
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
  if (!writeFile(Base + ".wrap.cpp", emitWrapperSource(Spec), Err, Generate) ||
      !writeFile(Base + ".wrap", emitLinkerArguments(Spec), Err, Generate) ||
      !writeFile(Base + ".functions", List.str(), Err, Generate) ||
      (CallTable &&
       !writeFile(Base + ".ids.h", emitFunctionIds(Spec), Err, Generate)))
    return false;
  Out << "  wrapped " << Wrapped << "\n";
  Out << Generate << Options.Name << ": wrapped " << Spec.Functions.size()
      << " functions, skipped " << Skipped << "; wrote " << Base
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
