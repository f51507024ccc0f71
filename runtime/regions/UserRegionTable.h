//===- runtime/regions/UserRegionTable.h - User regions by name -----------===//
//
// Part of Sextant. The regions of the public API (sextant.h) are keyed by
// their name alone. UserRegionTable owns one UserRegion per distinct name:
// a copy of the name, a descriptor like the plugin's (flag
// SEXTANT_REGION_USER, no file, line 0) and the region's handle, so that the
// region registers, is filtered, throttled and paused exactly like an
// instrumented function. They are never destroyed.
//
// Finding a region by name takes the table's mutex; every thread keeps a
// small direct-mapped UserRegionCache in front of it, checked with a hash
// and a comparison of the name's bytes (never by the pointer, which callers
// may reuse for other names).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_USERREGIONTABLE_H
#define SEXTANT_RUNTIME_REGIONS_USERREGIONTABLE_H

#include "sextant/instrumentation_abi.h"

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace sextant {
namespace runtime {

/// FNV-1a of Name.
uint64_t hashRegionName(std::string_view Name);

struct UserRegion {
  explicit UserRegion(std::string_view Name);
  UserRegion(const UserRegion &) = delete;
  UserRegion &operator=(const UserRegion &) = delete;

  const std::string Name;
  const uint64_t Hash;
  /// The handle, read and written atomically; SEXTANT_INVALID until
  /// registered.
  uint32_t Handle = SEXTANT_INVALID;
  sextant_region_descriptor Descriptor;
};

class UserRegionTable {
public:
  /// The region named Name and whether it was created by this call. Throws
  /// std::bad_alloc.
  std::pair<UserRegion *, bool> get(std::string_view Name);

  /// Hold the lock across fork() (see Runtime::prepareFork).
  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }

private:
  std::mutex Mutex;
  std::unordered_map<std::string, std::unique_ptr<UserRegion>> Regions;
};

/// A thread's cache of recently used user regions.
class UserRegionCache {
public:
  static constexpr size_t Slots = 64;

  UserRegion *find(std::string_view Name, uint64_t Hash) const {
    UserRegion *Region = Entries[Hash & (Slots - 1)];
    if (Region && Region->Hash == Hash && Region->Name == Name)
      return Region;
    return nullptr;
  }
  void remember(UserRegion *Region) {
    Entries[Region->Hash & (Slots - 1)] = Region;
  }

private:
  UserRegion *Entries[Slots] = {};
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_USERREGIONTABLE_H
