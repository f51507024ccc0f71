//===- wrap/generator/LibraryLocator.h - Find the libraries -----*- C++ -*-===//
//
// Part of Sextant. Finds the shared (.so) and static (.a) file of each
// library a wrapper wraps, as the linker would: `-lNAME` is searched in the
// -L directories of the link flags, then in the system's library
// directories (systemLibraryDirectories()); a path names the file itself.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_WRAP_GENERATOR_LIBRARYLOCATOR_H
#define SEXTANT_WRAP_GENERATOR_LIBRARYLOCATOR_H

#include <string>
#include <vector>

namespace sextant {
namespace wrap {

struct LocatedLibrary {
  std::string Given;  ///< "-lfftw3" or a path
  std::string Shared; ///< the .so found, or ""
  std::string Static; ///< the .a found, or ""
};

/// The directories searched after the -L ones.
const std::vector<std::string> &systemLibraryDirectories();

/// Splits a flags string at blanks (no quoting: paths with blanks are not
/// supported in --cppflags/--ldflags/--libs).
std::vector<std::string> splitFlags(const std::string &Flags);

/// Locates every library of Libraries (-lNAME or paths) with the -L
/// directories of LinkFlags.
std::vector<LocatedLibrary>
locateLibraries(const std::vector<std::string> &Libraries,
                const std::vector<std::string> &LinkFlags);

} // namespace wrap
} // namespace sextant

#endif // SEXTANT_WRAP_GENERATOR_LIBRARYLOCATOR_H
