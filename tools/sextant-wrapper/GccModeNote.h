//===- tools/sextant-wrapper/GccModeNote.h - Saying GCC's mode -*- C++ -*-===//
//
// Part of Sextant. The note a wrapper prints when it instruments with GCC's
// -finstrument-functions although the user did not name GCC: the command
// the user named (an MPI compiler wrapper such as mpicxx.mpich, or a `cc`)
// does not say by its name that it is GCC, and nothing on the line or in
// the environment chose GCC for an MPI wrapper (-cc=, -cxx=, -fc=, -f77=,
// -f90=, MPICH_CC, OMPI_CXX, ...), yet the compiler that compiles is GCC.
// The note names the command, the compiler it runs, the mode, and how to
// get Sextant's plugin instead: MPICH's option (`sextant-c++ mpicxx.mpich
// -cxx=clang++-19 ...`), Open MPI's variable (`OMPI_CXX=clang++-19
// sextant-c++ mpicxx.openmpi ...`), both for an MPI wrapper of an unknown
// MPI, and for any other compiler the plugin's compiler itself
// (`sextant-cc clang-19 ...`). When it is printed (link
// lines, or every line with SEXTANT_WRAPPER_VERBOSE) is WrapperMain's
// choice; see docs/sextant-cc.md.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_GCCMODENOTE_H
#define SEXTANT_TOOLS_WRAPPER_GCCMODENOTE_H

#include "tools/sextant-wrapper/CompilerIdentity.h"
#include "tools/sextant-wrapper/MpiFlavour.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

struct GccModeSituation {
  /// The wrapper's name: "sextant-c++".
  std::string WrapperName;
  /// The command the user named (prefix form or SEXTANT_CXX):
  /// "mpicxx.mpich".
  std::string Compiler;
  /// The compiler that compiles (an MPI wrapper's -show), and what it is.
  std::string Underlying;
  CompilerIdentity Identity;
  /// Compiler is an MPI compiler wrapper, of this MPI.
  bool MpiWrapper = false;
  MpiFlavour Mpi = MpiFlavour::Unknown;
  /// The line or the environment chose the MPI wrapper's compiler.
  bool MpiCompilerChosen = false;
  /// The MPICH option of the wrapper's language without '-' and '=':
  /// "cc", "cxx" or "fc" (Open MPI's variable is OMPI_ and it in capitals).
  std::string MpiCompilerOption;
  /// The compiler that loads the plugin: "clang++-19".
  std::string PluginCompiler;
};

/// The note for Situation ("'mpicxx.mpich' runs g++: ..."), without the
/// "sextant-c++: note: " prefix; empty when none is due.
std::string gccModeNote(const GccModeSituation &Situation);

/// The variables by which MPICH's and Open MPI's compiler wrappers choose
/// their compiler: MPICH_CC, MPICH_CXX, MPICH_FC, MPICH_F77, MPICH_F90,
/// OMPI_CC, OMPI_CXX, OMPI_FC.
std::vector<std::string> mpiCompilerVariables();

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_GCCMODENOTE_H
