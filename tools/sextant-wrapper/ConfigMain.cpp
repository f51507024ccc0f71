//===- tools/sextant-wrapper/ConfigMain.cpp - sextant-config --------------===//
//
// Part of Sextant. `sextant-config --cflags|--fflags|--libs|--mpi-libs|
// --mpi-libs=mpich|openmpi|--plugin|--prefix|--version|--help`: the options
// that build code with Sextant by hand (for clang 19 and flang-new-19), for
// build systems the wrappers and the CMake integration do not cover. Several
// options print their words on one line, in the order given. See
// docs/sextant-config.md.
//
//===----------------------------------------------------------------------===//

#include "common/ShellQuoting.h"
#include "tools/sextant-wrapper/InstallLayout.h"
#include "tools/sextant-wrapper/MpiFlavour.h"
#include "tools/sextant-wrapper/WrappedCommand.h"
#include "tools/sextant-wrapper/WrapperConfiguration.h"

#include <cstdio>
#include <string>
#include <vector>

using namespace sextant;
using namespace sextant::wrapper;

static void printHelp() {
  std::printf(
      "Usage: sextant-config OPTION...\n"
      "\n"
      "  --cflags    compile options for clang-19/clang++-19: the Sextant\n"
      "              headers, the plugin, -g\n"
      "  --fflags    compile options for flang-new-19: the plugin, -g\n"
      "  --libs      link options for the runtime (libsextant)\n"
      "  --mpi-libs  link options for the MPI adapter and the runtime; put\n"
      "              them before the MPI library\n"
      "  --mpi-libs=mpich|openmpi\n"
      "              the same for the adapter of that MPI\n"
      "  --plugin    the path of SextantPlugin.so\n"
      "  --prefix    the installation prefix\n"
      "  --version   Sextant's version\n"
      "  --help      this text\n"
      "See docs/sextant-config.md; pkg-config: sextant, sextant-mpi,\n"
      "sextant-mpich, sextant-openmpi.\n");
}

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "sextant-config: error: no option given; see "
                         "sextant-config --help\n");
    return 1;
  }
  InstallLayout Layout = findInstallLayout();
  std::vector<std::string> Words;
  for (int I = 1; I < Argc; ++I) {
    std::string Option = Argv[I];
    std::vector<std::string> Add;
    if (Option == "--help" || Option == "-h") {
      printHelp();
      return 0;
    } else if (Option == "--cflags" || Option == "--fflags") {
      if (Option == "--cflags")
        Add.push_back("-I" + Layout.IncludeDir);
      std::vector<std::string> Plugin =
          pluginCompileOptions(Layout.PluginPath, Option == "--fflags");
      Add.insert(Add.end(), Plugin.begin(), Plugin.end());
      Add.push_back("-g");
    } else if (Option == "--libs" || Option == "--mpi-libs") {
      Add = runtimeLinkOptions(Layout.LibDir,
                               Option == "--mpi-libs" ? "sextant-mpi" : "");
    } else if (Option.rfind("--mpi-libs=", 0) == 0) {
      std::string Name = Option.substr(11);
      MpiFlavour Flavour = mpiFlavourNamed(Name);
      if (Flavour == MpiFlavour::Unknown) {
        std::fprintf(stderr,
                     "sextant-config: error: '%s': the MPI is mpich or "
                     "openmpi\n",
                     Option.c_str());
        return 1;
      }
      std::string Library = "sextant-" + Name;
      if (!pathExists(Layout.LibDir + "/lib" + Library + ".so")) {
        std::fprintf(stderr,
                     "sextant-config: error: %s/lib%s.so does not exist: "
                     "Sextant was built without an adapter for %s\n",
                     Layout.LibDir.c_str(), Library.c_str(),
                     mpiFlavourTitle(Flavour));
        return 1;
      }
      Add = runtimeLinkOptions(Layout.LibDir, Library);
    } else if (Option == "--plugin") {
      Add.push_back(Layout.PluginPath);
    } else if (Option == "--prefix") {
      Add.push_back(Layout.Prefix);
    } else if (Option == "--version") {
      Add.push_back(SEXTANT_WRAPPER_VERSION);
    } else {
      std::fprintf(stderr,
                   "sextant-config: error: unknown option '%s'; see "
                   "sextant-config --help\n",
                   Option.c_str());
      return 1;
    }
    Words.insert(Words.end(), Add.begin(), Add.end());
  }
  std::printf("%s\n", shellQuoteWords(Words).c_str());
  return 0;
}
