//===- runtime/regions/UserRegionTable.cpp - User regions by name ---------===//
//
// Part of Sextant. Creation and lookup of user regions.
//
//===----------------------------------------------------------------------===//

#include "runtime/regions/UserRegionTable.h"

namespace sextant {
namespace runtime {

uint64_t hashRegionName(std::string_view Name) {
  uint64_t Hash = 0xcbf29ce484222325ull;
  for (unsigned char C : Name) {
    Hash ^= C;
    Hash *= 0x100000001b3ull;
  }
  return Hash;
}

UserRegion::UserRegion(std::string_view Name)
    : Name(Name), Hash(hashRegionName(Name)) {
  Descriptor.handle = &Handle;
  Descriptor.display_name = this->Name.c_str();
  Descriptor.mangled_name = this->Name.c_str();
  Descriptor.file = "";
  Descriptor.begin_line = 0;
  Descriptor.end_line = 0;
  Descriptor.flags =
      SEXTANT_REGION_USER | (SEXTANT_ABI_VERSION << SEXTANT_ABI_VERSION_SHIFT);
}

std::pair<UserRegion *, bool> UserRegionTable::get(std::string_view Name) {
  std::lock_guard<std::mutex> Lock(Mutex);
  std::string Key(Name);
  auto Found = Regions.find(Key);
  if (Found != Regions.end())
    return {Found->second.get(), false};
  auto Region = std::make_unique<UserRegion>(Name);
  UserRegion *Created = Region.get();
  Regions.emplace(std::move(Key), std::move(Region));
  return {Created, true};
}

} // namespace runtime
} // namespace sextant
