//===- tools/sextant-wrapper/ArgumentClassification.cpp - What a line does -===//
//
// Part of Sextant. See ArgumentClassification.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/ArgumentClassification.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace sextant {
namespace wrapper {

const char *lineKindName(LineKind Kind) {
  switch (Kind) {
  case LineKind::Probe:
    return "probe";
  case LineKind::NoInput:
    return "no-input";
  case LineKind::ConfigureProbe:
    return "configure-probe";
  case LineKind::PreprocessOnly:
    return "preprocess";
  case LineKind::SyntaxOnly:
    return "syntax-only";
  case LineKind::Compile:
    return "compile";
  case LineKind::CompileAndLink:
    return "compile-and-link";
  case LineKind::Link:
    return "link";
  }
  return "?";
}

static bool startsWith(const std::string &S, const char *Prefix) {
  return S.compare(0, std::strlen(Prefix), Prefix) == 0;
}

static std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// Options of GCC, clang and flang whose value is the next argument.
static bool takesSeparateValue(const std::string &Arg) {
  static const char *const Options[] = {
      "-o", "-x", "-I", "-D", "-U", "-L", "-l", "-include", "-imacros",
      "-isystem", "-iquote", "-idirafter", "-iprefix", "-iwithprefix",
      "-iwithprefixbefore", "-isysroot", "-imultilib", "-MF", "-MT", "-MQ",
      "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang", "-Xflang",
      "-Xopenmp-target", "-mllvm", "-T", "-u", "-z", "-aux-info", "-arch",
      "-target", "-module-dir", "-J", "-B", "--param", "-working-directory",
      "-ccc-gcc-name", "--serialize-diagnostics", "-dependency-file",
      "-MJ", "-fplugin-arg", "-specs", "--sysroot", "--target", "-e",
      "-Xarch_host", "-Xarch_device", "-Xcuda-ptxas", "-Xcuda-fatbinary"};
  for (const char *Option : Options)
    if (Arg == Option)
      return true;
  return false;
}

static bool isDebugOption(const std::string &Arg) {
  if (Arg == "-g" || Arg == "-g0" || Arg == "-g1" || Arg == "-g2" ||
      Arg == "-g3")
    return true;
  static const char *const Prefixes[] = {
      "-ggdb", "-gdwarf", "-gline-tables-only", "-gline-directives-only",
      "-gfull", "-gsplit-dwarf", "-gstabs", "-gbtf", "-gcodeview", "-gxcoff",
      "-gvms", "-glldb", "-gsce", "-gdbx", "-gmodules"};
  for (const char *Prefix : Prefixes)
    if (startsWith(Arg, Prefix))
      return true;
  return false;
}

// Options that ask the compiler (or an MPI wrapper) about itself.
static bool isProbeOption(const std::string &Arg) {
  static const char *const Exact[] = {
      "--version", "-###", "-dumpversion", "-dumpfullversion", "-dumpmachine",
      "-dumpspecs", "-V", "-qversion", "-version", "-show", "-showme",
      "-compile-info", "-link-info", "-print-search-dirs",
      "-print-multi-lib", "-print-multi-directory",
      "-print-multi-os-directory", "-print-libgcc-file-name",
      "-print-sysroot", "-print-resource-dir", "-print-target-triple",
      "-print-effective-triple", "-print-multiarch", "--help", "-help"};
  for (const char *Option : Exact)
    if (Arg == Option)
      return true;
  return startsWith(Arg, "-print-") || startsWith(Arg, "--print-") ||
         startsWith(Arg, "-showme:") || startsWith(Arg, "--help=");
}

/// The extension of Path's file name ("" when it has none).
static std::string extensionOf(const std::string &Path) {
  size_t Dot = Path.rfind('.');
  if (Dot == std::string::npos || Path.find('/', Dot) != std::string::npos)
    return std::string();
  return Path.substr(Dot + 1);
}

bool isSourceFile(const std::string &Path) {
  std::string Ext = extensionOf(Path);
  if (Ext.empty())
    return false;
  static const char *const Extensions[] = {
      "c", "i", "cc", "cp", "cxx", "cpp", "CPP", "c++", "C", "ii", "m",
      "mi", "mm", "M", "mii", "s", "S", "sx", "f", "for", "ftn", "F", "FOR",
      "FTN", "fpp", "FPP", "f77", "F77", "f90", "F90", "f95", "F95", "f03",
      "F03", "f08", "F08", "f18", "F18", "cu", "cl", "ll", "bc"};
  for (const char *Known : Extensions)
    if (Ext == Known)
      return true;
  return false;
}

bool isFortranSource(const std::string &Path) {
  std::string Ext = extensionOf(Path);
  for (char &C : Ext)
    C = static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  for (const char *Fortran : {"f", "for", "ftn", "f90", "f95", "f03", "f08"})
    if (Ext == Fortran)
      return true;
  return false;
}

// An MPI library: -lmpi, -lmpich, -lmpi_cxx, -lmpifort, ... or such a file.
static bool isMpiLibraryName(const std::string &Name) {
  return startsWith(Name, "mpi") || startsWith(Name, "fmpich") ||
         startsWith(Name, "pmpi");
}

static bool isMpiLibraryFile(const std::string &Path) {
  std::string Base = baseName(Path);
  return startsWith(Base, "lib") && isMpiLibraryName(Base.substr(3)) &&
         (Base.find(".so") != std::string::npos ||
          (Base.size() > 2 && Base.compare(Base.size() - 2, 2, ".a") == 0));
}

// autoconf's conftest programs, CMake's try_compile projects and compiler
// identification sources.
static bool isConfigureProbeFile(const std::string &Path) {
  std::string Base = baseName(Path);
  return startsWith(Base, "conftest") || startsWith(Base, "cmTC_") ||
         startsWith(Base, "CMakeCCompilerId") ||
         startsWith(Base, "CMakeCXXCompilerId") ||
         startsWith(Base, "CMakeFortranCompilerId") ||
         Path.find("/CMakeScratch/") != std::string::npos ||
         Path.find("/CMakeTmp/") != std::string::npos ||
         startsWith(Path, "CMakeFiles/cmTC_");
}

ArgumentSummary classifyArguments(const std::vector<std::string> &Args) {
  ArgumentSummary Summary;
  bool Probe = false, Preprocess = false, DependenciesOnly = false,
       DependenciesWithCompile = false, SyntaxOnly = false, CompileOnly = false;
  bool HaveSource = false, HaveInput = false, ConfigureProbe = false;
  std::string Language; // the current -x language ("" or "none": by extension)
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg.empty())
      continue;
    if (Arg[0] != '-' || Arg == "-") {
      HaveInput = true;
      if ((!Language.empty() && Language != "none") || isSourceFile(Arg))
        HaveSource = true;
      if (isMpiLibraryFile(Arg) && Summary.FirstMpiLibrary < 0)
        Summary.FirstMpiLibrary = static_cast<int>(I);
      if (isConfigureProbeFile(Arg))
        ConfigureProbe = true;
      continue;
    }
    if (takesSeparateValue(Arg) && I + 1 < Args.size()) {
      const std::string &Value = Args[++I];
      if (Arg == "-x")
        Language = Value;
      else if (Arg == "-o" && isConfigureProbeFile(Value))
        ConfigureProbe = true;
      else if (Arg == "-l" && isMpiLibraryName(Value) &&
               Summary.FirstMpiLibrary < 0)
        Summary.FirstMpiLibrary = static_cast<int>(I - 1);
      continue;
    }
    if (isProbeOption(Arg))
      Probe = true;
    else if (isDebugOption(Arg))
      Summary.HasDebugOption = true;
    else if (Arg == "-E")
      Preprocess = true;
    else if (Arg == "-M" || Arg == "-MM")
      DependenciesOnly = true;
    else if (Arg == "-MD" || Arg == "-MMD")
      DependenciesWithCompile = true;
    else if (Arg == "-fsyntax-only")
      SyntaxOnly = true;
    else if (Arg == "-c" || Arg == "-S")
      CompileOnly = true;
    else if (Arg == "-flto" || startsWith(Arg, "-flto="))
      Summary.Lto = true;
    else if (Arg == "-fno-lto")
      Summary.Lto = false;
    else if (startsWith(Arg, "-fuse-ld="))
      Summary.FuseLd = Arg.substr(9);
    else if (Arg == "-static")
      Summary.Static = true;
    else if (Arg == "-shared")
      Summary.Shared = true;
    else if (startsWith(Arg, "-x") && Arg.size() > 2)
      Language = Arg.substr(2);
    else if (startsWith(Arg, "-o") && isConfigureProbeFile(Arg.substr(2)))
      ConfigureProbe = true;
    else if (startsWith(Arg, "-l") && isMpiLibraryName(Arg.substr(2)) &&
             Summary.FirstMpiLibrary < 0)
      Summary.FirstMpiLibrary = static_cast<int>(I);
    else if (startsWith(Arg, "-fplugin=") &&
             baseName(Arg).find("SextantPlugin") != std::string::npos)
      Summary.LoadsSextantPlugin = true;
    else if (startsWith(Arg, "-cc=") || startsWith(Arg, "-cxx=") ||
             startsWith(Arg, "-fc=") || startsWith(Arg, "-f77=") ||
             startsWith(Arg, "-f90="))
      Summary.MpiWrapperOptions.push_back(Arg);
  }
  Summary.LinksMpi = Summary.FirstMpiLibrary >= 0;

  if (Probe)
    Summary.Kind = LineKind::Probe;
  else if (!HaveInput)
    Summary.Kind = LineKind::NoInput;
  else if (ConfigureProbe)
    Summary.Kind = LineKind::ConfigureProbe;
  else if (Preprocess || (DependenciesOnly && !DependenciesWithCompile))
    Summary.Kind = LineKind::PreprocessOnly;
  else if (SyntaxOnly)
    Summary.Kind = LineKind::SyntaxOnly;
  else if (CompileOnly)
    Summary.Kind = LineKind::Compile;
  else if (HaveSource)
    Summary.Kind = LineKind::CompileAndLink;
  else
    Summary.Kind = LineKind::Link;
  return Summary;
}

} // namespace wrapper
} // namespace sextant
