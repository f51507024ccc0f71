//===- runtime/openmp/OpenMPRegionTable.h - Regions of OpenMP constructs --===//
//
// Part of Sextant. Every OpenMP construct site becomes a runtime-owned
// region (OpenMPRegion, with its OpenMPRegionDescription), found by
// (construct, code address) in the process-wide RegionTable: the first
// visit of a site on any thread names it (the symbolizer, once per site)
// and registers it under the table's lock. The events of a thread find a
// site's region without the table (OpenConstructStack.h); the constructs
// named without a location have one region each, kept in a static atomic
// pointer (no call to regions()).
//
// A parallel region switches to counting only when it is throttled
// (OpenMPRegion::CountingOnly, see OpenMPTool.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_OPENMPREGIONTABLE_H
#define SEXTANT_RUNTIME_OPENMP_OPENMPREGIONTABLE_H

#include "runtime/openmp/OpenMPConstructs.h"
#include "runtime/symbols/CodeSymbolizer.h"
#include "runtime/symbols/ProgramCallSite.h"

#include "sextant/instrumentation_abi.h"

#include <atomic>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

namespace sextant {
namespace runtime {
namespace openmp {

/// A region of an OpenMP construct as its events see it: its handle and
/// whether it is counted only, the words an event reads on every visit.
/// Eight bytes, allocated side by side in the order the sites are first
/// visited (RegionTable), so that the regions of one parallel region's
/// constructs share a cache line instead of taking one each. Its name and
/// descriptor are an OpenMPRegionDescription. Never destroyed.
struct OpenMPRegion {
  /// Written by the runtime through the descriptor (its handle).
  uint32_t Handle = SEXTANT_INVALID;
  /// A parallel region that was throttled: its visits are still recorded
  /// on the encountering thread, the constructs inside it are not.
  std::atomic<bool> CountingOnly{false};

  /// The id to record now, or 0 (filtered, throttled, paused, unregistered).
  uint32_t id() const {
    uint32_t Value = __atomic_load_n(&Handle, __ATOMIC_RELAXED);
    return Value == SEXTANT_INVALID || Value == SEXTANT_FILTERED ? 0 : Value;
  }
  bool countingOnly() const {
    return CountingOnly.load(std::memory_order_relaxed);
  }
};

static_assert(sizeof(OpenMPRegion) == 8,
              "eight regions of a parallel region's constructs share a line");

/// The runtime-owned name and descriptor of an OpenMPRegion, whose Handle
/// the descriptor points to. Never destroyed.
struct OpenMPRegionDescription {
  OpenMPRegionDescription(std::string TheName, std::string TheFile,
                          uint32_t Line, OpenMPRegion &Region);

  const std::string Name;
  const std::string File;
  sextant_region_descriptor Descriptor;
};

/// Every OpenMP region by name and by (construct, code address).
class RegionTable {
public:
  explicit RegionTable(SymbolizerSettings Settings)
      : Symbolizer(std::move(Settings)) {}

  /// The region of Kind at Code (the construct's call site in the
  /// program), created and registered on first use. Throws std::bad_alloc.
  OpenMPRegion *find(Construct Kind, const void *Code);

  /// The region of a construct named without a location, or null before
  /// find() created it. Static: the callbacks read it without the table.
  static OpenMPRegion *unlocated(Construct Kind) {
    return Unlocated[unsigned(Kind)].load(std::memory_order_acquire);
  }

  static uint64_t siteKey(Construct Kind, const void *Code) {
    return (reinterpret_cast<uintptr_t>(Code) << SiteKeyKindBits) ^
           static_cast<uint64_t>(Kind);
  }

private:
  std::mutex Mutex;
  /// Every region, side by side in the order of creation (a deque never
  /// moves its elements), and its description.
  std::deque<OpenMPRegion> Regions;
  std::deque<OpenMPRegionDescription> Descriptions;
  std::unordered_map<std::string, OpenMPRegion *> ByName;
  std::unordered_map<uint64_t, OpenMPRegion *> BySite;
  static std::atomic<OpenMPRegion *> Unlocated[ConstructKinds];
  CodeSymbolizer Symbolizer;
};

/// The process's table, created at its first use (never destroyed).
RegionTable &regions();

/// The OpenMP runtime's module and libsextant's, added at the tool's start.
RuntimeModules &runtimeModules();

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_OPENMPREGIONTABLE_H
