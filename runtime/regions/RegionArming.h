//===- runtime/regions/RegionArming.h - Arming region handles ---*- C++ -*-===//
//
// Part of Sextant. Instrumented code reads a region's handle once at entry
// and reuses that value for the exit guard (design.md), so the runtime may
// store a new value into a handle at any moment without breaking an
// enter/exit pair:
//
//   - SEXTANT_FILTERED disarms the region: calls that start afterwards skip
//     the runtime; calls in progress were entered with the id and still
//     record their exit;
//   - the region id arms it again: calls that start afterwards record both
//     events; calls in progress were entered disarmed and skip their exit.
//
// RegionArming knows every handle of every region (a handle site: the
// handle of one descriptor, or one the runtime owns for a user region) and
// why a region is disarmed: the runtime filter (permanent), throttling
// (permanent once decided) or a pause of the whole measurement
// (sextant_pause() until sextant_resume()). A region is armed when none of
// them applies. All changes take one mutex and are rare (registration,
// pause, resume, throttling); the hot path only reads handles.
//
// Handle sites of modules unloaded with dlclose must not be written: when
// the number of unloads (SiteChecker::unloadCount) changed since a site was
// last checked, the site is checked before each write and dropped when it
// no longer belongs to a loaded module.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_REGIONS_REGIONARMING_H
#define SEXTANT_RUNTIME_REGIONS_REGIONARMING_H

#include "sextant/instrumentation_abi.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// Where a handle of a region lives.
struct HandleSite {
  uint32_t *Handle = nullptr;
  /// The descriptor the handle belongs to; null for a handle the runtime
  /// owns, which never goes away.
  const sextant_region_descriptor *Descriptor = nullptr;
  /// The load address and loader name of the descriptor's module when it
  /// registered (for SiteChecker).
  const void *ModuleBase = nullptr;
  std::string LoaderName;
  /// SiteChecker::unloadCount() when the site was last known valid.
  uint64_t CheckedAtUnloads = 0;
};

/// Decides whether handle sites of modules that may have been unloaded are
/// still valid. The runtime's implementation asks the dynamic loader.
class SiteChecker {
public:
  virtual ~SiteChecker() = default;
  /// A number that changes whenever a module is unloaded.
  virtual uint64_t unloadCount() = 0;
  /// True when Site's descriptor still lies in the module it registered
  /// from and still names Site.Handle.
  virtual bool isValid(const HandleSite &Site) = 0;
};

class RegionArming {
public:
  /// Checker may be null: then sites are never checked (tests, or a
  /// process that never unloads modules). It must outlive this object.
  explicit RegionArming(SiteChecker *Checker = nullptr) : Checker(Checker) {}

  /// Adds a handle site of region Id (Filtered: excluded by the runtime
  /// filter), stores into its handle the value the region has now and
  /// returns that value (Id or SEXTANT_FILTERED). The same handle is added
  /// only once. Throws std::bad_alloc.
  uint32_t addSite(uint32_t Id, bool Filtered, HandleSite Site);

  /// The value a handle of region Id must hold now.
  uint32_t handleValue(uint32_t Id) const;

  /// Disarms every region until resume(). Returns false (and does nothing)
  /// when the measurement is already paused.
  bool pause();
  /// Re-arms every region that is neither filtered nor throttled. Returns
  /// false (and does nothing) when the measurement is not paused.
  bool resume();
  bool paused() const;

  /// Disarms region Id for the rest of the run. Returns false when it was
  /// already throttled (or is filtered, or unknown).
  bool throttle(uint32_t Id);
  bool isThrottled(uint32_t Id) const;

  /// Number of handle sites currently known (unloaded ones dropped).
  size_t siteCount() const;

  /// Hold the lock across fork() (see Runtime::prepareFork).
  void lockForFork() { Mutex.lock(); }
  void unlockAfterFork() { Mutex.unlock(); }

private:
  struct RegionState {
    bool Known = false;
    bool Filtered = false;
    bool Throttled = false;
    std::vector<HandleSite> Sites;
  };

  uint32_t valueLocked(uint32_t Id, const RegionState &State) const;
  /// Stores Value into every valid site of State, dropping invalid ones.
  void storeLocked(RegionState &State, uint32_t Value);

  SiteChecker *Checker;
  mutable std::mutex Mutex;
  /// Indexed by region id - 1.
  std::vector<RegionState> Regions;
  bool Paused = false;
};

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_REGIONS_REGIONARMING_H
