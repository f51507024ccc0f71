//===- tools/sextant/RunCommand.cpp - sextant run -------------------------===//
//
// Part of Sextant. `sextant run [options] -- PROGRAM ARGS...` runs an
// instrumented program with the runtime configured by options (each maps to
// one SEXTANT_* variable of runtime/config/Options.def, whose names it gets
// from runtime/config/OptionVariables.h), then prints the run's summary and
// exits with the program's exit status. It always knows the experiment
// directory: the one given, or a fresh default name that it sets itself.
//
//===----------------------------------------------------------------------===//

#include "ChildProcess.h"
#include "CommandLine.h"
#include "HtmlReport.h"
#include "ReportCommand.h"
#include "Subcommands.h"
#include "common/FileContents.h"
#include "filter/FilterSet.h"
#include "format/reader/ExperimentReader.h"
#include "format/schema/ExperimentSchema.h"
#include "format/schema/RunResultFile.h"
#include "runtime/config/OptionVariables.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sextant {
namespace tool {

using namespace format;

namespace {

const char RunUsage[] =
    "NAME\n"
    "    sextant run - run an instrumented program and show its profile\n"
    "\n"
    "SYNOPSIS\n"
    "    sextant run [options] [--] PROGRAM [ARGS...]\n"
    "\n"
    "DESCRIPTION\n"
    "    Runs PROGRAM (searched in PATH when it has no '/'; no shell is\n"
    "    involved) with the Sextant runtime configured by the options below,\n"
    "    waits for it, prints the run's summary on standard error, and exits\n"
    "    with the program's exit status (128 + N when signal N killed it;\n"
    "    127 when PROGRAM was not found, 126 when it could not be run).\n"
    "    The program's own standard input, output and error are untouched.\n"
    "\n"
    "    The experiment goes to --output=DIR, else to $SEXTANT_OUTPUT_DIR "
    "when\n"
    "    that is set, else to a new directory\n"
    "    sextant-<program>-<YYYYMMDD-HHMMSS>-<pid> in the current directory\n"
    "    (the runtime's own default name, with the program's pid), which\n"
    "    sextant run sets as SEXTANT_OUTPUT_DIR for the program.\n"
    "    Options end at the first argument that is not an option, or at --.\n"
    "\n"
    "OPTIONS\n";

const char RunNotes[] =
    "\n"
    "ENVIRONMENT\n"
    "    The program inherits the environment of sextant run, including\n"
    "    SEXTANT_* variables; the options above override them.\n"
    "\n"
    "EXIT STATUS\n"
    "    The program's exit status; 1 when --filter is invalid or a --wrap\n"
    "    wrapper is not found (the program is not run), 2 usage error.\n"
    "\n"
    "EXAMPLES\n"
    "    sextant run -- ./heat2d 200 200\n"
    "    sextant run -o run1 --filter=app.filt --show=report ./app input.dat\n"
    "    sextant run -o run1 --html=run1.html ./app input.dat\n"
    "    sextant run --wrap=fftw3 -- ./fft_program\n";

/// An option of sextant run that sets one runtime variable: its row of the
/// option table (OptionSpec) with the variable instead of the action.
struct VariableOption {
  const char *Option;
  char Short;
  const char *ValueName; ///< null: a flag, which sets FlagValue
  const char *Help;
  const char *Variable;
  const char *FlagValue;
};
constexpr VariableOption VariableOptions[] = {
    {"output", 'o', "DIR", "experiment directory (SEXTANT_OUTPUT_DIR)",
     "SEXTANT_OUTPUT_DIR", nullptr},
    {"filter", 0, "FILE",
     "runtime filter (SEXTANT_FILTER); checked before\n"
     "the program starts, errors stop the run",
     "SEXTANT_FILTER", nullptr},
    {"verbose", 0, "N", "runtime messages, 0 to 2 (SEXTANT_VERBOSE)",
     "SEXTANT_VERBOSE", nullptr},
    {"disable", 0, nullptr,
     "run with every region disarmed\n"
     "(SEXTANT_ENABLE=0)",
     "SEXTANT_ENABLE", "0"},
    {"clock", 0, "CLOCK", "auto, tsc or monotonic (SEXTANT_CLOCK)",
     "SEXTANT_CLOCK", nullptr},
    {"throttle", 0, "V,NS",
     "disarm a region after V visits under NS\n"
     "nanoseconds each (SEXTANT_THROTTLE)",
     "SEXTANT_THROTTLE", nullptr},
    {"no-throttle", 0, nullptr, "never disarm regions (SEXTANT_THROTTLE=off)",
     "SEXTANT_THROTTLE", "off"},
    {"thread-profiles", 0, "N",
     "threads kept apart in profile-threads.json\n"
     "(SEXTANT_THREAD_PROFILES)",
     "SEXTANT_THREAD_PROFILES", nullptr},
    {"trace", 0, nullptr,
     "also write a trace (SEXTANT_TRACE=1); convert it\n"
     "with 'sextant export --format=chrome DIR'",
     "SEXTANT_TRACE", "1"},
    {"buffer-size", 0, "SIZE",
     "each thread's trace buffer, e.g. 64K, 4M\n"
     "(SEXTANT_BUFFER_SIZE)",
     "SEXTANT_BUFFER_SIZE", nullptr},
    {"snapshot", 0, "SECONDS",
     "rewrite the experiment every SECONDS while the\n"
     "program runs, so that SIGKILL leaves the last\n"
     "snapshot (SEXTANT_SNAPSHOT)",
     "SEXTANT_SNAPSHOT", nullptr},
};

constexpr bool allOptionVariablesExist() {
  for (const VariableOption &Option : VariableOptions)
    if (!runtime::findOptionVariable(Option.Variable))
      return false;
  return true;
}
static_assert(allOptionVariablesExist(),
              "every option of sextant run must set a variable of "
              "runtime/config/Options.def");

/// Checks Value against the range of an Unsigned variable; the runtime
/// checks the values of the others (and warns about bad ones itself).
bool checkVariableValue(const runtime::OptionVariable &Variable,
                        const std::string &Value, std::string &Error) {
  if (!Variable.IsUnsigned)
    return true;
  uint64_t Number = 0;
  if (parseUnsignedValue(Value, Number) && Number >= Variable.Min &&
      Number <= Variable.Max)
    return true;
  Error = "expected an integer from " + std::to_string(Variable.Min) + " to " +
          std::to_string(Variable.Max) + " for " + Variable.Name + ", got '" +
          Value + "'";
  return false;
}

/// Sets Variable in Variables, replacing an earlier value.
void setVariable(Environment &Variables, const std::string &Name,
                 const std::string &Value) {
  for (auto &[Existing, Old] : Variables)
    if (Existing == Name) {
      Old = Value;
      return;
    }
  Variables.emplace_back(Name, Value);
}

const std::string *findVariable(const Environment &Variables,
                                const char *Name) {
  for (const auto &[Existing, Value] : Variables)
    if (Existing == Name)
      return &Value;
  return nullptr;
}

/// The runtime's default directory name for Program, started at Time, with
/// process id Pid (docs/configuration.md, SEXTANT_OUTPUT_DIR).
std::string defaultDirectoryName(const std::string &Program, std::time_t Time,
                                 pid_t Pid) {
  std::string Base = format::files::programFileName(Program);
  std::tm Local{};
  localtime_r(&Time, &Local);
  char Stamp[32];
  std::strftime(Stamp, sizeof(Stamp), "%Y%m%d-%H%M%S", &Local);
  return "sextant-" + Base + "-" + Stamp + "-" + std::to_string(Pid);
}

/// Identity of experiment.json, to tell whether the run wrote a new one
/// (the runtime renames a new file into place).
struct FileStamp {
  bool Exists = false;
  ino_t Inode = 0;
  struct timespec Modified {};

