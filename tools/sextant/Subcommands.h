//===- tools/sextant/Subcommands.h - The sextant tool's commands -*- C++ -*-===//
//
// Part of Sextant. Every subcommand of the `sextant` tool is a function taking
// its own arguments (argv[0] is the subcommand's name) and returning the
// process exit status: 0 success, 1 the input was bad or the work failed,
// 2 the command line was wrong.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_SUBCOMMANDS_H
#define SEXTANT_TOOLS_SUBCOMMANDS_H

namespace sextant {
namespace tool {

enum ExitStatus { ExitSuccess = 0, ExitFailure = 1, ExitUsage = 2 };

struct Subcommand {
  const char *Name;
  const char *Summary;
  int (*Run)(int Argc, char **Argv);
};

/// All subcommands, in the order `sextant --help` lists them.
const Subcommand *subcommandsBegin();
const Subcommand *subcommandsEnd();

int runFilterCommand(int Argc, char **Argv);
int runReportCommand(int Argc, char **Argv);
int runScoreCommand(int Argc, char **Argv);
int runExportCommand(int Argc, char **Argv);
int runCombineCommand(int Argc, char **Argv);
int runRunCommand(int Argc, char **Argv);
int runRooflineCommand(int Argc, char **Argv);
int runWrapCommand(int Argc, char **Argv);

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_SUBCOMMANDS_H
