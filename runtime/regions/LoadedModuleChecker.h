//===- runtime/regions/LoadedModuleChecker.h - Loaded modules ---*- C++ -*-===//
//
// Part of Sextant. The SiteChecker of the runtime (see RegionArming.h),
// answered by the dynamic loader: the number of modules unloaded so far
// (dl_iterate_phdr's dlpi_subs) and whether a descriptor still lies in the
// module it registered from (dladdr1: same load address and loader name,
// and only then is the descriptor read to confirm that it names the handle).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_LOADEDMODULECHECKER_H
#define SEXTANT_RUNTIME_REGIONS_LOADEDMODULECHECKER_H

#include "runtime/regions/RegionArming.h"

namespace sextant {
namespace runtime {

class LoadedModuleChecker final : public SiteChecker {
public:
  uint64_t unloadCount() override;
  bool isValid(const HandleSite &Site) override;
};

/// The load address and loader name ("" for the executable) of the module
/// containing Address; false when no loaded module contains it.
bool moduleOfAddress(const void *Address, const void *&Base,
                     std::string &LoaderName);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_LOADEDMODULECHECKER_H
