//===- benchmarks/miniFE/CommandLine.cpp - Arguments ------------*- C++ -*-===//
//
// Part of Sextant's miniFE proxy. Implements CommandLine.h.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace minife {

const char *usageText() {
  return "Usage: minife_proxy [-nx N] [-ny N] [-nz N] [-max-iterations N]\n"
         "                    [-tolerance X] [-verify-tolerance X]\n"
         "\n"
         "Assembles and solves -div(k grad u) = f on the unit cube with\n"
         "nx x ny x nz hex8 elements (CG, OpenMP; OMP_NUM_THREADS sets the\n"
         "threads), prints per-phase timings and the final residual, and\n"
         "checks the solution against the analytic one.\n"
         "\n"
         "  -nx N                elements in x (default 16)\n"
         "  -ny N, -nz N         elements in y and z (default: nx)\n"
         "  -max-iterations N    CG iteration limit (default 5000)\n"
         "  -tolerance X         CG stops when ||r|| <= X ||r0|| (default "
         "1e-12)\n"
         "  -verify-tolerance X  largest nodal error allowed, relative to\n"
         "                       max |u| (default 1e-8)\n"
         "\n"
         "Exit status: 0 the check passed; 1 the check failed (or the\n"
         "assembly found an inconsistency); 2 bad arguments.\n";
}

namespace {

bool parsePositiveInt(const char *Name, const char *Text, int Max, int &Value,
                      ErrorMessage &Error) {
  errno = 0;
  char *End = nullptr;
  long Parsed = std::strtol(Text, &End, 10);
  if (errno != 0 || End == Text || *End != '\0' || Parsed < 1 || Parsed > Max) {
    std::snprintf(
        Error, sizeof(Error),
        "invalid value '%s' for %s (expected an integer from 1 to %d)", Text,
        Name, Max);
    return false;
  }
  Value = int(Parsed);
  return true;
}

bool parsePositiveDouble(const char *Name, const char *Text, double &Value,
                         ErrorMessage &Error) {
  errno = 0;
  char *End = nullptr;
  double Parsed = std::strtod(Text, &End);
  if (errno != 0 || End == Text || *End != '\0' || !(Parsed > 0) ||
      !std::isfinite(Parsed)) {
    std::snprintf(Error, sizeof(Error),
                  "invalid value '%s' for %s (expected a positive number such "
                  "as 1e-10)",
                  Text, Name);
    return false;
  }
  Value = Parsed;
  return true;
}

} // namespace

bool parseCommandLine(int Argc, char **Argv, Parameters &Params,
                      ErrorMessage &Error) {
  // With at most 1000 elements per direction, the row numbers (32 bits)
  // cannot overflow.
  constexpr int MaxElements = 1000;
  for (int Index = 1; Index < Argc; ++Index) {
    const char *Name = Argv[Index];
    if (!std::strcmp(Name, "-h") || !std::strcmp(Name, "--help")) {
      Params.ShowHelp = true;
      continue;
    }
    if (Name[0] != '-') {
      std::snprintf(Error, sizeof(Error),
                    "unexpected argument '%s' (options start with '-', see -h)",
                    Name);
      return false;
    }
    if (Index + 1 >= Argc) {
      std::snprintf(Error, sizeof(Error), "missing value after '%s'", Name);
      return false;
    }
    const char *Value = Argv[++Index];
    bool Ok;
    if (!std::strcmp(Name, "-nx"))
      Ok = parsePositiveInt(Name, Value, MaxElements, Params.ElementsX, Error);
    else if (!std::strcmp(Name, "-ny"))
      Ok = parsePositiveInt(Name, Value, MaxElements, Params.ElementsY, Error);
    else if (!std::strcmp(Name, "-nz"))
      Ok = parsePositiveInt(Name, Value, MaxElements, Params.ElementsZ, Error);
    else if (!std::strcmp(Name, "-max-iterations"))
      Ok =
          parsePositiveInt(Name, Value, 100000000, Params.MaxIterations, Error);
    else if (!std::strcmp(Name, "-tolerance"))
      Ok = parsePositiveDouble(Name, Value, Params.Tolerance, Error);
    else if (!std::strcmp(Name, "-verify-tolerance"))
      Ok = parsePositiveDouble(Name, Value, Params.VerifyTolerance, Error);
    else {
      std::snprintf(Error, sizeof(Error), "unknown option '%s' (see -h)", Name);
      return false;
    }
    if (!Ok)
      return false;
  }
  if (Params.ElementsY < 0)
    Params.ElementsY = Params.ElementsX;
  if (Params.ElementsZ < 0)
    Params.ElementsZ = Params.ElementsX;
  return true;
}

} // namespace minife
