//===- tools/sextant/WrapCommand.cpp - sextant wrap -----------------------===//
//
// Part of Sextant. `sextant wrap init|generate|check`: wrappers of C and C++
// libraries generated from their headers (docs/sextant-wrap.md,
// docs/wrapping.md). The work is done by wrap/generator/; this file holds
// the command lines and their help.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Subcommands.h"
#include "common/OutputFile.h"
#include "wrap/generator/AnnotationFile.h"
#include "wrap/generator/HeaderParser.h"
#include "wrap/generator/LibraryLocator.h"
#include "wrap/generator/WrapGenerator.h"
#include "wrap/generator/WrapProject.h"

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace tool {

namespace {

const char WrapHelp[] =
    "NAME\n"
    "    sextant wrap - wrappers of C and C++ libraries from their headers\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant wrap init --name NAME --header H... --libs LIBS [options] "
    "[DIR]\n"
    "    sextant wrap generate --name NAME --header H... [options]\n"
    "    sextant wrap check --name NAME --functions FILE --library LIB... "
    "[options]\n"
    "\n"
    "DESCRIPTION\n"
    "    A wrapper measures every call of a library's functions as a region,\n"
    "    at link time (ld --wrap) or at run time (LD_PRELOAD), without\n"
    "    changing the library. 'init' creates a working directory with a\n"
    "    filter, an example program and a CMake project that generates,\n"
    "    builds, tests and installs the wrapper; 'generate' (called by that\n"
    "    project) writes the wrapper's source; 'check' compares the wrapped\n"
    "    functions with the symbols the library exports. 'sextant wrap\n"
    "    COMMAND --help' describes each. The guide is docs/wrapping.md.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant wrap init --name fftw3 --header fftw3.h --libs -lfftw3\n"
    "    cmake -S fftw3 -B fftw3/build && cmake --build fftw3/build\n"
    "    ctest --test-dir fftw3/build && cmake --install fftw3/build\n"
    "    sextant run --wrap=fftw3 -- ./fft_program\n";

const char InitUsage[] =
    "NAME\n"
    "    sextant wrap init - create the working directory of a wrapper\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant wrap init --name NAME --header H [--header H...]\n"
    "                      --libs LIBS [--cppflags FLAGS] [--ldflags FLAGS]\n"
    "                      [--annotations FILE] [--example FILE] [DIR]\n"
    "\n"
    "DESCRIPTION\n"
    "    Parses the headers (so that errors show now), finds the shared and\n"
    "    static version of every library of LIBS, and writes into DIR\n"
    "    (default: NAME; it must not hold a CMakeLists.txt yet):\n"
    "      NAME.filter      the headers and functions to wrap (Score-P\n"
    "                       filter syntax)\n"
    "      main.c           the example program: edit it to call the library\n"
    "      CMakeLists.txt   generates the wrapper, builds its four forms,\n"
    "                       runs the example against each (ctest) and\n"
    "                       installs it (beside Sextant by default)\n"
    "    A library that is not found is an error; a missing shared version\n"
    "    is a warning: then only the link-time static form is built.\n"
    "\n"
    "OPTIONS\n";

const char InitNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success, 1 a header, library or annotation error, 2 usage error.\n";

const char GenerateUsage[] =
    "NAME\n"
    "    sextant wrap generate - write a wrapper's source\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant wrap generate --name NAME --header H [--header H...]\n"
    "                          [--cppflags FLAGS] [--filter FILE]\n"
    "                          [--annotations FILE] [--library LIB...]\n"
    "                          [--output-dir DIR]\n"
    "\n"
    "DESCRIPTION\n"
    "    Lists the functions the headers declare, keeps those the filter\n"
    "    keeps (without --filter: those declared in the given headers), and\n"
    "    writes into DIR (default .):\n"
    "      NAME.wrap.cpp    the source of the four forms\n"
    "      NAME.wrap        one --wrap=SYMBOL line per wrapped function\n"
    "      NAME.functions   wrapped and skipped functions (for check)\n"
    "    It prints what it wrapped, what it skipped and why; a function a\n"
    "    --library does not export is skipped. The CMake project of 'init'\n"
    "    runs it.\n"
    "\n"
    "OPTIONS\n";

const char GenerateNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 success, 1 a header, filter or annotation error, 2 usage error.\n";

const char CheckUsage[] =
    "NAME\n"
    "    sextant wrap check - compare a wrapper with the library's exports\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant wrap check --name NAME --functions FILE --library LIB...\n"
    "                       [--output FILE] [--system-library LIB...]\n"
    "\n"
    "DESCRIPTION\n"
    "    Reads the functions 'generate' listed (NAME.functions) and the\n"
    "    symbols the libraries export (their ELF symbol tables), and writes\n"
    "    the functions they do not export, and those that the system\n"
    "    libraries (libc, libm, libpthread, libdl, librt, libstdc++,\n"
    "    libgcc_s) provide instead, as ready-to-use filter lines\n"
    "    (EXCLUDE MANGLED SYMBOL) to the output file.\n"
    "\n"
    "OPTIONS\n";

const char CheckNotes[] =
    "\n"
    "EXIT STATUS\n"
    "    0 every function is exported, 1 filter lines were written (or an\n"
    "    error), 2 usage error.\n";

/// An option that may be repeated: each value is added to Target.
OptionAction appendValue(std::vector<std::string> &Target) {
  return [&Target](const std::string &Value, std::string &) {
    Target.push_back(Value);
    return true;
  };
}

/// A string option that may be empty (--cppflags= from a CMake project).
OptionAction setFlagsText(std::string &Target) {
  return [&Target](const std::string &Value, std::string &) {
    Target = Value;
    return true;
  };
}

/// Checks the wrapper's name (part of file names); false after the usage
/// error.
bool checkName(const CommandLine &Line, const std::string &Name, int &Status) {
  bool Valid = !Name.empty();
  for (char C : Name)
    Valid &=
        std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '-';
  if (!Valid)
    Status = Line.usageError(
        "--name needs a name of letters, digits, _ and -, got '" + Name + "'");
  return Valid;
}

/// Parses the command line, checks --name and, when Headers is given, that
/// there is a --header; false with the exit status in Status.
bool parseCommon(CommandLine &Line, int Argc, char **Argv,
                 const std::string &Name,
                 const std::vector<std::string> *Headers, int &Status) {
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit) {
    Status = Line.exitStatus();
    return false;
  }
  if (!checkName(Line, Name, Status))
    return false;
  if (Headers && Headers->empty()) {
    Status = Line.usageError("missing --header");
    return false;
  }
  return true;
}

/// The installation prefix of this sextant (the directory above bin/).
std::string sextantPrefix() {
  char Path[PATH_MAX];
  ssize_t Length = ::readlink("/proc/self/exe", Path, sizeof(Path) - 1);
  if (Length <= 0)
    return std::string();
  std::string Exe(Path, Length);
  std::string Bin = Exe.substr(0, Exe.rfind('/'));
  return Bin.substr(0, Bin.rfind('/'));
}

std::string absolutePath(const std::string &Path) {
  char Resolved[PATH_MAX];
  return ::realpath(Path.c_str(), Resolved) ? std::string(Resolved) : Path;
}

bool writeText(const std::string &Path, const std::string &Text) {
  std::string Error;
  return writeOutputFile(Path, Text, ExistingOutput::Replace, Error);
}

/// Parses the headers of S (so that their errors show now) and records
/// where they are; false after the error.
bool readHeaders(const CommandLine &Line, wrap::ProjectSettings &S) {
  wrap::ParsedHeaders Parsed;
  std::string Error;
  if (!wrap::parseHeaders(S.Headers, wrap::splitFlags(S.CompilerFlags), Parsed,
                          Error)) {
    std::fprintf(stderr, "%s\n", Error.c_str());
    Line.failure("the headers do not parse; nothing was written");
    return false;
  }
  S.HeaderPaths = Parsed.Headers;
  // A header given as a path is included by the generated source, which is
  // compiled in the build directory: make it absolute.
  for (std::string &Header : S.Headers)
    if (Header.find('/') != std::string::npos)
      Header = absolutePath(Header);
  return true;
}

/// Loads the annotation file Annotations (none when empty) to show its
/// errors now; false after them.
bool checkAnnotations(const CommandLine &Line, const std::string &Annotations,
                      wrap::ProjectSettings &S) {
  if (Annotations.empty())
    return true;
  S.AnnotationPath = absolutePath(Annotations);
  wrap::AnnotationFile File;
  std::vector<std::string> Errors;
  if (File.load(Annotations, Errors))
    return true;
  for (const std::string &E : Errors)
    std::fprintf(stderr, "%s\n", E.c_str());
  Line.failure("the annotation file has errors; nothing was "
               "written");
  return false;
}

/// Finds the shared and static version of every library of S and says
/// which it found; false when a library has neither (after the errors).
bool locateProjectLibraries(const CommandLine &Line, wrap::ProjectSettings &S) {
  S.Located = wrap::locateLibraries(wrap::splitFlags(S.Libraries),
                                    wrap::splitFlags(S.LinkFlags));
  bool Missing = false;
  for (const wrap::LocatedLibrary &L : S.Located) {
    if (L.Shared.empty() && L.Static.empty()) {
      std::string Searched;
      for (const std::string &D : wrap::systemLibraryDirectories())
        Searched += " " + D;
      Line.failure("library '" + L.Given +
                   "' not found (searched the -L directories of --ldflags "
                   "and" +
                   Searched + ")");
      Missing = true;
      continue;
    }
    std::printf("sextant wrap init: %s: shared %s, static %s\n",
                L.Given.c_str(),
                L.Shared.empty() ? "missing" : L.Shared.c_str(),
                L.Static.empty() ? "missing" : L.Static.c_str());
    if (L.Shared.empty())
      Line.warning("no shared version of '" + L.Given +
                   "': the link-time shared form and the run-time "
                   "(LD_PRELOAD) forms will not be built; only the link-time "
                   "static form will");
    else if (L.Static.empty())
      Line.warning("no static version of '" + L.Given +
                   "': all four forms are built against the shared library; "
                   "programs cannot link '" +
                   L.Given + "' statically");
  }
  return !Missing;
}

/// Writes the working directory Directory: NAME.filter, the example (kept
/// when it exists) and CMakeLists.txt (which must not exist yet).
int writeProject(const CommandLine &Line, const std::string &Directory,
                 wrap::ProjectSettings &S) {
  std::string CMakeLists = Directory + "/CMakeLists.txt";
  struct stat Info;
  if (::stat(CMakeLists.c_str(), &Info) == 0)
    return Line.failure("'" + CMakeLists +
                        "' exists: give a new directory (nothing was "
                        "written)");
  if (::mkdir(Directory.c_str(), 0777) != 0 && errno != EEXIST)
    return Line.failure("cannot create '" + Directory +
                        "': " + std::strerror(errno));
  S.SextantPrefix = sextantPrefix();
  std::string Example = Directory + "/" + S.Example;
  if (!writeText(Directory + "/" + S.Name + ".filter",
                 wrap::projectFilter(S)) ||
      (::stat(Example.c_str(), &Info) != 0 &&
       !writeText(Example, wrap::projectExample(S))) ||
      !writeText(CMakeLists, wrap::projectCMakeLists(S)))
    return Line.failure("cannot write into '" + Directory + "'");
  std::printf("sextant wrap init: wrote %s/%s.filter, %s and %s\n"
              "  next: edit %s so that it calls the library, then\n"
              "  cmake -S %s -B %s/build && cmake --build %s/build && "
              "ctest --test-dir %s/build && cmake --install %s/build\n",
              Directory.c_str(), S.Name.c_str(), Example.c_str(),
              CMakeLists.c_str(), Example.c_str(), Directory.c_str(),
              Directory.c_str(), Directory.c_str(), Directory.c_str(),
              Directory.c_str());
  return ExitSuccess;
}

int runInit(int Argc, char **Argv) {
  CommandLine Line("sextant wrap init", {InitUsage, 25, InitNotes});
  wrap::ProjectSettings S;
  std::string Annotations;
  Line.addOptions({
      {"name", 0, "NAME",
       "the wrapper's name: letters, digits, _ and -\n"
       "(libsextant-wrap-NAME.so, sextant run\n"
       "--wrap=NAME)",
       setString(S.Name)},
      {"header", 0, "H",
       "a header of the library: a path, or a name\n"
       "found through the include path; may be repeated",
       appendValue(S.Headers)},
      {"cppflags", 0, "FLAGS", "compiler flags for the headers (-I, -D)",
       setFlagsText(S.CompilerFlags)},
      {"ldflags", 0, "FLAGS", "linker flags (-L directories)",
       setFlagsText(S.LinkFlags)},
      {"libs", 0, "LIBS", "the libraries (-lNAME or paths), blank-separated",
       setString(S.Libraries)},
      {"annotations", 0, "FILE", "the annotation file (docs/wrapping.md)",
       setString(Annotations)},
      {"example", 0, "FILE",
       "the example's name, main.c by default; a C++\n"
       "name (main.cpp) also builds the wrapper with\n"
       "exceptions",
       setString(S.Example)},
  });
  int Status = ExitSuccess;
  if (!parseCommon(Line, Argc, Argv, S.Name, &S.Headers, Status))
    return Status;
  if (wrap::splitFlags(S.Libraries).empty())
    return Line.usageError("missing --libs (e.g. --libs=-lfftw3)");
  if (Line.positional().size() > 1)
    return Line.usageError("expected one directory, got '" +
                           Line.positional()[1] + "' too");
  std::string Directory =
      Line.positional().empty() ? S.Name : Line.positional()[0];

  if (!readHeaders(Line, S) || !checkAnnotations(Line, Annotations, S))
    return ExitFailure;
  if (!locateProjectLibraries(Line, S))
    return Line.failure("nothing was written");
  return writeProject(Line, Directory, S);
}

int runGenerate(int Argc, char **Argv) {
  CommandLine Line("sextant wrap generate", {GenerateUsage, 25, GenerateNotes});
  wrap::GenerateOptions Options;
  std::string CompilerFlags;
  Options.OutputDirectory = ".";
  Line.addOptions({
      {"name", 0, "NAME", nullptr, setString(Options.Name)},
      {"header", 0, "H", nullptr, appendValue(Options.Headers)},
      {"cppflags", 0, "FLAGS", nullptr, setFlagsText(CompilerFlags)},
      {"annotations", 0, "FILE", "as for init",
       setString(Options.AnnotationPath)},
      {"filter", 0, "FILE", "the wrapper's filter (NAME.filter)",
       setString(Options.FilterPath)},
      {"library", 0, "LIB",
       "a target library file (.so or .a); may be\n"
       "repeated",
       appendValue(Options.Libraries)},
      {"output-dir", 0, "DIR", "where the files go (default .)",
       setString(Options.OutputDirectory)},
  });
  int Status = ExitSuccess;
  if (!parseCommon(Line, Argc, Argv, Options.Name, &Options.Headers, Status))
    return Status;
  if (!Line.positional().empty())
    return Line.usageError("unexpected argument '" + Line.positional()[0] +
                           "'");
  Options.CompilerArguments = wrap::splitFlags(CompilerFlags);
  return wrap::generateWrapper(Options, std::cout, std::cerr) ? ExitSuccess
                                                              : ExitFailure;
}

int runCheck(int Argc, char **Argv) {
  CommandLine Line("sextant wrap check", {CheckUsage, 25, CheckNotes});
  wrap::CheckOptions Options;
  std::vector<std::string> System;
  Line.addOptions({
      {"name", 0, "NAME", "the wrapper's name", setString(Options.Name)},
      {"functions", 0, "FILE", "NAME.functions, written by generate",
       setString(Options.FunctionList)},
      {"library", 0, "LIB", "a target library file; may be repeated",
       appendValue(Options.Libraries)},
      {"output", 0, "FILE", "default NAME.check.filter",
       setString(Options.OutputPath)},
      {"system-library", 0, "LIB",
       "a system library to look into instead of the\n"
       "default ones; may be repeated",
       appendValue(System)},
  });
  int Status = ExitSuccess;
  if (!parseCommon(Line, Argc, Argv, Options.Name, nullptr, Status))
    return Status;
  if (Options.FunctionList.empty())
    return Line.usageError("missing --functions (NAME.functions, written by "
                           "'sextant wrap generate')");
  if (Options.Libraries.empty())
    return Line.usageError("missing --library");
  if (Options.OutputPath.empty())
    Options.OutputPath = Options.Name + ".check.filter";
  Options.SystemLibraries =
      System.empty() ? wrap::defaultSystemLibraries() : System;
  return wrap::checkWrapper(Options, std::cout, std::cerr) == 0 ? ExitSuccess
                                                                : ExitFailure;
}

} // namespace

int runWrapCommand(int Argc, char **Argv) {
  if (Argc >= 2) {
    std::string Command = Argv[1];
    if (Command == "init")
      return runInit(Argc - 1, Argv + 1);
    if (Command == "generate")
      return runGenerate(Argc - 1, Argv + 1);
    if (Command == "check")
      return runCheck(Argc - 1, Argv + 1);
  }
  CommandLine Line("sextant wrap", WrapHelp);
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  if (Line.positional().empty())
    return Line.usageError("missing the command: init, generate or check");
  return Line.usageError("unknown command '" + Line.positional()[0] +
                         "': expected init, generate or check");
}

} // namespace tool
} // namespace sextant
