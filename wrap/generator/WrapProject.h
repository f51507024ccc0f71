//===- wrap/generator/WrapProject.h - Wrapper's project ---------*- C++ -*-===//
//
// Part of Sextant. What `sextant wrap init` writes into a new working
// directory: NAME.filter (the headers and function names to wrap, Score-P
// syntax), the example program (main.c, to be edited by the user so that it
// calls the library) and a CMakeLists.txt that generates the wrapper with
// `sextant wrap generate`, builds its four forms, builds and runs the
// example against each (ctest), and installs the wrapper (docs/wrapping.md).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_WRAPPROJECT_H
#define SEXTANT_WRAP_GENERATOR_WRAPPROJECT_H

#include "wrap/generator/LibraryLocator.h"

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

struct ProjectSettings {
  std::string Name;
  std::vector<std::string> Headers;     ///< as given
  std::vector<std::string> HeaderPaths; ///< as the compiler found them
  std::string CompilerFlags, LinkFlags, Libraries; ///< as given
  std::string AnnotationPath;                      ///< absolute, or ""
  std::vector<LocatedLibrary> Located;
  std::string SextantPrefix; ///< where find_package looks first
  std::string Example = "main.c";
};

std::string projectFilter(const ProjectSettings &Settings);
std::string projectExample(const ProjectSettings &Settings);
std::string projectCMakeLists(const ProjectSettings &Settings);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_WRAPPROJECT_H
