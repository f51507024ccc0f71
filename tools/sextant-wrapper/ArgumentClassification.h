//===- tools/sextant-wrapper/ArgumentClassification.h - What a line does -*- C++ -*-===//
//
// Part of Sextant. The compiler wrappers (sextant-cc, sextant-c++,
// sextant-fortran) add the plugin to compile lines and the runtime to link
// lines and leave every other line alone. classifyArguments() tells them
// which kind of line they were given, from the compiler's arguments (with
// response files already expanded): the options that stop before compiling
// (-E, -M/-MM without -MD/-MMD, -fsyntax-only), -c and -S, probes of the
// compiler (--version, -v without inputs, -###, -print-*, -dump*, an MPI
// wrapper's -show), configure-time probes (autoconf's conftest, CMake's
// try_compile and compiler identification), and what the wrappers need to
// know besides (a -g* option, LTO, the linker, MPI libraries, -static,
// -shared).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_ARGUMENTCLASSIFICATION_H
#define SEXTANT_TOOLS_WRAPPER_ARGUMENTCLASSIFICATION_H

#include <string>
#include <vector>

namespace sextant {
namespace wrapper {

enum class LineKind {
  Probe,           ///< asks the compiler about itself: passed on unchanged
  NoInput,         ///< no input files (e.g. `-v` alone): unchanged
  ConfigureProbe,  ///< autoconf's conftest or CMake's try_compile: unchanged
  PreprocessOnly,  ///< -E, or -M/-MM without -MD/-MMD: unchanged
  SyntaxOnly,      ///< -fsyntax-only: unchanged
  Compile,         ///< -c or -S: compile options only
  CompileAndLink,  ///< sources and a link: compile and link options
  Link,            ///< objects and libraries only: link options
};

/// The name of Kind, for messages and tests ("compile", "link", ...).
const char *lineKindName(LineKind Kind);

struct ArgumentSummary {
  LineKind Kind = LineKind::NoInput;
  /// Some -g option (-g, -g0..3, -ggdb, -gdwarf*, -gline-tables-only, ...).
  bool HasDebugOption = false;
  /// The last of -flto[=...] and -fno-lto is an -flto.
  bool Lto = false;
  /// The value of the last -fuse-ld=, empty without one.
  std::string FuseLd;
  /// The line links an MPI library (-lmpi*, -lmpich*, a libmpi* file).
  bool LinksMpi = false;
  /// Index (in the expanded arguments) of the first MPI library; -1: none.
  int FirstMpiLibrary = -1;
  bool Static = false;
  bool Shared = false;
  /// A -fplugin= option naming Sextant's LLVM plugin (SextantPlugin.so).
  bool LoadsSextantPlugin = false;
  /// MPICH wrapper options (-cc=, -cxx=, -fc=, -f77=, -f90=): the wrappers
  /// repeat them when they ask the MPI wrapper for its compiler (-show).
  std::vector<std::string> MpiWrapperOptions;
};

/// What the compiler line Args (without the compiler itself, response files
/// expanded) does.
ArgumentSummary classifyArguments(const std::vector<std::string> &Args);

/// Whether Path (an input file) is a source file the compiler compiles,
/// judged by its extension as GCC and clang do.
bool isSourceFile(const std::string &Path);

/// Whether Path is a Fortran source, by its extension in any case (.f,
/// .for, .ftn, .f90, .f95, .f03, .f08): the sources sextant-fortran reads
/// for `use mpi` (FlangMpi.h).
bool isFortranSource(const std::string &Path);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_ARGUMENTCLASSIFICATION_H
