//===- test/unit/wrapper/WrappedCommandTests.cpp --------------------------===//
//
// Part of Sextant. Tests of the commands the wrappers run
// (tools/sextant-wrapper/WrappedCommand.h).
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/WrappedCommand.h"

#include <catch2/catch.hpp>

using namespace sextant::wrapper;

using Words = std::vector<std::string>;

namespace {

WrapperSettings settingsFor(const char *Compiler, CompilerFamily Family) {
  WrapperSettings Settings;
  Settings.Compiler = Compiler;
  Settings.Identity.Family = Family;
  Settings.Identity.Major = Family == CompilerFamily::Gcc ? 12 : 19;
  Settings.PluginPath = "/s/lib/SextantPlugin.so";
  Settings.LibDir = "/s/lib";
  return Settings;
}

WrappedCommand wrap(const Words &Args, const WrapperSettings &Settings) {
  return buildWrappedCommand(Args, classifyArguments(Args), Settings);
}

const Words ClangPlugin = {"-fplugin=/s/lib/SextantPlugin.so",
                           "-fpass-plugin=/s/lib/SextantPlugin.so",
                           "-finstrument-functions-after-inlining"};
const Words Runtime = {"-L/s/lib", "-Wl,-rpath,/s/lib", "-lsextant"};
const Words MpiRuntime = {"-L/s/lib", "-Wl,-rpath,/s/lib", "-lsextant-mpi",
                          "-lsextant"};

Words concat(std::initializer_list<Words> Parts) {
  Words All;
  for (const Words &Part : Parts)
    All.insert(All.end(), Part.begin(), Part.end());
  return All;
}

} // namespace

TEST_CASE("clang compile lines get the plugin and -g", "[wrapper]") {
  WrapperSettings Clang = settingsFor("clang-19", CompilerFamily::Clang);
  CHECK(wrap({"-O2", "-c", "a.c"}, Clang).Args ==
        concat({{"clang-19"}, ClangPlugin, {"-g", "-O2", "-c", "a.c"}}));
  CHECK(wrap({"-g1", "-c", "a.c"}, Clang).Args ==
        concat({{"clang-19"}, ClangPlugin, {"-g1", "-c", "a.c"}}));
  Clang.FilterFile = "/src/app.filt";
  CHECK(wrap({"-c", "a.c"}, Clang).Args ==
        concat({{"clang-19"}, ClangPlugin,
                {"-g", "-mllvm", "-sextant-filter=/src/app.filt", "-c", "a.c"}}));
}

TEST_CASE("flang compile lines load the plugin through -Xflang", "[wrapper]") {
  WrapperSettings Flang = settingsFor("flang-new-19", CompilerFamily::Flang);
  CHECK(wrap({"-c", "m.f90"}, Flang).Args ==
        Words{"flang-new-19", "-Xflang", "-load", "-Xflang",
              "/s/lib/SextantPlugin.so", "-fpass-plugin=/s/lib/SextantPlugin.so",
              "-g", "-c", "m.f90"});
}

TEST_CASE("flang lines with MPI: the mpi module first, no gfortran options",
          "[wrapper]") {
  WrapperSettings Flang = settingsFor("flang-new-19", CompilerFamily::Flang);
  Flang.FlangMpiModuleDir = "/s/lib/sextant/fortran/flang-19/mpich";
  // As mpifort.mpich -fc=sextant-fortran runs it.
  CHECK(wrap({"-O2", "-fallow-argument-mismatch", "-c", "m.f90",
              "-I/usr/include/x86_64-linux-gnu/mpich"},
             Flang)
            .Args == Words{"flang-new-19", "-Xflang", "-load", "-Xflang",
                           "/s/lib/SextantPlugin.so",
                           "-fpass-plugin=/s/lib/SextantPlugin.so",
                           "-I/s/lib/sextant/fortran/flang-19/mpich", "-g",
                           "-O2", "-c", "m.f90",
                           "-I/usr/include/x86_64-linux-gnu/mpich"});
  // Link lines get no -I.
  CHECK(wrap({"m.o", "-lmpich", "-o", "m"}, Flang).Args ==
        concat({{"flang-new-19", "m.o"}, MpiRuntime, {"-lmpich", "-o", "m"}}));
}

TEST_CASE("GCC compile lines get -finstrument-functions", "[wrapper]") {
  WrapperSettings Gcc = settingsFor("gcc", CompilerFamily::Gcc);
  CHECK(wrap({"-c", "a.c"}, Gcc).Args ==
        Words{"gcc", "-finstrument-functions", "-g", "-c", "a.c"});
  CHECK(wrap({"a.c", "-o", "app"}, Gcc).Args ==
        concat({{"gcc", "-finstrument-functions", "-g", "a.c", "-o", "app"},
                Runtime}));
  WrappedCommand Plugin =
      wrap({"-fplugin=/s/lib/SextantPlugin.so", "-c", "a.c"}, Gcc);
  CHECK(Plugin.Error.find("only clang 19 and flang-new-19 can load") !=
        std::string::npos);
  Gcc.FilterFile = "/src/app.filt";
  CHECK(wrap({"-c", "a.c"}, Gcc).Warnings.size() == 1);
}

