//===- wrap/generator/WrapGeneratorMain.cpp - Build-time generator --------===//
//
// Part of Sextant. sextant-wrap-generator: `sextant wrap generate` without
// the rest of the sextant tool, for the build of an interface adapter (the
// MPI adapters, mpi/CMakeLists.txt). It runs on the build machine and is
// never sanitized.
//
//   sextant-wrap-generator --name=NAME --annotations=FILE [--filter=FILE]
//       [--library=LIBRARY]... --output-dir=DIR HEADER...
//       [-- COMPILER-ARGUMENTS...]
//
// writes DIR/NAME.wrap.cpp, NAME.wrap, NAME.functions (and NAME.ids.h for a
// call-table interface) and prints one summary line; warnings and errors go
// to the standard error. Exit status 0 on success, 1 on errors, 2 on a bad
// command line.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/WrapGenerator.h"

#include <cstring>
#include <iostream>
#include <sstream>

namespace {

const char Usage[] =
    "usage: sextant-wrap-generator --name=NAME --annotations=FILE "
    "[--filter=FILE] [--library=LIBRARY]... --output-dir=DIR HEADER... "
    "[-- COMPILER-ARGUMENTS...]\n";

/// The value of Argument when it is Option=VALUE.
bool optionValue(const char *Argument, const char *Option, std::string &Value) {
  size_t Length = std::strlen(Option);
  if (std::strncmp(Argument, Option, Length) != 0 || Argument[Length] != '=')
    return false;
  Value = Argument + Length + 1;
  return true;
}

} // namespace

int main(int Argc, char **Argv) {
  sextant::wrap::GenerateOptions Options;
  int I = 1;
  for (; I < Argc && std::strcmp(Argv[I], "--") != 0; ++I) {
    std::string Library;
    if (optionValue(Argv[I], "--name", Options.Name) ||
        optionValue(Argv[I], "--annotations", Options.AnnotationPath) ||
        optionValue(Argv[I], "--filter", Options.FilterPath) ||
        optionValue(Argv[I], "--output-dir", Options.OutputDirectory))
      continue;
    if (optionValue(Argv[I], "--library", Library)) {
      Options.Libraries.push_back(Library);
      continue;
    }
    if (Argv[I][0] == '-') {
      std::cerr << "sextant-wrap-generator: error: unknown option '" << Argv[I]
                << "'\n"
                << Usage;
      return 2;
    }
    Options.Headers.push_back(Argv[I]);
  }
  for (++I; I < Argc; ++I)
    Options.CompilerArguments.push_back(Argv[I]);
  if (Options.Name.empty() || Options.AnnotationPath.empty() ||
      Options.OutputDirectory.empty() || Options.Headers.empty()) {
    std::cerr << Usage;
    return 2;
  }
  // The list of wrapped and skipped functions is in NAME.functions: only
  // the summary line is printed.
  std::ostringstream Report;
  bool Generated = sextant::wrap::generateWrapper(Options, Report, std::cerr);
  std::string Text = Report.str();
  size_t Last = Text.rfind('\n', Text.size() > 1 ? Text.size() - 2 : 0);
  std::cout << (Last == std::string::npos ? Text : Text.substr(Last + 1));
  return Generated ? 0 : 1;
}
