//===- tools/sextant-wrapper/CompilerIdentity.h - Which compiler -*- C++ -*-===//
//
// Part of Sextant. The wrappers instrument through the LLVM plugin with
// clang 19 and flang-new-19 (LLVM 19: the plugin loads into no other
// version) and through -finstrument-functions with GCC; they tell which
// compiler they run from its name (clang-19, gcc-12, gfortran, ...) or,
// when the name does not say (cc, clang, flang-new), from the first line of
// its --version output. MPI wrappers (mpicc, mpicxx.mpich, mpifort, ...)
// are recognized by name; the wrappers ask them for the compiler they run.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_COMPILERIDENTITY_H
#define SEXTANT_TOOLS_WRAPPER_COMPILERIDENTITY_H

#include <string>

namespace sextant {
namespace wrapper {

enum class CompilerFamily { Unknown, Clang, Flang, Gcc };

struct CompilerIdentity {
  CompilerFamily Family = CompilerFamily::Unknown;
  /// The major version; 0: not known from the name.
  unsigned Major = 0;
};

/// The compiler that Command (a name or path) names, as far as its name
/// says: clang-19 and flang-new-19 are Clang and Flang 19, gcc*, g++*,
/// gfortran* (also with a target prefix such as x86_64-linux-gnu-gcc-12) are
/// GCC; anything else is Unknown (ask --version).
CompilerIdentity identifyCompilerByName(const std::string &Command);

/// The compiler whose `--version` output is VersionText.
CompilerIdentity identifyCompilerByVersion(const std::string &VersionText);

/// Whether Command's name is that of an MPI compiler wrapper (mpicc,
/// mpicxx, mpic++, mpiCC, mpif77, mpif90, mpifort, with any suffix such as
/// .mpich or .openmpi).
bool isMpiCompilerWrapper(const std::string &Command);

/// Whether the plugin can be used with the compiler (clang or flang 19).
bool loadsLlvm19Plugin(const CompilerIdentity &Identity);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_COMPILERIDENTITY_H