  static FileStamp of(const std::string &Path) {
    FileStamp Stamp;
    struct stat Info;
    if (::stat(Path.c_str(), &Info) == 0) {
      Stamp.Exists = true;
      Stamp.Inode = Info.st_ino;
      Stamp.Modified = Info.st_mtim;
    }
    return Stamp;
  }
  bool sameAs(const FileStamp &Other) const {
    return Exists == Other.Exists && Inode == Other.Inode &&
           Modified.tv_sec == Other.Modified.tv_sec &&
           Modified.tv_nsec == Other.Modified.tv_nsec;
  }
};

bool checkFilterFile(const CommandLine &Line, const std::string &Path) {
  filter::FilterSet Filter;
  std::vector<filter::Diagnostic> Diags;
  bool Valid = Filter.addFile(Path, Diags);
  for (const filter::Diagnostic &D : Diags)
    std::fprintf(stderr, "%s\n", D.str().c_str());
  if (!Valid)
    Line.failure("the runtime filter '" + Path +
                 "' has errors; the program was not run");
  return Valid;
}

void printFile(const std::string &Path) {
  std::FILE *In = std::fopen(Path.c_str(), "r");
  if (!In) {
    std::fprintf(stderr, "sextant run: warning: cannot read '%s': %s\n",
                 Path.c_str(), std::strerror(errno));
    return;
  }
  char Buffer[1 << 14];
  size_t Read;
  while ((Read = std::fread(Buffer, 1, sizeof(Buffer), In)) > 0)
    std::fwrite(Buffer, 1, Read, stderr);
  std::fclose(In);
}

enum class AfterRun { Summary, Report, Tree, Nothing };

/// The non-empty items of Text separated by Separator.
std::vector<std::string> splitList(const std::string &Text, char Separator) {
  std::vector<std::string> Items;
  size_t Begin = 0;
  while (Begin <= Text.size()) {
    size_t End = Text.find(Separator, Begin);
    if (End == std::string::npos)
      End = Text.size();
    if (End > Begin)
      Items.push_back(Text.substr(Begin, End - Begin));
    Begin = End + 1;
  }
  return Items;
}

/// The run-time form of wrapper Name (docs/wrapping.md): a path as given,
/// else libsextant-wrap-NAME-preload.so in $SEXTANT_WRAP_PATH's directories,
/// then in the lib/ directory of this sextant's installation. "" with the
/// directories searched in Searched when it is not found.
std::string findWrapper(const std::string &Name, std::string &Searched) {
  struct stat Info;
  if (Name.find('/') != std::string::npos) {
    Searched = Name;
    return ::stat(Name.c_str(), &Info) == 0 ? Name : std::string();
  }
  std::vector<std::string> Directories;
  if (const char *Path = std::getenv("SEXTANT_WRAP_PATH"))
    Directories = splitList(Path, ':');
  char Exe[4096];
  ssize_t Length = ::readlink("/proc/self/exe", Exe, sizeof(Exe) - 1);
  if (Length > 0) {
    std::string Bin(Exe, Length);
    Bin = Bin.substr(0, Bin.rfind('/'));
    Directories.push_back(Bin.substr(0, Bin.rfind('/')) + "/lib");
  }
  for (const std::string &Directory : Directories) {
    std::string Candidate =
        Directory + "/libsextant-wrap-" + Name + "-preload.so";
    if (::stat(Candidate.c_str(), &Info) == 0)
      return Candidate;
    Searched += (Searched.empty() ? "" : ", ") + Directory;
  }
  return std::string();
}

/// Writes the HTML report of the experiment in Directory to HtmlPath;
/// a warning when that fails (the run's exit status stays the program's).
void writeRunHtmlReport(const CommandLine &Line, const std::string &Directory,
                        const std::string &HtmlPath) {
  Experiment E;
  std::string Error;
  if (!readExperiment(Directory, E, Error) ||
      !writeHtmlReport(E, HtmlPath, Error)) {
    Line.warning("no HTML report: " + Error);
    return;
  }
  std::fprintf(stderr, "sextant run: wrote the HTML report %s\n",
               HtmlPath.c_str());
}

void showExperiment(const std::string &Directory, AfterRun Show) {
  if (Show == AfterRun::Nothing)
    return;
  std::fprintf(stderr, "\nsextant run: experiment %s\n\n", Directory.c_str());
  if (Show == AfterRun::Summary) {
    printFile(Directory + "/summary.txt");
    return;
  }
  Experiment E;
  std::string Error;
  if (!readExperiment(Directory, E, Error)) {
    std::fprintf(stderr, "sextant run: warning: %s\n", Error.c_str());
    return;
  }
  std::string Text = renderReport(E, Show == AfterRun::Tree);
  std::fwrite(Text.data(), 1, Text.size(), stderr);
}

/// What the command line of sextant run asks for.
struct RunRequest {
  /// The runtime's variables (and LD_PRELOAD) set for the program.
  Environment Variables;
  AfterRun Show = AfterRun::Summary;
  std::string HtmlPath;
  std::vector<std::string> Wrappers;
};

/// The action of a VariableOption: sets its variable to the value given (or
/// to FlagValue) once the value is in the variable's range.
OptionAction setVariableOption(Environment &Variables,
                               const VariableOption &Option) {
  const runtime::OptionVariable *Variable =
      runtime::findOptionVariable(Option.Variable);
  return [&Variables, &Option, Variable](const std::string &Value,
                                         std::string &Error) {
    std::string Set = Option.FlagValue ? Option.FlagValue : Value;
    if (!checkVariableValue(*Variable, Set, Error))
      return false;
    setVariable(Variables, Option.Variable, Set);
    return true;
  };
}

/// --env=NAME=VALUE: any variable of Options.def but SEXTANT_RUN_RESULT,
/// which sextant run sets itself.
bool setAnyVariable(Environment &Variables, const std::string &Value,
                    std::string &Error) {
  size_t Equals = Value.find('=');
  std::string Name = Value.substr(0, Equals);
  const runtime::OptionVariable *Variable =
      Name == RunResultVariable ? nullptr
                                : runtime::findOptionVariable(Name.c_str());
  if (Equals == std::string::npos || !Variable) {
    Error = "expected NAME=VALUE with NAME one of";
    for (const runtime::OptionVariable &V : runtime::OptionVariables)
      if (std::strcmp(V.Name, RunResultVariable) != 0)
        Error += std::string(" ") + V.Name;
    Error += ", got '" + Value + "'";
    return false;
  }
  std::string Set = Value.substr(Equals + 1);
  if (!checkVariableValue(*Variable, Set, Error))
    return false;
  setVariable(Variables, Name, Set);
  return true;
}

bool parseAfterRun(const std::string &Value, AfterRun &Show,
                   std::string &Error) {
  static const std::pair<const char *, AfterRun> Choices[] = {
      {"summary", AfterRun::Summary},
      {"report", AfterRun::Report},
      {"tree", AfterRun::Tree},
      {"none", AfterRun::Nothing}};
  if (parseChoiceValue(Choices, Value, Show))
    return true;
  Error = "expected summary, report, tree or none, got '" + Value + "'";
  return false;
}

/// --wrap=NAME[,NAME]: adds the names to Wrappers.
bool addWrappers(std::vector<std::string> &Wrappers, const std::string &Value,
                 std::string &Error) {
  for (std::string &Name : splitList(Value, ','))
    Wrappers.push_back(std::move(Name));
  if (!Wrappers.empty())
    return true;
  Error = "expected a wrapper name, got '" + Value + "'";
  return false;
}

/// The options of sextant run, in the order --help lists them.
std::vector<OptionSpec> runOptions(RunRequest &Request) {
  std::vector<OptionSpec> Table;
  for (const VariableOption &Option : VariableOptions)
    Table.push_back({Option.Option, Option.Short, Option.ValueName, Option.Help,
                     setVariableOption(Request.Variables, Option)});
  Environment &Variables = Request.Variables;
  AfterRun &Show = Request.Show;
  std::vector<std::string> &Wrappers = Request.Wrappers;
  Table.push_back({"env", 0, "NAME=VALUE",
                   "set any variable of the runtime (see\n"
                   "docs/configuration.md); NAME must be one of\n"
                   "them. May be repeated",
                   [&Variables](const std::string &Value, std::string &Error) {
                     return setAnyVariable(Variables, Value, Error);
                   }});
  Table.push_back({"show", 0, "WHAT",
                   "what to print after the run: summary (default,\n"
                   "the experiment's summary.txt), report (the flat\n"
                   "view of sextant report), tree (its call tree)\n"
                   "or none",
                   [&Show](const std::string &Value, std::string &Error) {
                     return parseAfterRun(Value, Show, Error);
                   }});
  Table.push_back({"html", 0, "FILE",
                   "after the run, also write the experiment's\n"
                   "HTML report to FILE (as 'sextant report\n"
                   "--html FILE DIR' does)",
                   setString(Request.HtmlPath)});
  Table.push_back({"wrap", 0, "NAME[,NAME]",
                   "measure the calls of a wrapped library: preload\n"
                   "the run-time form of the wrapper NAME that\n"
                   "'sextant wrap' built and installed,\n"
                   "libsextant-wrap-NAME-preload.so, searched in\n"
                   "the directories of $SEXTANT_WRAP_PATH (':'\n"
                   "separated), then in Sextant's lib/ directory;\n"
                   "a NAME with a '/' is the library's path. It is\n"
                   "appended to LD_PRELOAD (docs/wrapping.md)",
                   [&Wrappers](const std::string &Value, std::string &Error) {
                     return addWrappers(Wrappers, Value, Error);
                   }});
  return Table;
}

/// Appends the run-time forms of the wrappers of Request to the inherited
/// LD_PRELOAD; false after the error when one is not found.
bool preloadWrappers(const CommandLine &Line, RunRequest &Request) {
  if (Request.Wrappers.empty())
    return true;
  const char *Inherited = std::getenv("LD_PRELOAD");
  std::string Preload = Inherited ? Inherited : "";
  for (const std::string &Name : Request.Wrappers) {
    std::string Searched;
    std::string Found = findWrapper(Name, Searched);
    if (Found.empty()) {
      Line.failure(
          "wrapper '" + Name + "' not found: no " +
          (Name.find('/') != std::string::npos
               ? Name
               : "libsextant-wrap-" + Name + "-preload.so in " + Searched) +
          " (install it with 'cmake --install' in its 'sextant "
          "wrap init' directory, or set SEXTANT_WRAP_PATH); the "
          "program was not run");
      return false;
    }
    Preload += (Preload.empty() ? "" : ":") + Found;
  }
  setVariable(Request.Variables, "LD_PRELOAD", Preload);
  return true;
}

/// Where the experiment goes: the directory given or inherited, else
/// (Directory empty) the runtime's default name, which ForPid sets for the
/// program once its pid is known.
struct ExperimentPlace {
  std::string Directory;
  std::time_t StartTime = 0;
  PidEnvironment ForPid;
};

ExperimentPlace chooseExperimentPlace(const Environment &Variables,
                                      const std::string &Program) {
  ExperimentPlace Place;
  Place.StartTime = std::time(nullptr);
  const std::string *Given = findVariable(Variables, "SEXTANT_OUTPUT_DIR");
  const char *Inherited = std::getenv("SEXTANT_OUTPUT_DIR");
  if (Given && !Given->empty())
    Place.Directory = *Given;
  else if (!Given && Inherited && *Inherited)
    Place.Directory = Inherited;
  else
    Place.ForPid = [Program, StartTime = Place.StartTime](pid_t Pid) {
      return Environment{{"SEXTANT_OUTPUT_DIR",
                          defaultDirectoryName(Program, StartTime, Pid)}};
    };
  return Place;
}

/// Warns about what went wrong around the program (Result.Error) and says
/// which signal killed it, if one did.
void noteProgramEnd(const CommandLine &Line, const std::string &Program,
                    const ChildResult &Result) {
  if (!Result.Error.empty())
    Line.warning(Result.Error);
  if (Result.Signaled) {
    const char *Description = strsignal(Result.Signal);
    std::fprintf(stderr, "sextant run: %s was killed by signal %d (%s)\n",
                 Program.c_str(), Result.Signal,
                 Description ? Description : "unknown signal");
  }
}

/// The directory the program wrote its experiment to: Directory, or its
/// sub-directory <program>-<pid> when another run had claimed Directory
/// (docs/configuration.md); empty when the run wrote none (Before is
/// experiment.json's identity before the run).
std::string writtenExperiment(const std::string &Directory,
                              const FileStamp &Before,
                              const std::string &Program, pid_t Pid) {
  FileStamp After = FileStamp::of(Directory + "/experiment.json");
  if (After.Exists && !After.sameAs(Before))
    return Directory;
  std::string Own =
      Directory + "/" + format::files::runDirectoryName(Program, Pid);
  if (FileStamp::of(Own + "/experiment.json").Exists)
    return Own;
  return std::string();
}

/// The file in which the program's runtime tells where it wrote its
/// experiment (format/schema/RunResultFile.h): made empty, mode 0600, in
/// $TMPDIR (when absolute) or /tmp, removed when this object goes; no file
/// (path()) empty when none could be made.
class RunResultFile {
public:
  RunResultFile() {
    const char *Temporary = std::getenv("TMPDIR");
    std::string Directory =
        Temporary && Temporary[0] == '/' ? Temporary : "/tmp";
    std::string Template = Directory + "/sextant-run-XXXXXX";
    int Descriptor = ::mkostemp(Template.data(), O_CLOEXEC);
    if (Descriptor < 0)
      return;
    ::close(Descriptor);
    Path = Template;
  }
  ~RunResultFile() {
    if (!Path.empty())
      ::unlink(Path.c_str());
  }
  RunResultFile(const RunResultFile &) = delete;
  RunResultFile &operator=(const RunResultFile &) = delete;

