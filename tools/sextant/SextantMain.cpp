//===- tools/sextant/SextantMain.cpp - The sextant command ----------------===//
//
// Part of Sextant. `sextant <command> [options]`: dispatches to the
// subcommands in Subcommands.cpp and prints the top-level help. A command
// that runs out of memory ends with one line and exit status 1, not with an
// uncaught std::bad_alloc.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "SextantVersion.h"
#include "Subcommands.h"

#include <cstdio>
#include <cstring>
#include <new>
#include <string>

using namespace sextant::tool;

static void printTopLevelHelp(FILE *Out) {
  std::fprintf(Out, "Usage: sextant <command> [options] [arguments]\n"
                    "\n"
                    "Sextant measures where HPC programs spend their time.\n"
                    "\n"
                    "Commands:\n");
  for (const Subcommand *C = subcommandsBegin(); C != subcommandsEnd(); ++C)
    std::fprintf(Out, "  %-10s %s\n", C->Name, C->Summary);
  std::fprintf(Out,
               "\n"
               "Options:\n"
               "  -h, --help     show this help\n"
               "  --version      show the version\n"
               "\n"
               "Run 'sextant <command> --help' for a command's options.\n");
}

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    printTopLevelHelp(stderr);
    return ExitUsage;
  }
  const char *Name = Argv[1];
  if (!std::strcmp(Name, "-h") || !std::strcmp(Name, "--help") ||
      !std::strcmp(Name, "help")) {
    if (Argc > 2 && std::strcmp(Name, "help") == 0) {
      // "sextant help filter" is "sextant filter --help".
      for (const Subcommand *C = subcommandsBegin(); C != subcommandsEnd(); ++C)
        if (!std::strcmp(C->Name, Argv[2])) {
          char HelpFlag[] = "--help";
          char *HelpArgv[] = {Argv[2], HelpFlag, nullptr};
          return C->Run(2, HelpArgv);
        }
      std::fprintf(stderr, "sextant: error: unknown command '%s'\n", Argv[2]);
      return ExitUsage;
    }
    printTopLevelHelp(stdout);
    return ExitSuccess;
  }
  if (!std::strcmp(Name, "--version")) {
    std::printf("sextant %s\n", SEXTANT_VERSION_STRING);
    return ExitSuccess;
  }
  for (const Subcommand *C = subcommandsBegin(); C != subcommandsEnd(); ++C)
    if (!std::strcmp(C->Name, Name)) {
      setRunningCommand(std::string("sextant ") + C->Name);
      try {
        return C->Run(Argc - 1, Argv + 1);
      } catch (const std::bad_alloc &) {
        std::fflush(stdout);
        std::fprintf(stderr, "sextant %s: error: out of memory\n", C->Name);
        return ExitFailure;
      }
    }
  std::fprintf(stderr,
               "sextant: error: unknown command '%s' (run 'sextant --help' for "
               "the list of commands)\n",
               Name);
  return ExitUsage;
}
