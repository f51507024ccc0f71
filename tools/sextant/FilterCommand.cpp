//===- tools/sextant/FilterCommand.cpp - sextant filter check|explain -----===//
//
// Part of Sextant. `sextant filter check FILE...` validates filter files
// (Score-P or TAU format) and prints every diagnostic with file, line and
// column; `sextant filter explain FILE NAME...` prints, for each function
// name, whether the filter includes it and which rule decided. Text from
// the filter files and the names is printed with control bytes as \xNN
// (common/MessageText.h).
//
// Mangled names are demangled into display names exactly as the compiler
// plugin does (plugin/DisplayName.h), so that both region-name rules
// (matched against the display name) and MANGLED rules apply.
//
//===----------------------------------------------------------------------===//

#include "Subcommands.h"
#include "common/DisplayName.h"
#include "common/MessageText.h"
#include "filter/FilterSet.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using sextant::filter::Decision;
using sextant::filter::Diagnostic;
using sextant::filter::FilterSet;
using sextant::filter::FunctionIdentity;

namespace sextant {
namespace tool {

static const char FilterHelp[] =
    "Usage: sextant filter check FILTER...\n"
    "       sextant filter explain [--source=PATH] FILTER NAME...\n"
    "\n"
    "Check filter files, or show which functions a filter file includes.\n"
    "Filter files are in Score-P format (SCOREP_REGION_NAMES_BEGIN ...) or\n"
    "TAU selective-instrumentation format (BEGIN_EXCLUDE_LIST ...); see\n"
    "docs/filter-files.md.\n"
    "\n"
    "Commands:\n"
    "  check      parse each FILTER and print every error and warning as\n"
    "             FILE:LINE:COLUMN: error: MESSAGE; exit status 1 if any\n"
    "             file has an error\n"
    "  explain    print, for each function NAME, 'included' or 'excluded'\n"
    "             and the rule (FILE:LINE:COLUMN) that decided. A NAME that\n"
    "             is mangled (_Z...) is demangled first, so both name rules\n"
    "             and MANGLED rules apply; other names are used as both the\n"
    "             display and the mangled name (as for C functions)\n"
    "\n"
    "Options:\n"
    "  --source=PATH  with explain: the source file the functions are\n"
    "                 defined in, for file rules (default: none)\n"
    "  -h, --help     show this help\n"
    "\n"
    "Exit status: 0 success, 1 a filter file has errors, 2 usage error.\n";

static void printDiagnostics(const std::vector<Diagnostic> &Diags) {
  for (const Diagnostic &D : Diags)
    std::fprintf(stderr, "%s\n", D.str().c_str());
}

static int usageError(const char *Message, const char *Argument) {
  std::fprintf(stderr, "sextant filter: error: %s%s%s\n", Message,
               Argument ? ": " : "", Argument ? Argument : "");
  std::fprintf(stderr, "Run 'sextant filter --help' for usage.\n");
  return ExitUsage;
}

static int checkFilters(const std::vector<const char *> &Paths) {
  if (Paths.empty())
    return usageError("'check' needs at least one filter file", nullptr);
  bool AllValid = true;
  for (const char *Path : Paths) {
    FilterSet Filter;
    std::vector<Diagnostic> Diags;
    bool Valid = Filter.addFile(Path, Diags);
    printDiagnostics(Diags);
    size_t Warnings = 0;
    for (const Diagnostic &D : Diags)
      Warnings += !D.isError();
    if (Valid)
      std::printf("%s: valid%s\n", Path, Warnings ? " (with warnings)" : "");
    else
      std::printf("%s: invalid\n", Path);
    AllValid &= Valid;
  }
  return AllValid ? ExitSuccess : ExitFailure;
}

static int explainNames(const char *FilterPath,
                        const std::vector<const char *> &Names,
                        const std::string &SourceFile) {
  FilterSet Filter;
  std::vector<Diagnostic> Diags;
  bool Valid = Filter.addFile(FilterPath, Diags);
  printDiagnostics(Diags);
  if (!Valid) {
    std::fprintf(stderr,
                 "sextant filter: error: %s is invalid; nothing "
                 "explained\n",
                 FilterPath);
    return ExitFailure;
  }
  for (const char *NameArg : Names) {
    std::string Mangled = NameArg;
    bool Demangled = false;
    std::string Display = demangleForDisplay(Mangled, Demangled);
    FunctionIdentity Function{Display, Mangled, SourceFile};
    Decision D = Filter.decide(Function);
    // The reason quotes the deciding rule from the filter file: one line,
    // no escape sequence reaches the terminal.
    std::string Line;
    appendEscaped(Line, Display);
    if (Display != Mangled) {
      Line += " [";
      appendEscaped(Line, Mangled);
      Line += "]";
    }
    Line += ": ";
    appendEscaped(Line, D.Reason);
    std::printf("%s\n", Line.c_str());
  }
  return ExitSuccess;
}

int runFilterCommand(int Argc, char **Argv) {
  if (Argc < 2)
    return usageError("missing command 'check' or 'explain'", nullptr);
  const char *Action = Argv[1];
  if (!std::strcmp(Action, "-h") || !std::strcmp(Action, "--help")) {
    std::fputs(FilterHelp, stdout);
    return ExitSuccess;
  }
  bool IsCheck = !std::strcmp(Action, "check");
  bool IsExplain = !std::strcmp(Action, "explain");
  if (!IsCheck && !IsExplain)
    return usageError("unknown filter command (expected 'check' or "
                      "'explain')",
                      Action);

  std::string SourceFile;
  std::vector<const char *> Positional;
  bool OptionsEnded = false;
  for (int I = 2; I < Argc; ++I) {
    const char *Arg = Argv[I];
    if (OptionsEnded || Arg[0] != '-' || !std::strcmp(Arg, "-")) {
      Positional.push_back(Arg);
    } else if (!std::strcmp(Arg, "--")) {
      OptionsEnded = true;
    } else if (!std::strcmp(Arg, "-h") || !std::strcmp(Arg, "--help")) {
      std::fputs(FilterHelp, stdout);
      return ExitSuccess;
    } else if (IsExplain && !std::strncmp(Arg, "--source=", 9)) {
      SourceFile = Arg + 9;
    } else if (IsExplain && !std::strcmp(Arg, "--source")) {
      if (I + 1 >= Argc)
        return usageError("--source needs a path", nullptr);
      SourceFile = Argv[++I];
    } else {
      return usageError("unknown option", Arg);
    }
  }

  if (IsCheck)
    return checkFilters(Positional);
  if (Positional.size() < 2)
    return usageError("'explain' needs a filter file and at least one "
                      "function name",
                      nullptr);
  std::vector<const char *> Names(Positional.begin() + 1, Positional.end());
  return explainNames(Positional.front(), Names, SourceFile);
}

} // namespace tool
} // namespace sextant
