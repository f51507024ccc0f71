//===- tools/sextant-wrapper/CompilerIdentity.cpp - Which compiler --------===//
//
// Part of Sextant. See CompilerIdentity.h.
//
//===----------------------------------------------------------------------===//

#include "tools/sextant-wrapper/CompilerIdentity.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace sextant {
namespace wrapper {

static std::string baseName(const std::string &Path) {
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

// The major version in a name ending in -<major>[.<minor>...], 0 without one.
static unsigned versionSuffix(const std::string &Name) {
  size_t Dash = Name.rfind('-');
  if (Dash == std::string::npos || Dash + 1 >= Name.size() ||
      !std::isdigit(static_cast<unsigned char>(Name[Dash + 1])))
    return 0;
  return static_cast<unsigned>(std::strtoul(Name.c_str() + Dash + 1, nullptr, 10));
}

// Whether Name is Tool, optionally preceded by a target triple
// ("x86_64-linux-gnu-") and followed by a version ("-12").
static bool namesTool(const std::string &Name, const std::string &Tool) {
  size_t At = Name.find(Tool);
  while (At != std::string::npos) {
    bool StartOk = At == 0 || Name[At - 1] == '-';
    size_t End = At + Tool.size();
    bool EndOk = End == Name.size() ||
                 (Name[End] == '-' && End + 1 < Name.size() &&
                  std::isdigit(static_cast<unsigned char>(Name[End + 1])));
    if (StartOk && EndOk)
      return true;
    At = Name.find(Tool, At + 1);
  }
  return false;
}

CompilerIdentity identifyCompilerByName(const std::string &Command) {
  std::string Name = baseName(Command);
  CompilerIdentity Identity;
  unsigned Major = versionSuffix(Name);
  if ((namesTool(Name, "clang") || namesTool(Name, "clang++")) && Major) {
    Identity.Family = CompilerFamily::Clang;
    Identity.Major = Major;
  } else if ((namesTool(Name, "flang-new") || namesTool(Name, "flang")) &&
             Major) {
    Identity.Family = CompilerFamily::Flang;
    Identity.Major = Major;
  } else if (namesTool(Name, "gcc") || namesTool(Name, "g++") ||
             namesTool(Name, "gfortran")) {
    Identity.Family = CompilerFamily::Gcc;
    Identity.Major = Major;
  }
  return Identity;
}

// The first number N of "... version N.x" or of the first "N.x.y" after
// the first ')' (GCC: "gcc (Debian 12.2.0-14) 12.2.0").
static unsigned firstVersion(const std::string &Line, size_t From) {
  for (size_t I = From; I < Line.size(); ++I)
    if (std::isdigit(static_cast<unsigned char>(Line[I])) &&
        (I == 0 || Line[I - 1] == ' '))
      return static_cast<unsigned>(std::strtoul(Line.c_str() + I, nullptr, 10));
  return 0;
}

CompilerIdentity identifyCompilerByVersion(const std::string &VersionText) {
  std::string Line = VersionText.substr(0, VersionText.find('\n'));
  CompilerIdentity Identity;
  size_t At;
  if ((At = Line.find("clang version")) != std::string::npos) {
    Identity.Family = CompilerFamily::Clang;
    Identity.Major = firstVersion(Line, At);
  } else if ((At = Line.find("flang-new version")) != std::string::npos ||
             (At = Line.find("flang version")) != std::string::npos) {
    Identity.Family = CompilerFamily::Flang;
    Identity.Major = firstVersion(Line, At);
  } else if (Line.find("(GCC)") != std::string::npos ||
             Line.find("GNU Fortran") != std::string::npos ||
             VersionText.find("Free Software Foundation") != std::string::npos) {
    Identity.Family = CompilerFamily::Gcc;
    size_t Paren = Line.rfind(')');
    Identity.Major = firstVersion(Line, Paren == std::string::npos ? 0 : Paren);
  }
  return Identity;
}

bool isMpiCompilerWrapper(const std::string &Command) {
  std::string Name = baseName(Command);
  static const char *const Wrappers[] = {"mpicc",  "mpicxx",  "mpic++",
                                         "mpiCC",  "mpif77",  "mpif90",
                                         "mpifort", "mpifc", "mpiicc",
                                         "mpiicpc", "mpiifort"};
  for (const char *Wrapper : Wrappers) {
    size_t Length = std::strlen(Wrapper);
    if (Name.compare(0, Length, Wrapper) == 0 &&
        (Name.size() == Length || Name[Length] == '.' || Name[Length] == '-'))
      return true;
  }
  return false;
}

bool loadsLlvm19Plugin(const CompilerIdentity &Identity) {
  return (Identity.Family == CompilerFamily::Clang ||
          Identity.Family == CompilerFamily::Flang) &&
         Identity.Major == 19;
}

} // namespace wrapper
} // namespace sextant
