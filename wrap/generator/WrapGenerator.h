//===- wrap/generator/WrapGenerator.h - Generate a wrapper ------*- C++ -*-===//
//
// Part of Sextant. `sextant wrap generate` and `sextant wrap check` on top of
// the parser, filter, annotation file, emitter and ELF reader: which
// functions are wrapped and why the others are not, the files written into
// the build directory (NAME.wrap.cpp, the source of the four forms;
// NAME.wrap, the --wrap=SYMBOL lines; NAME.functions, the list `check`
// reads; NAME.ids.h, the FunctionId enum of a call-table interface), and the
// comparison with the library's exports. In the profiling-interface form a
// function is wrapped when the headers declare its PREFIX+SYMBOL and the
// libraries define it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_WRAPGENERATOR_H
#define SEXTANT_WRAP_GENERATOR_WRAPGENERATOR_H

#include <ostream>
#include <string>
#include <vector>

namespace sextant {
namespace wrap {

struct GenerateOptions {
  std::string Name;
  std::vector<std::string> Headers;
  std::vector<std::string> CompilerArguments;
  std::string FilterPath;     ///< "" : the given headers' functions
  std::string AnnotationPath; ///< "" : none
  /// The target libraries (.so or .a): functions they do not export are
  /// not wrapped. Empty: no check.
  std::vector<std::string> Libraries;
  std::string OutputDirectory;
};

/// Generates the wrapper; prints what it wrapped, skipped and why to Out,
/// warnings and errors ("sextant wrap generate: error: ...") to Err.
bool generateWrapper(const GenerateOptions &Options, std::ostream &Out,
                     std::ostream &Err);

struct CheckOptions {
  std::string Name;
  std::string FunctionList;                 ///< NAME.functions
  std::vector<std::string> Libraries;       ///< the target libraries
  std::vector<std::string> SystemLibraries; ///< default: libc, libm, ...
  std::string OutputPath;                   ///< the filter lines go here
};

/// The system libraries `check` looks into by default.
std::vector<std::string> defaultSystemLibraries();

/// Compares the list with the libraries' exports; writes the missing and
/// the system-provided functions as filter lines to OutputPath. Returns 0
/// when everything is exported, 1 when lines were written, 2 on errors.
int checkWrapper(const CheckOptions &Options, std::ostream &Out,
                 std::ostream &Err);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_WRAPGENERATOR_H
