//===- mpi/OtherTools.cpp - Other PMPI tools in the process ---------------===//
//
// Part of Sextant. See OtherTools.h.
//
//===----------------------------------------------------------------------===//

#include "OtherTools.h"

#include "CallRegion.h"

#include <mpi.h>

#include <dlfcn.h>
#include <map>

namespace sextant {
namespace mpi {

namespace {

std::string objectOf(void *Address) {
  Dl_info Info;
  if (!Address || !dladdr(Address, &Info) || !Info.dli_fname)
    return std::string();
  return Info.dli_fname;
}

} // namespace

std::vector<OtherTool> findOtherTools() {
  std::string Mpi = objectOf(reinterpret_cast<void *>(&PMPI_Init));
  std::string Self = objectOf(reinterpret_cast<void *>(&findOtherTools));
  std::map<std::pair<std::string, std::string>, OtherTool> Found;
  for (unsigned I = 0; I < WrapperCount; ++I) {
    const char *Name = Wrappers[I].Name;
    // (Comparing with the wrapper's address would not do: taken in this
    // position-independent library, it goes through the same resolution.)
    void *Resolved = dlsym(RTLD_DEFAULT, Name);
    if (Resolved) {
      std::string Library = objectOf(Resolved);
      if (Library != Mpi && Library != Self) {
        OtherTool &T = Found[{Library, "before"}];
        T.Library = Library;
        T.Position = "before";
        T.Functions.push_back(Name);
      }
    }
    void *Next = dlsym(RTLD_NEXT, Name);
    if (Next) {
      std::string Library = objectOf(Next);
      if (!Library.empty() && Library != Mpi && Library != Self) {
        OtherTool &T = Found[{Library, "after"}];
        T.Library = Library;
        T.Position = "after";
        T.Functions.push_back(Name);
      }
    }
  }
  std::vector<OtherTool> Tools;
  for (auto &[Key, Tool] : Found)
    Tools.push_back(std::move(Tool));
  return Tools;
}

nlohmann::json otherToolJson(const OtherTool &Tool) {
  return {{"library", Tool.Library},
          {"position", Tool.Position},
          {"functions", Tool.Functions.size()},
          {"names", Tool.Functions}};
}

std::string describeOtherTool(const OtherTool &Tool) {
  std::string Names;
  for (size_t I = 0; I < Tool.Functions.size() && I < 5; ++I)
    Names += (I ? ", " : "") + Tool.Functions[I];
  if (Tool.Functions.size() > 5)
    Names += ", ...";
  std::string Text = "another PMPI tool, '" + Tool.Library + "', defines " +
                     std::to_string(Tool.Functions.size()) +
                     " MPI function(s) (" + Names + ") ";
  if (Tool.Position == "before")
    Text += "ahead of Sextant: the program's calls of them reach that tool, "
            "and Sextant measures them only if it calls MPI_ (not PMPI_)";
  else
    Text += "behind Sextant: Sextant calls PMPI_ directly, so that tool does "
            "not see the calls made through Sextant's wrappers";
  return Text;
}

} // namespace mpi
} // namespace sextant