TEST_CASE("link lines get the runtime, the adapter before MPI", "[wrapper]") {
  WrapperSettings Clang = settingsFor("clang-19", CompilerFamily::Clang);
  CHECK(wrap({"a.o", "-o", "app", "-lm"}, Clang).Args ==
        concat({{"clang-19", "a.o", "-o", "app", "-lm"}, Runtime}));
  // mpicc -cc=sextant-cc: the adapter goes ahead of MPICH's library.
  CHECK(wrap({"a.o", "-o", "app", "-L/mpi", "-lmpich"}, Clang).Args ==
        concat({{"clang-19", "a.o", "-o", "app", "-L/mpi"}, MpiRuntime,
                {"-lmpich"}}));
  // sextant-cc mpicc.mpich: MPI's libraries come after the wrapper's line.
  WrapperSettings Mpi = settingsFor("mpicc.mpich", CompilerFamily::Gcc);
  Mpi.MpiWrapper = true;
  CHECK(wrap({"a.o", "-o", "app"}, Mpi).Args ==
        concat({{"mpicc.mpich", "a.o", "-o", "app"}, MpiRuntime}));
  // Shared libraries get the runtime, not the adapter.
  CHECK(wrap({"-shared", "a.o", "-o", "libx.so"}, Mpi).Args ==
        concat({{"mpicc.mpich", "-shared", "a.o", "-o", "libx.so"}, Runtime}));
  Mpi.MpiAdapterAvailable = false;
  WrappedCommand NoAdapter = wrap({"a.o", "-o", "app"}, Mpi);
  CHECK(NoAdapter.Args == concat({{"mpicc.mpich", "a.o", "-o", "app"}, Runtime}));
  CHECK(NoAdapter.Warnings.size() == 1);
}

TEST_CASE("link lines get the adapter of their MPI", "[wrapper]") {
  // sextant-cc mpicc.openmpi with MPICH's adapter as the default.
  WrapperSettings OpenMpi = settingsFor("mpicc.openmpi", CompilerFamily::Gcc);
  OpenMpi.MpiWrapper = true;
  OpenMpi.MpiAdapter = "sextant-openmpi";
  OpenMpi.MpiTitle = "Open MPI";
  CHECK(wrap({"a.o", "-o", "app"}, OpenMpi).Args ==
        Words{"mpicc.openmpi", "a.o", "-o", "app", "-L/s/lib",
              "-Wl,-rpath,/s/lib", "-lsextant-openmpi", "-lsextant"});
  // Sextant built without Open MPI: a warning naming the missing library.
  OpenMpi.MpiAdapterAvailable = false;
  WrappedCommand NoAdapter = wrap({"a.o", "-o", "app"}, OpenMpi);
  CHECK(NoAdapter.Args ==
        concat({{"mpicc.openmpi", "a.o", "-o", "app"}, Runtime}));
  REQUIRE(NoAdapter.Warnings.size() == 1);
  CHECK(NoAdapter.Warnings[0].find("links Open MPI, but "
                                   "/s/lib/libsextant-openmpi.so does not "
                                   "exist") != std::string::npos);
}

TEST_CASE("LTO instruments at the link with lld", "[wrapper]") {
  WrapperSettings Clang = settingsFor("clang-19", CompilerFamily::Clang);
  CHECK(wrap({"-flto=thin", "-c", "a.c"}, Clang).Args ==
        concat({{"clang-19"}, ClangPlugin,
                {"-g", "-mllvm", "-sextant-lto=link", "-flto=thin", "-c", "a.c"}}));
  CHECK(wrap({"-flto", "a.o", "-o", "app"}, Clang).Args ==
        concat({{"clang-19", "-fuse-ld=lld",
                 "-Wl,--load-pass-plugin=/s/lib/SextantPlugin.so", "-flto",
                 "a.o", "-o", "app"},
                Runtime}));
  // gold cannot load the plugin: a warning at the link, no deferral at
  // compile time when the compile line names it.
  WrappedCommand Gold = wrap({"-flto", "-fuse-ld=gold", "a.o"}, Clang);
  CHECK(Gold.Warnings.size() == 1);
  CHECK(Gold.Args == concat({{"clang-19", "-flto", "-fuse-ld=gold", "a.o"}, Runtime}));
  CHECK(wrap({"-flto", "-fuse-ld=gold", "-c", "a.c"}, Clang).Args ==
        concat({{"clang-19"}, ClangPlugin,
                {"-g", "-flto", "-fuse-ld=gold", "-c", "a.c"}}));
  // SEXTANT_WRAPPER_LTO=compile: instrument in the compile step.
  Clang.LtoAtLink = false;
  CHECK(wrap({"-flto", "a.o"}, Clang).Args ==
        concat({{"clang-19", "-flto", "a.o"}, Runtime}));
}

TEST_CASE("other lines pass unchanged", "[wrapper]") {
  WrapperSettings Clang = settingsFor("clang-19", CompilerFamily::Clang);
  for (const Words &Line :
       {Words{"-E", "a.c"}, Words{"--version"}, Words{"-v"},
        Words{"-M", "a.c"}, Words{"-fsyntax-only", "a.c"},
        Words{"conftest.c", "-o", "conftest"}})
    CHECK(wrap(Line, Clang).Args == concat({{"clang-19"}, Line}));
}
