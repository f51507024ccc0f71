//===- runtime/regions/LoadedModuleChecker.cpp - Handle sites of loaded modules
//===//
//
// Part of Sextant. Asks the dynamic loader about modules and addresses.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/LoadedModuleChecker.h"

#include <cstddef>
#include <dlfcn.h>
#include <link.h>

namespace sextant {
namespace runtime {

namespace {

int readUnloadCount(dl_phdr_info *Info, size_t Size, void *Data) {
  if (Size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof(Info->dlpi_subs))
    *static_cast<uint64_t *>(Data) = Info->dlpi_subs;
  return 1; // the counters are the same in every entry: stop
}

} // namespace

uint64_t LoadedModuleChecker::unloadCount() {
  uint64_t Count = 0;
  dl_iterate_phdr(&readUnloadCount, &Count);
  return Count;
}

bool moduleOfAddress(const void *Address, const void *&Base,
                     std::string &LoaderName) {
  Dl_info Info;
  link_map *Map = nullptr;
  if (!dladdr1(Address, &Info, reinterpret_cast<void **>(&Map),
               RTLD_DL_LINKMAP) ||
      !Map)
    return false;
  Base = Info.dli_fbase;
  LoaderName = Map->l_name ? Map->l_name : "";
  return true;
}

bool LoadedModuleChecker::isValid(const HandleSite &Site) {
  if (!Site.Descriptor)
    return true;
  const void *Base = nullptr;
  std::string LoaderName;
  if (!moduleOfAddress(Site.Descriptor, Base, LoaderName) ||
      Base != Site.ModuleBase || LoaderName != Site.LoaderName)
    return false;
  // The same file is loaded at the same address again: its descriptor is at
  // the same place and can be read.
  return Site.Descriptor->handle == Site.Handle;
}

} // namespace runtime
} // namespace sextant
