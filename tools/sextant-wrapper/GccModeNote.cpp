//===- tools/sextant-wrapper/GccModeNote.cpp - Saying GCC's mode ----------===//
//
// Part of Sextant. See GccModeNote.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/GccModeNote.h"

#include <cctype>

namespace sextant {
namespace wrapper {

namespace {

std::string upperCase(std::string Text) {
  for (char &C : Text)
    C = static_cast<char>(std::toupper(static_cast<unsigned char>(C)));
  return Text;
}

/// The command lines that make the MPI wrapper run the plugin's compiler.
std::string mpiPluginLines(const GccModeSituation &S) {
  std::string Command = S.WrapperName + " " + S.Compiler;
  std::string Option =
      Command + " -" + S.MpiCompilerOption + "=" + S.PluginCompiler + " ...";
  std::string Variable = "OMPI_" + upperCase(S.MpiCompilerOption) + "=" +
                         S.PluginCompiler + " " + Command + " ...";
  switch (S.Mpi) {
  case MpiFlavour::Mpich:
    return "'" + Option + "'";
  case MpiFlavour::OpenMpi:
    return "'" + Variable + "'";
  case MpiFlavour::Unknown:
    break;
  }
  return "'" + Option + "' (MPICH) or '" + Variable + "' (Open MPI)";
}

} // namespace

std::string gccModeNote(const GccModeSituation &S) {
  if (S.Identity.Family != CompilerFamily::Gcc ||
      identifyCompilerByName(S.Compiler).Family == CompilerFamily::Gcc ||
      (S.MpiWrapper && S.MpiCompilerChosen))
    return std::string();
  std::string Mode = "the wrappers instrument with -finstrument-functions "
                     "(GCC's mode), not with Sextant's plugin";
  if (S.MpiWrapper)
    return "'" + S.Compiler + "' runs " + S.Underlying + ": " + Mode +
           "; for the plugin, have it run " + S.PluginCompiler + ": " +
           mpiPluginLines(S);
  return "'" + S.Compiler + "' is GCC: " + Mode + "; for the plugin, use " +
         S.PluginCompiler + ": '" + S.WrapperName + " " + S.PluginCompiler +
         " ...'";
}

std::vector<std::string> mpiCompilerVariables() {
  return {"MPICH_CC",  "MPICH_CXX", "MPICH_FC", "MPICH_F77",
          "MPICH_F90", "OMPI_CC",   "OMPI_CXX", "OMPI_FC"};
}

} // namespace wrapper
} // namespace sextant
