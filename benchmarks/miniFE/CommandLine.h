//===- benchmarks/miniFE/CommandLine.h - Arguments --------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Parses the command line:
//
//   minife_proxy [-nx N] [-ny N] [-nz N] [-max-iterations N]
//                [-tolerance X] [-verify-tolerance X] [-h|--help]
//
// -ny and -nz default to -nx. Errors name the argument and what was
// expected. (No std::string here: with clang's -finstrument-functions,
// libstdc++ 12's string constructors reference a member that libstdc++.so
// does not export, and the instrumented variant would not link.)
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_BENCHMARKS_MINIFE_COMMANDLINE_H
#define SEXTANT_BENCHMARKS_MINIFE_COMMANDLINE_H

namespace minife {

struct Parameters {
  int ElementsX = 16;
  int ElementsY = -1; // -1: same as ElementsX
  int ElementsZ = -1;
  int MaxIterations = 5000;
  double Tolerance = 1e-12;
  double VerifyTolerance = 1e-8;
  bool ShowHelp = false;
};

/// The usage text printed by -h.
const char *usageText();

/// The text of an error message.
using ErrorMessage = char[256];

/// Parses Argv into Params. Returns false and sets Error on a malformed
/// command line.
bool parseCommandLine(int Argc, char **Argv, Parameters &Params,
                      ErrorMessage &Error);

} // namespace minife

#endif // SEXTANT_BENCHMARKS_MINIFE_COMMANDLINE_H
