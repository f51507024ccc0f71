//===- tools/sextant-wrapper/WrapperMain.cpp - sextant-cc, -c++, -fortran -===//
//
// Part of Sextant. One program installed under three names: sextant-cc
// (C, default compiler clang-19, SEXTANT_CC), sextant-c++ (C++, clang++-19,
// SEXTANT_CXX) and sextant-fortran (Fortran, flang-new-19, SEXTANT_FC).
// `sextant-cc [COMPILER] ARGS...`: a first argument that is a command (on
// PATH, or a path to an executable) and not a file of the working
// directory is the compiler to run (a prefix: `sextant-cc mpicc.mpich ...`).
// The wrapper classifies the line (ArgumentClassification.h), finds out
// which compiler compiles (CompilerIdentity.h; an MPI wrapper is asked
// with -show), builds the command (WrappedCommand.h) and executes it in its
// place. See docs/sextant-cc.md.
//
//===----------------------------------------------------------------------===//

#include "common/ShellQuoting.h"
#include "tools/sextant-wrapper/ArgumentClassification.h"
#include "tools/sextant-wrapper/CompilerIdentity.h"
#include "tools/sextant-wrapper/FlangMpi.h"
#include "tools/sextant-wrapper/GccModeNote.h"
#include "tools/sextant-wrapper/InstallLayout.h"
#include "tools/sextant-wrapper/MpiFlavour.h"
#include "tools/sextant-wrapper/ResponseFiles.h"
#include "tools/sextant-wrapper/WrappedCommand.h"
#include "tools/sextant-wrapper/WrapperConfiguration.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace sextant;
using namespace sextant::wrapper;

