//===- tools/sextant-wrapper/InstallLayout.cpp - Where Sextant is ---------===//
//
// Part of Sextant. See InstallLayout.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/InstallLayout.h"
#include "tools/sextant-wrapper/WrapperConfiguration.h"

#include <climits>
#include <cstdlib>
#include <sys/stat.h>

namespace sextant {
namespace wrapper {

static std::string parentDirectory(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  if (Slash == std::string::npos)
    return ".";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

InstallLayout findInstallLayout() {
  InstallLayout Layout;
  char Resolved[PATH_MAX];
  std::string Executable =
      ::realpath("/proc/self/exe", Resolved) ? Resolved : "/proc/self/exe";
  Layout.BinDir = parentDirectory(Executable);
  Layout.Prefix = parentDirectory(Layout.BinDir);
  Layout.LibDir = Layout.Prefix + "/" + SEXTANT_WRAPPER_LIBDIR;
  Layout.IncludeDir = Layout.Prefix + "/" + SEXTANT_WRAPPER_INCLUDEDIR;
  Layout.PluginPath = Layout.LibDir + "/SextantPlugin.so";
  Layout.FlangModuleRoot =
      Layout.Prefix + "/" + SEXTANT_WRAPPER_FLANG_MODULE_DIR;
  return Layout;
}

bool pathExists(const std::string &Path) {
  struct stat Status;
  return ::stat(Path.c_str(), &Status) == 0;
}

} // namespace wrapper
} // namespace sextant
