//===- tools/sextant-wrapper/InstallLayout.h - Where Sextant is -*- C++ -*-===//
//
// Part of Sextant. The wrappers and sextant-config find the plugin, the
// libraries and the headers relative to their own executable
// (<prefix>/bin/sextant-cc: <prefix>/lib, <prefix>/include, and flang's mpi
// modules in <prefix>/lib/sextant/fortran/flang-19/<flavour>/, FlangMpi.h),
// so that an installation can be moved as a whole.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_WRAPPER_INSTALLLAYOUT_H
#define SEXTANT_TOOLS_WRAPPER_INSTALLLAYOUT_H

#include <string>

namespace sextant {
namespace wrapper {

struct InstallLayout {
  std::string Prefix;
  /// The directory of this executable (sextant-cc and its links).
  std::string BinDir;
  std::string LibDir;
  std::string IncludeDir;
  std::string PluginPath;
  /// The directory of flang's mpi modules, one subdirectory per MPI.
  std::string FlangModuleRoot;
};

/// The layout of the installation this executable belongs to.
InstallLayout findInstallLayout();

/// Whether Path exists (any kind of file).
bool pathExists(const std::string &Path);

} // namespace wrapper
} // namespace sextant

#endif // SEXTANT_TOOLS_WRAPPER_INSTALLLAYOUT_H
