//===- runtime/regions/RegionRegistry.h - Table of registered regions -----===//
//
// Part of Sextant. The RegionRegistry assigns region ids (1..N) to the
// regions announced by instrumented code, keeps a copy of their names (the
// descriptors may vanish when a module is unloaded) and applies the runtime
// filter once per region.
//
// A region is identified by (mangled name, source file, first line, module):
// registering the same function of the same module again yields the same id,
// while the same function defined in two modules (DSOs) becomes two regions.
// Filtered regions get an id too, so that the output can list them and a
// later re-arming needs no new registration.
//
// The registry is thread-safe (one mutex; registration is not a hot path)
// and independent of process-global state: the filter is passed in.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_REGIONREGISTRY_H
#define SEXTANT_RUNTIME_REGIONS_REGIONREGISTRY_H

#include "runtime/regions/ThrottlePolicy.h"

#include "filter/FilterSet.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sextant {
namespace runtime {

/// What instrumented code tells about a region, plus where it lives.
struct RegionIdentity {
  std::string_view DisplayName;
  std::string_view MangledName;
  std::string_view File;
  uint32_t BeginLine = 0;
  uint32_t EndLine = 0;
  uint32_t Flags = 0;      ///< sextant_region_flags (without the ABI version)
  std::string_view Module; ///< path of the executable or DSO
};

/// A registered region, as recorded in the output.
struct RegionInfo {
  uint32_t Id = 0;
  /// Never empty: falls back to the mangled name, then to "<unnamed>".
  std::string DisplayName;
  std::string MangledName;
  std::string File;
  uint32_t BeginLine = 0;
  uint32_t EndLine = 0;
  uint32_t Flags = 0;
  std::string Module;
  /// True when the runtime filter excluded the region.
  bool Filtered = false;
  /// The filter's explanation, e.g. "excluded by app.filt:3:11 (EXCLUDE
  /// foo*)", or "included: no runtime filter".
  std::string FilterReason;
  /// True when a rule decided (then FilterRule* are set).
  bool FilterRuleMatched = false;
  filter::RuleOrigin FilterRule;
  std::string FilterRuleText;
  std::string FilterPattern;
  /// True when throttling disarmed the region (then Throttle is set).
  bool Throttled = false;
  ThrottleRecord Throttle;
};

class RegionRegistry {
public:
  /// Filter may be null (no runtime filter); it must outlive the registry.
  explicit RegionRegistry(const filter::FilterSet *Filter);

  struct Registration {
    uint32_t Id = 0;
    bool Filtered = false;
    /// False when the region was registered before (same identity).
    bool New = false;
  };

  /// The largest region id: ids stay below the handle value
  /// SEXTANT_FILTERED and the region of the call-path recorder's sentinel
  /// (CallPathRecorder::SentinelRegion, 0xFFFFFFFE).
  static constexpr uint32_t MaxRegionId = 0xFFFFFFFDu;

  /// Registers Region (or finds it) and applies the filter to a new one.
  /// Throws std::bad_alloc on exhaustion (also of the ids).
  Registration add(const RegionIdentity &Region);

  /// A copy of every region, in id order (Id == index + 1).
  std::vector<RegionInfo> snapshot() const;

  /// The copy of one region; Id must be a returned id.
  RegionInfo region(uint32_t Id) const;

  /// Records that region Id was throttled (see ThrottlePolicy.h); false
  /// when it already was (the first record stays) or Id is unknown.
  bool markThrottled(uint32_t Id, const ThrottleRecord &Record);

  size_t size() const;
  size_t filteredCount() const;

  /// Hold the registry's lock across fork() (pthread_atfork prepare, then
  /// parent or child), so that the child never inherits it locked by a
  /// thread that does not exist there.
  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }

private:
  const filter::FilterSet *Filter;
  mutable std::mutex Mutex;
  std::vector<RegionInfo> Regions;
  /// (mangled, file, line, module) joined with NUL bytes -> id.
  std::unordered_map<std::string, uint32_t> IdByKey;
  size_t Filtered = 0;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_REGIONREGISTRY_H
