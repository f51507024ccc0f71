//===- tools/sextant-wrapper/WrappedCommand.cpp - The final command -------===//
//
// Part of Sextant. See WrappedCommand.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/WrappedCommand.h"
#include "tools/sextant-wrapper/FlangMpi.h"

namespace sextant {
namespace wrapper {

std::vector<std::string> runtimeLinkOptions(const std::string &LibDir,
                                            const std::string &MpiAdapter) {
  std::vector<std::string> Options = {"-L" + LibDir, "-Wl,-rpath," + LibDir};
  if (!MpiAdapter.empty())
    Options.push_back("-l" + MpiAdapter);
  Options.push_back("-lsextant");
  return Options;
}

std::vector<std::string> pluginCompileOptions(const std::string &PluginPath,
                                              bool Fortran) {
  if (Fortran)
    return {"-Xflang", "-load", "-Xflang", PluginPath,
            "-fpass-plugin=" + PluginPath};
  return {"-fplugin=" + PluginPath, "-fpass-plugin=" + PluginPath,
          "-finstrument-functions-after-inlining"};
}

static bool isCompileKind(LineKind Kind) {
  return Kind == LineKind::Compile || Kind == LineKind::CompileAndLink;
}

static bool isLinkKind(LineKind Kind) {
  return Kind == LineKind::Link || Kind == LineKind::CompileAndLink;
}

// Where the runtime's link options go: before the first MPI library among
// Args (so that the adapter precedes it among the needed libraries), else
// at the end. An MPI library only inside a response file: before the first
// response file.
static size_t runtimeInsertionPoint(const std::vector<std::string> &Args,
                                    const ArgumentSummary &Summary) {
  if (!Summary.LinksMpi)
    return Args.size();
  int Direct = classifyArguments(Args).FirstMpiLibrary;
  if (Direct >= 0)
    return static_cast<size_t>(Direct);
  for (size_t I = 0; I < Args.size(); ++I)
    if (Args[I].size() > 1 && Args[I][0] == '@')
      return I;
  return Args.size();
}

WrappedCommand buildWrappedCommand(const std::vector<std::string> &GivenArgs,
                                   const ArgumentSummary &Summary,
                                   const WrapperSettings &Settings) {
  WrappedCommand Result;
  Result.Args.push_back(Settings.Compiler);
  bool Gcc = Settings.Identity.Family == CompilerFamily::Gcc;
  bool Fortran = Settings.Identity.Family == CompilerFamily::Flang;
  // flang-new-19 stops at the gfortran options MPICH's mpifort adds.
  std::vector<std::string> Args =
      Fortran ? withoutGfortranOnlyMpiOptions(GivenArgs) : GivenArgs;
  bool Compile = isCompileKind(Summary.Kind);
  bool Link = isLinkKind(Summary.Kind);
  if (!Compile && !Link) {
    Result.Args.insert(Result.Args.end(), Args.begin(), Args.end());
    return Result;
  }
  if (Gcc && Summary.LoadsSextantPlugin) {
    Result.Error = "'" + Settings.Compiler +
                   "' is GCC, and -fplugin= names Sextant's LLVM plugin, "
                   "which only clang 19 and flang-new-19 can load; with GCC "
                   "the wrappers instrument through -finstrument-functions: "
                   "remove the -fplugin= option";
    return Result;
  }
  bool LinkerLoadsPlugin = Summary.FuseLd.empty() || Summary.FuseLd == "lld" ||
                           Summary.FuseLd.find("ld.lld") != std::string::npos;
  bool DeferToLink = !Gcc && Summary.Lto && Settings.LtoAtLink;

  if (Compile) {
    if (Gcc)
      Result.Args.push_back("-finstrument-functions");
    else if (!Summary.LoadsSextantPlugin) {
      std::vector<std::string> Plugin =
          pluginCompileOptions(Settings.PluginPath, Fortran);
      Result.Args.insert(Result.Args.end(), Plugin.begin(), Plugin.end());
    }
    // Before the user's -I options: flang takes the first mpi.mod it finds.
    if (Fortran && !Settings.FlangMpiModuleDir.empty())
      Result.Args.push_back("-I" + Settings.FlangMpiModuleDir);
    if (!Summary.HasDebugOption)
      Result.Args.push_back("-g");
    if (Gcc && !Settings.FilterFile.empty())
      Result.Warnings.push_back(
          "the compile-time filter (" + Settings.FilterFile +
          ") is not applied with GCC; use it at run time (SEXTANT_FILTER) "
          "or GCC's -finstrument-functions-exclude-* options");
    if (!Gcc && !Settings.FilterFile.empty()) {
      Result.Args.push_back("-mllvm");
      Result.Args.push_back("-sextant-filter=" + Settings.FilterFile);
    }
    if (DeferToLink && LinkerLoadsPlugin) {
      Result.Args.push_back("-mllvm");
      Result.Args.push_back("-sextant-lto=link");
    }
  }
  if (Link && DeferToLink) {
    if (LinkerLoadsPlugin) {
      if (Summary.FuseLd.empty())
        Result.Args.push_back("-fuse-ld=lld");
      Result.Args.push_back("-Wl,--load-pass-plugin=" + Settings.PluginPath);
    } else {
      Result.Warnings.push_back(
          "-flto with -fuse-ld=" + Summary.FuseLd +
          ": this linker cannot load Sextant's plugin, so objects whose "
          "instrumentation the wrappers deferred to the link (compiled with "
          "-flto and without this -fuse-ld=) stay uninstrumented; link with "
          "lld (the wrappers' default) or set SEXTANT_WRAPPER_LTO=compile "
          "for the whole build");
    }
  }

  size_t Insert = Link ? runtimeInsertionPoint(Args, Summary) : Args.size();
  Result.Args.insert(Result.Args.end(), Args.begin(), Args.begin() + Insert);
  if (Link) {
    bool Mpi = (Settings.MpiWrapper || Summary.LinksMpi) && !Summary.Shared;
    if (Mpi && !Settings.MpiAdapterAvailable) {
      Result.Warnings.push_back(
          "the program links " + Settings.MpiTitle + ", but " +
          Settings.LibDir + "/lib" + Settings.MpiAdapter +
          ".so does not exist (Sextant was built without an adapter for " +
          Settings.MpiTitle + "): MPI calls are not measured");
      Mpi = false;
    }
    std::vector<std::string> Runtime = runtimeLinkOptions(
        Settings.LibDir, Mpi ? Settings.MpiAdapter : std::string());
    Result.Args.insert(Result.Args.end(), Runtime.begin(), Runtime.end());
    if (Summary.Static)
      for (const char *Library : {"-lstdc++", "-lm", "-lpthread", "-ldl"})
        Result.Args.push_back(Library);
  }
  Result.Args.insert(Result.Args.end(), Args.begin() + Insert, Args.end());
  return Result;
}

} // namespace wrapper
} // namespace sextant