namespace {

enum class Language { C, Cxx, Fortran };

struct Personality {
  Language Lang;
  const char *Name;
  const char *CompilerVariable;
  const char *DefaultCompiler;
  const char *Description;
};

Personality personalityFor(const std::string &Argv0) {
  std::string Name = Argv0.substr(Argv0.rfind('/') + 1);
  if (Name.find("c++") != std::string::npos ||
      Name.find("cxx") != std::string::npos)
    return {Language::Cxx, "sextant-c++", "SEXTANT_CXX",
            SEXTANT_WRAPPER_DEFAULT_CXX, "C++"};
  if (Name.find("fortran") != std::string::npos ||
      Name.find("fc") != std::string::npos)
    return {Language::Fortran, "sextant-fortran", "SEXTANT_FC",
            SEXTANT_WRAPPER_DEFAULT_FC, "Fortran"};
  return {Language::C, "sextant-cc", "SEXTANT_CC", SEXTANT_WRAPPER_DEFAULT_CC,
          "C"};
}

/// MPICH's option for Lang's compiler without '-' and '=' (-cxx=).
const char *mpiCompilerOption(Language Lang) {
  return Lang == Language::Cxx       ? "cxx"
         : Lang == Language::Fortran ? "fc"
                                     : "cc";
}

const char *ProgramName = "sextant-cc";

[[noreturn]] void fail(const std::string &Message) {
  std::fprintf(stderr, "%s: error: %s\n", ProgramName, Message.c_str());
  std::exit(1);
}

bool envSet(const char *Name) {
  const char *Value = std::getenv(Name);
  return Value && *Value && std::strcmp(Value, "0") != 0;
}

bool isExecutableFile(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0 && S_ISREG(Status.st_mode) &&
         ::access(Path.c_str(), X_OK) == 0;
}

/// The path of Command: itself when it has a slash, else found on PATH;
/// empty when there is no such executable.
std::string findCommand(const std::string &Command) {
  if (Command.find('/') != std::string::npos)
    return isExecutableFile(Command) ? Command : "";
  const char *Path = std::getenv("PATH");
  std::string Dirs = Path ? Path : "/usr/bin:/bin";
  size_t Start = 0;
  while (Start <= Dirs.size()) {
    size_t End = Dirs.find(':', Start);
    if (End == std::string::npos)
      End = Dirs.size();
    std::string Dir = Dirs.substr(Start, End - Start);
    std::string Candidate = (Dir.empty() ? "." : Dir) + "/" + Command;
    if (isExecutableFile(Candidate))
      return Candidate;
    Start = End + 1;
  }
  return "";
}

/// The prefix form: the first argument names the compiler.
bool isCompilerPrefix(const std::string &Arg) {
  if (Arg.empty() || Arg[0] == '-' || Arg[0] == '@' || isSourceFile(Arg))
    return false;
  if (Arg.find('/') == std::string::npos && pathExists(Arg))
    return false; // a file of the working directory: an input
  return !findCommand(Arg).empty();
}

/// Runs Args and returns its standard output; false when it could not be
/// run or failed.
bool runAndCapture(const std::vector<std::string> &Args, std::string &Output) {
  int Pipe[2];
  if (::pipe(Pipe) != 0)
    return false;
  pid_t Child = ::fork();
  if (Child < 0)
    return false;
  if (Child == 0) {
    ::dup2(Pipe[1], STDOUT_FILENO);
    ::close(Pipe[0]);
    ::close(Pipe[1]);
    int Null = ::open("/dev/null", O_WRONLY);
    if (Null >= 0)
      ::dup2(Null, STDERR_FILENO);
    std::vector<char *> Argv;
    for (const std::string &Arg : Args)
      Argv.push_back(const_cast<char *>(Arg.c_str()));
    Argv.push_back(nullptr);
    ::execvp(Argv[0], Argv.data());
    ::_exit(127);
  }
  ::close(Pipe[1]);
  char Buffer[4096];
  ssize_t Got;
  while ((Got = ::read(Pipe[0], Buffer, sizeof Buffer)) > 0 ||
         (Got < 0 && errno == EINTR))
    if (Got > 0)
      Output.append(Buffer, static_cast<size_t>(Got));
  ::close(Pipe[0]);
  int Status = 0;
  while (::waitpid(Child, &Status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
}

std::string firstWord(const std::string &Text) {
  size_t Start = Text.find_first_not_of(" \t\n");
  if (Start == std::string::npos)
    return "";
  return Text.substr(Start, Text.find_first_of(" \t\n", Start) - Start);
}

const char *const WhatWorks =
    "clang 19 (clang-19, clang++-19) and flang-new-19 (instrumented by "
    "Sextant's LLVM plugin), or GCC (gcc, g++, gfortran: instrumented with "
    "-finstrument-functions)";

/// The compiler that Compiler runs, identified; an MPI wrapper's -show
/// output in ShowOutput.
CompilerIdentity identify(const std::string &Compiler, bool MpiWrapper,
                          const ArgumentSummary &Summary,
                          std::string &ShowOutput) {
  std::string Underlying = Compiler;
  if (MpiWrapper) {
    std::vector<std::string> Show = {Compiler};
    Show.insert(Show.end(), Summary.MpiWrapperOptions.begin(),
                Summary.MpiWrapperOptions.end());
    Show.push_back("-show");
    std::string Output;
    if (!runAndCapture(Show, Output) || firstWord(Output).empty()) {
      Output.clear();
      Show.back() = "-showme";
      if (!runAndCapture(Show, Output) || firstWord(Output).empty())
        fail("cannot ask the MPI compiler wrapper '" + Compiler +
             "' which compiler it runs ('" + Compiler +
             " -show' and '-showme' failed)");
    }
    Underlying = firstWord(Output);
    ShowOutput = Output;
  }
  CompilerIdentity Identity = identifyCompilerByName(Underlying);
  if (Identity.Family == CompilerFamily::Unknown ||
      (Identity.Family != CompilerFamily::Gcc && Identity.Major == 0)) {
    std::string Output;
    if (!runAndCapture({Underlying, "--version"}, Output))
      fail("cannot run the compiler '" + Underlying + "' ('" + Underlying +
           " --version' failed); the wrappers work with " + WhatWorks);
    Identity = identifyCompilerByVersion(Output);
  }
  std::string Named = "'" + Underlying + "'" +
                      (MpiWrapper ? " (run by '" + Compiler + "')" : "");
  if (Identity.Family == CompilerFamily::Unknown)
    fail("cannot instrument with " + Named +
         ": it is not a compiler the wrappers know; they work with " +
         WhatWorks + ". Choose one with " +
         personalityFor(ProgramName).CompilerVariable +
         "= or as the first argument, or set SEXTANT_WRAPPER_DISABLE=1 to "
         "compile without instrumentation");
  if (Identity.Family != CompilerFamily::Gcc && Identity.Major != 19)
    fail(Named + " is " +
         (Identity.Family == CompilerFamily::Clang ? "clang " : "flang ") +
         std::to_string(Identity.Major) +
         ", which cannot load Sextant's plugin (built for LLVM 19); the "
         "wrappers work with " + WhatWorks);
  return Identity;
}

std::string absolutePath(const std::string &Path) {
  char Resolved[PATH_MAX];
  if (::realpath(Path.c_str(), Resolved))
    return Resolved;
  return "";
}

void printHelp(const Personality &P) {
  std::printf(
      "Usage: %s [COMPILER] [--sextant-filter=FILE] ARGS...\n"
      "\n"
      "Compiles and links %s code with Sextant's instrumentation: runs\n"
      "COMPILER (default: $%s, else %s) with ARGS and adds\n"
      "  to compile lines: the plugin (clang 19, flang-new-19) or\n"
      "    -finstrument-functions (GCC), -g when no -g option is given,\n"
      "    the compile-time filter (--sextant-filter=FILE or\n"
      "    $SEXTANT_FILTER_FILE; not with GCC);\n"
      "  to link lines: -L<libdir> -Wl,-rpath,<libdir> [-lsextant-mpi]\n"
      "    -lsextant (the MPI adapter when COMPILER is an MPI wrapper or an\n"
      "    MPI library is linked: -lsextant-openmpi or -lsextant-mpich for\n"
      "    the MPI that is not the default's), and with -flto the plugin at\n"
      "    the link\n"
      "    (-fuse-ld=lld -Wl,--load-pass-plugin=<plugin>).\n"
      "With flang and a known MPI, compile lines get -I<the mpi module\n"
      "Sextant built for flang> first, and lines run with flang lose the\n"
      "gfortran-only options of MPICH's mpifort (mpifort.mpich\n"
      "-fc=sextant-fortran works).\n"
      "Everything else (-E, -M, -fsyntax-only, --version, -v, configure\n"
      "probes) runs unchanged. COMPILER is the first argument when it is a\n"
      "command (on PATH or a path): %s mpicc.mpich app.c\n"
      "When COMPILER runs GCC though you did not name GCC (mpicc.mpich runs\n"
      "gcc), link lines print a note that says how to get the plugin.\n"
      "\n"
      "Environment:\n"
      "  %s                the compiler (when no COMPILER is given)\n"
      "  SEXTANT_FILTER_FILE         compile-time filter file\n"
      "  SEXTANT_WRAPPER_DISABLE=1   run the compiler unchanged\n"
      "  SEXTANT_WRAPPER_VERBOSE=1   print the command before running it\n"
      "                              (and that note on every line)\n"
      "  SEXTANT_WRAPPER_LTO=compile instrument -flto code at compile time\n"
      "                              (for gold or bfd links); default: link\n"
      "See docs/sextant-cc.md (share/doc/sextant/sextant-cc.md).\n",
      P.Name, P.Description, P.CompilerVariable, P.DefaultCompiler, P.Name,
      P.CompilerVariable);
}

/// flang and MPI (FlangMpi.h): the directory of Sextant's mpi module for
/// the line's MPI, when installed, into Settings; notes about the sources
/// on Args whose `use mpi` or `use mpi_f08` flang cannot compile.
void prepareFlangMpi(const std::vector<std::string> &Args, MpiFlavour Mpi,
                     const InstallLayout &Layout, WrapperSettings &Settings) {
  std::string Directory = flangMpiModuleDirectory(Layout.FlangModuleRoot, Mpi);
  bool Installed = !Directory.empty() && pathExists(Directory + "/mpi.mod");
  if (Installed)
    Settings.FlangMpiModuleDir = Directory;
  for (const std::string &Arg : Args) {
    if (Arg.empty() || Arg[0] == '-' || !isFortranSource(Arg))
      continue;
    std::ifstream Source(Arg);
    if (!Source)
      continue;
    std::ostringstream Text;
    Text << Source.rdbuf();
    MpiModuleUses Uses = mpiModuleUsesOf(Text.str());
    if (Uses.Mpi && Mpi == MpiFlavour::Unknown)
      std::fprintf(
          stderr,
          "%s: note: %s uses the mpi module, but the line does not say which "
          "MPI it uses, so the wrapper cannot give flang Sextant's mpi module "
          "(the MPI's own mpi.mod is gfortran's): give the MPI's include "
          "directory (e.g. -I/usr/include/x86_64-linux-gnu/mpich) or its "
          "compiler wrapper as the first argument (%s mpifort.mpich ...)\n",
          ProgramName, Arg.c_str(), ProgramName);
    else if (Uses.Mpi && !Installed)
      std::fprintf(
          stderr,
          "%s: note: %s uses the mpi module, and this Sextant has no mpi "
          "module for flang and %s (%s/mpi.mod: it is built when "
          "flang-new-19 and the MPI's mpif.h are found when Sextant is "
          "built); the MPI's own mpi.mod is gfortran's: write include "
          "'mpif.h' instead of use mpi, or compile with gfortran "
          "(SEXTANT_FC=gfortran)\n",
          ProgramName, Arg.c_str(), mpiFlavourTitle(Mpi), Directory.c_str());
    if (Uses.MpiF08)
      std::fprintf(
          stderr,
          "%s: note: %s uses mpi_f08, which flang-new-19 cannot use: the "
          "MPI's mpi_f08 module is gfortran's, and Sextant provides flang "
          "only the mpi module (from mpif.h); write use mpi instead, or "
          "compile with gfortran (SEXTANT_FC=gfortran)\n",
          ProgramName, Arg.c_str());
  }
}

[[noreturn]] void execute(const std::vector<std::string> &Args);

/// `sextant-fortran mpifort.mpich` where mpifort runs flang: mpifort adds
/// gfortran options that flang rejects (FlangMpi.h), so mpifort runs
/// sextant-fortran in flang's place (-fc=<this sextant-fortran>, flang in
/// SEXTANT_FC), which leaves them out and instruments. Returns when this
/// is not the case.
void delegateToMpichFortranWrapper(const std::vector<std::string> &UserArgs,
                                   const std::string &ShowOutput,
                                   MpiFlavour Mpi, const InstallLayout &Layout,
                                   const WrapperSettings &Settings) {
  std::vector<std::string> Shown = splitWords(ShowOutput);
  if (Mpi != MpiFlavour::Mpich ||
      Settings.Identity.Family != CompilerFamily::Flang ||
      std::none_of(Shown.begin(), Shown.end(), isGfortranOnlyMpiOption))
    return;
  std::string Self = Layout.BinDir + "/sextant-fortran";
  if (!pathExists(Self))
    return;
  std::vector<std::string> Command = {Settings.Compiler, "-fc=" + Self};
  for (const std::string &Arg : UserArgs)
    if (Arg.compare(0, 4, "-fc=") != 0 && Arg.compare(0, 5, "-f90=") != 0 &&
        Arg.compare(0, 5, "-f77=") != 0)
      Command.push_back(Arg);
  ::setenv("SEXTANT_FC", Shown.front().c_str(), 1);
  if (!Settings.FilterFile.empty())
    ::setenv("SEXTANT_FILTER_FILE", Settings.FilterFile.c_str(), 1);
  execute(Command);
}

[[noreturn]] void execute(const std::vector<std::string> &Args) {
  if (envSet("SEXTANT_WRAPPER_VERBOSE"))
    std::fprintf(stderr, "%s: %s\n", ProgramName, shellQuoteWords(Args).c_str());
  std::fflush(stderr);
  std::vector<char *> Argv;
  for (const std::string &Arg : Args)
    Argv.push_back(const_cast<char *>(Arg.c_str()));
  Argv.push_back(nullptr);
  ::execvp(Argv[0], Argv.data());
  fail("cannot run '" + Args[0] + "': " + std::strerror(errno));
}

} // namespace

int main(int Argc, char **Argv) {
  Personality P = personalityFor(Argv[0]);
  ProgramName = P.Name;
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  if (Args.size() == 1 && (Args[0] == "--help" || Args[0] == "-help")) {
    printHelp(P);
    return 0;
  }

  std::string Compiler;
  if (!Args.empty() && isCompilerPrefix(Args[0])) {
    Compiler = Args[0];
    Args.erase(Args.begin());
  } else if (!Args.empty() && Args[0][0] != '-' && !pathExists(Args[0]) &&
             (identifyCompilerByName(Args[0]).Family != CompilerFamily::Unknown ||
              isMpiCompilerWrapper(Args[0]))) {
    fail("the compiler '" + Args[0] + "' was not found; the wrappers work "
         "with " + std::string(WhatWorks));
  } else {
    const char *FromEnvironment = std::getenv(P.CompilerVariable);
    Compiler = FromEnvironment && *FromEnvironment ? FromEnvironment
                                                   : P.DefaultCompiler;
  }

  std::string Filter;
  if (const char *FromEnvironment = std::getenv("SEXTANT_FILTER_FILE"))
    Filter = FromEnvironment;
  std::vector<std::string> UserArgs;
  for (const std::string &Arg : Args) {
    if (Arg.compare(0, 17, "--sextant-filter=") == 0)
      Filter = Arg.substr(17);
    else if (Arg.compare(0, 10, "--sextant-") == 0)
      fail("unknown option '" + Arg + "' (the wrappers' only option is "
           "--sextant-filter=FILE; see " + P.Name + " --help)");
    else
      UserArgs.push_back(Arg);
  }
  // flang-new-19 stops at the gfortran options of MPICH's mpifort (run as
  // mpifort.mpich -fc=sextant-fortran): they are left out on every line.
  if (Compiler.substr(Compiler.rfind('/') + 1).find("flang") !=
      std::string::npos)
    UserArgs = withoutGfortranOnlyMpiOptions(UserArgs);
  std::vector<std::string> Plain = {Compiler};
  Plain.insert(Plain.end(), UserArgs.begin(), UserArgs.end());
  if (envSet("SEXTANT_WRAPPER_DISABLE"))
    execute(Plain);
  if (findCommand(Compiler).empty())
    fail("the compiler '" + Compiler + "' was not found" +
         (Compiler == P.DefaultCompiler
              ? std::string(" (the default; set ") + P.CompilerVariable +
                    " or give the compiler as the first argument)"
              : std::string()) +
         "; the wrappers work with " + WhatWorks);

  ResponseFileExpansion Expanded = expandResponseFiles(UserArgs);
  if (!Expanded.Error.empty())
    fail(Expanded.Error);
  ArgumentSummary Summary = classifyArguments(Expanded.Args);
  if (Summary.Kind != LineKind::Compile &&
      Summary.Kind != LineKind::CompileAndLink && Summary.Kind != LineKind::Link)
    execute(Plain);

  InstallLayout Layout = findInstallLayout();
  WrapperSettings Settings;
  Settings.Compiler = Compiler;
  Settings.MpiWrapper = isMpiCompilerWrapper(Compiler);
  std::string ShowOutput;
  Settings.Identity =
      identify(Compiler, Settings.MpiWrapper, Summary, ShowOutput);
  Settings.PluginPath = Layout.PluginPath;
  Settings.LibDir = Layout.LibDir;
  // The adapter of the line's MPI (MpiFlavour.h): by the MPI wrapper's name,
  // its -show output, or the line's own MPI options and libraries.
  MpiFlavour Mpi = MpiFlavour::Unknown;
  if (Settings.MpiWrapper) {
    Mpi = mpiFlavourOfWrapper(Compiler);
    if (Mpi == MpiFlavour::Unknown)
      Mpi = mpiFlavourOfWords(splitWords(ShowOutput));
  }
  if (Mpi == MpiFlavour::Unknown)
    Mpi = mpiFlavourOfWords(Expanded.Args);
  Settings.MpiAdapter =
      mpiAdapterLibrary(Mpi, mpiFlavourNamed(SEXTANT_WRAPPER_MPI_DEFAULT));
  if (Mpi != MpiFlavour::Unknown)
    Settings.MpiTitle = mpiFlavourTitle(Mpi);
  Settings.MpiAdapterAvailable =
      pathExists(Layout.LibDir + "/lib" + Settings.MpiAdapter + ".so");
  const char *Lto = std::getenv("SEXTANT_WRAPPER_LTO");
  std::string LtoMode = Lto && *Lto ? Lto : "";
  if (!LtoMode.empty() && LtoMode != "link" && LtoMode != "compile")
    fail("SEXTANT_WRAPPER_LTO='" + LtoMode + "': expected link or compile");
  Settings.LtoAtLink = LtoMode.empty() ? SEXTANT_WRAPPER_HAVE_LLD != 0
                                       : LtoMode == "link";
  bool Gcc = Settings.Identity.Family == CompilerFamily::Gcc;
  if (!Gcc && !pathExists(Settings.PluginPath))
    fail(Settings.PluginPath + " does not exist: is " + Layout.Prefix +
         " a complete Sextant installation?");
  if (!Filter.empty()) {
    Settings.FilterFile = absolutePath(Filter);
    if (Settings.FilterFile.empty())
      fail("the compile-time filter file '" + Filter + "' does not exist");
  }

  if (P.Lang == Language::Fortran && Settings.MpiWrapper)
    delegateToMpichFortranWrapper(UserArgs, ShowOutput, Mpi, Layout, Settings);
  if (Settings.Identity.Family == CompilerFamily::Flang &&
      Summary.Kind != LineKind::Link)
    prepareFlangMpi(Expanded.Args, Mpi, Layout, Settings);

  WrappedCommand Command = buildWrappedCommand(UserArgs, Summary, Settings);
  if (!Command.Error.empty())
    fail(Command.Error);
  for (const std::string &Warning : Command.Warnings)
    std::fprintf(stderr, "%s: warning: %s\n", ProgramName, Warning.c_str());
  // Once per build rather than once per file: on link lines, and with
  // SEXTANT_WRAPPER_VERBOSE on every line (GccModeNote.h).
  if (Summary.Kind != LineKind::Compile || envSet("SEXTANT_WRAPPER_VERBOSE")) {
    GccModeSituation Situation;
    Situation.WrapperName = P.Name;
    Situation.Compiler = Compiler;
    Situation.Underlying =
        Settings.MpiWrapper ? firstWord(ShowOutput) : Compiler;
    Situation.Identity = Settings.Identity;
    Situation.MpiWrapper = Settings.MpiWrapper;
    Situation.Mpi = Mpi;
    Situation.MpiCompilerChosen = !Summary.MpiWrapperOptions.empty();
    for (const std::string &Variable : mpiCompilerVariables())
      if (const char *Value = std::getenv(Variable.c_str()))
        Situation.MpiCompilerChosen |= *Value != '\0';
    Situation.MpiCompilerOption = mpiCompilerOption(P.Lang);
    Situation.PluginCompiler = P.DefaultCompiler;
    std::string Note = gccModeNote(Situation);
    if (!Note.empty())
      std::fprintf(stderr, "%s: note: %s\n", ProgramName, Note.c_str());
  }
  execute(Command.Args);
}
