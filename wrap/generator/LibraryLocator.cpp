//===- wrap/generator/LibraryLocator.cpp - Find the target libraries ------===//
//
// Part of Sextant. See LibraryLocator.h.
//
//===----------------------------------------------------------------------===//

#include "wrap/generator/LibraryLocator.h"

#include <sys/stat.h>

namespace sextant {
namespace wrap {

namespace {
bool isFile(const std::string &Path) {
  struct stat Info;
  return ::stat(Path.c_str(), &Info) == 0 && S_ISREG(Info.st_mode);
}
bool endsWith(const std::string &Text, const std::string &Suffix) {
  return Text.size() >= Suffix.size() &&
         Text.compare(Text.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}
} // namespace

const std::vector<std::string> &systemLibraryDirectories() {
  static const std::vector<std::string> Directories = {
      "/usr/local/lib/x86_64-linux-gnu",
      "/usr/local/lib",
      "/lib/x86_64-linux-gnu",
      "/usr/lib/x86_64-linux-gnu",
      "/lib64",
      "/usr/lib64",
      "/lib",
      "/usr/lib"};
  return Directories;
}

std::vector<std::string> splitFlags(const std::string &Flags) {
  std::vector<std::string> Words;
  std::string Current;
  for (char C : Flags) {
    if (C == ' ' || C == '\t' || C == '\n') {
      if (!Current.empty())
        Words.push_back(Current);
      Current.clear();
    } else {
      Current += C;
    }
  }
  if (!Current.empty())
    Words.push_back(Current);
  return Words;
}

std::vector<LocatedLibrary>
locateLibraries(const std::vector<std::string> &Libraries,
                const std::vector<std::string> &LinkFlags) {
  std::vector<std::string> Directories;
  for (size_t I = 0; I < LinkFlags.size(); ++I) {
    const std::string &Flag = LinkFlags[I];
    if (Flag == "-L" && I + 1 < LinkFlags.size())
      Directories.push_back(LinkFlags[++I]);
    else if (Flag.rfind("-L", 0) == 0)
      Directories.push_back(Flag.substr(2));
  }
  for (const std::string &Directory : systemLibraryDirectories())
    Directories.push_back(Directory);

  std::vector<LocatedLibrary> Located;
  for (const std::string &Library : Libraries) {
    LocatedLibrary L;
    L.Given = Library;
    if (Library.rfind("-l", 0) != 0) {
      if (isFile(Library))
        (endsWith(Library, ".a") ? L.Static : L.Shared) = Library;
      Located.push_back(L);
      continue;
    }
    std::string Name = Library.substr(2);
    for (const std::string &Directory : Directories) {
      std::string Base = Directory + "/lib" + Name;
      if (L.Shared.empty() && isFile(Base + ".so"))
        L.Shared = Base + ".so";
      if (L.Static.empty() && isFile(Base + ".a"))
        L.Static = Base + ".a";
    }
    Located.push_back(L);
  }
  return Located;
}

} // namespace wrap
} // namespace sextant
