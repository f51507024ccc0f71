//===- runtime/openmp/OpenMPRegionTable.cpp - Regions of OpenMP constructs ===//
//
// Part of Sextant. Creating, naming and registering the regions of OpenMP
// construct sites (OpenMPRegionTable.h).
//
//===----------------------------------------------------------------------===//

#include "runtime/openmp/OpenMPRegionTable.h"

#include "runtime/core/Runtime.h"
#include "runtime/openmp/OpenMPTool.h"

namespace sextant {
namespace runtime {
namespace openmp {

OpenMPRegionDescription::OpenMPRegionDescription(std::string TheName,
                                                 std::string TheFile,
                                                 uint32_t Line,
                                                 OpenMPRegion &Region)
    : Name(std::move(TheName)), File(std::move(TheFile)) {
  Descriptor.handle = &Region.Handle;
  Descriptor.display_name = Name.c_str();
  Descriptor.mangled_name = Name.c_str();
  Descriptor.file = File.c_str();
  Descriptor.begin_line = Line;
  Descriptor.end_line = Line;
  Descriptor.flags = SEXTANT_REGION_OPENMP |
                     (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT);
}

std::atomic<OpenMPRegion *> RegionTable::Unlocated[ConstructKinds] = {};

OpenMPRegion *RegionTable::find(Construct Kind, const void *Code) {
  if (namedWithoutLocation(Kind))
    Code = nullptr;
  uint64_t Key = siteKey(Kind, Code);
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto Found = BySite.find(Key);
    if (Found != BySite.end())
      return Found->second;
  }
  CodeLocation Where = Symbolizer.locateReturnAddress(Code);
  std::string Name = openMPRegionName(constructName(Kind), Where);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Found = ByName.find(Name);
  OpenMPRegion *Region = nullptr;
  if (Found != ByName.end()) {
    Region = Found->second;
  } else {
    // Out of memory for the name's entry, the region and its description
    // stay unused and unregistered: the next visit creates them again.
    Region = &Regions.emplace_back();
    OpenMPRegionDescription &Description =
        Descriptions.emplace_back(Name, Where.File, Where.Line, *Region);
    ByName.emplace(Name, Region);
    if (Runtime *Self = Runtime::existing())
      Self->registerRegion(Description.Descriptor, /*RuntimeOwned=*/true,
                           Code);
  }
  BySite.emplace(Key, Region);
  if (namedWithoutLocation(Kind))
    Unlocated[unsigned(Kind)].store(Region, std::memory_order_release);
  return Region;
}

RegionTable &regions() {
  static RegionTable *Table = [] {
    SymbolizerSettings Settings;
    if (Runtime *Self = Runtime::existing()) {
      Settings.UseLibdw = Self->options().UseLibdw != 0;
      Settings.DebugFileDirectories = Self->options().DebugFileDirectory;
    }
    return new RegionTable(std::move(Settings)); // never destroyed
  }();
  return *Table;
}

RuntimeModules &runtimeModules() {
  static RuntimeModules Modules; // trivially destructible
  return Modules;
}

} // namespace openmp
} // namespace runtime
} // namespace sextant