  const std::string &path() const { return Path; }

  /// The experiment directory that process Pid reported; empty when none.
  std::string directoryOf(pid_t Pid) const {
    std::string Text, Error;
    if (Path.empty() || !readRegularFile(Path, RunResultFileLimit, Text, Error))
      return std::string();
    return runResultDirectory(Text, static_cast<long>(Pid));
  }

private:
  std::string Path;
};

} // namespace

int runRunCommand(int Argc, char **Argv) {
  RunRequest Request;
  CommandLine Line("sextant run", {RunUsage, 25, RunNotes});
  Line.stopAtFirstPositional();
  Line.addOptions(runOptions(Request));
  if (Line.parse(Argc, Argv) == CommandLine::Outcome::Exit)
    return Line.exitStatus();
  const std::vector<std::string> &Program = Line.positional();
  if (Program.empty())
    return Line.usageError("missing the program to run");

  if (const std::string *Filter =
          findVariable(Request.Variables, "SEXTANT_FILTER"))
    if (!Filter->empty() && !checkFilterFile(Line, *Filter))
      return ExitFailure;
  if (!preloadWrappers(Line, Request))
    return ExitFailure;

  ExperimentPlace Place = chooseExperimentPlace(Request.Variables, Program[0]);
  RunResultFile Reported;
  if (!Reported.path().empty())
    setVariable(Request.Variables, RunResultVariable, Reported.path());
  FileStamp Before;
  if (!Place.Directory.empty())
    Before = FileStamp::of(Place.Directory + "/experiment.json");

  ChildResult Result =
      runChildProcess(Program, Request.Variables, Place.ForPid);
  if (!Result.Started) {
    Line.failure(Result.Error);
    return Result.shellStatus();
  }
  std::string Directory =
      Place.Directory.empty()
          ? defaultDirectoryName(Program[0], Place.StartTime, Result.Pid)
          : Place.Directory;
  noteProgramEnd(Line, Program[0], Result);
  // Where the runtime said it wrote (an MPI rank: into the job's
  // directory), else where it was to write.
  std::string Written = Reported.directoryOf(Result.Pid);
  if (Written.empty() || !FileStamp::of(Written + "/experiment.json").Exists)
    Written = writtenExperiment(Directory, Before, Program[0], Result.Pid);
  if (Written.empty()) {
    Line.warning(Program[0] + " wrote no experiment to " + Directory +
                 " (is it compiled with the Sextant plugin and linked with "
                 "libsextant?)");
    return Result.shellStatus();
  }
  showExperiment(Written, Request.Show);
  if (!Request.HtmlPath.empty())
    writeRunHtmlReport(Line, Written, Request.HtmlPath);
  return Result.shellStatus();
}

} // namespace tool
} // namespace sextant
