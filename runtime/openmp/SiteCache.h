//===- runtime/openmp/SiteCache.h - A thread's sites by code address ------===//
//
// Part of Sextant. A thread's direct-mapped cache of construct sites
// (construct and code address, RegionTable::siteKey) with their regions:
// where a construct's begin looks when the sites remembered at its depth
// of the stack of open constructs (SiteMemory.h) do not hold it, before the
// process's RegionTable (a lock, a hash lookup and, for a code address
// inside libomp, a walk of the stack).
//
// The constructs of one region body are sites of one function, a few
// hundred bytes apart and often of the same kind: the slot is taken from
// the top bits of the code address mixed by two multiplications (any bit
// of the address changes every bit of the slot, so nearby addresses spread
// over the whole cache as if at random, at any spacing), XORed with the
// construct (below 64): the constructs at one address have distinct slots.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_SITECACHE_H
#define SEXTANT_RUNTIME_OPENMP_SITECACHE_H

#include "runtime/openmp/OpenMPConstructs.h"

#include <cstddef>
#include <cstdint>

namespace sextant {
namespace runtime {
namespace openmp {

struct OpenMPRegion;

/// A direct-mapped cache of sites by (construct, code address).
struct SiteCache {
  static constexpr unsigned SlotBits = 6;
  static constexpr size_t Slots = size_t(1) << SlotBits;
  static_assert(ConstructKinds <= Slots,
                "a construct XORed into a slot index stays a slot index");
  struct Entry {
    uint64_t Key = 0;
    OpenMPRegion *Region = nullptr;
  };
  Entry Cache[Slots];

  /// The index of Key's slot (Key: RegionTable::siteKey, the code
  /// address shifted left by SiteKeyKindBits XOR the construct).
  static size_t slotIndex(uint64_t Key) {
    uint64_t Mixed = (Key >> SiteKeyKindBits) * 0x9E3779B97F4A7C15ull;
    Mixed ^= Mixed >> 29;
    Mixed *= 0xBF58476D1CE4E5B9ull;
    uint64_t Kind = Key & ((uint64_t(1) << SiteKeyKindBits) - 1);
    return static_cast<size_t>((Mixed >> (64 - SlotBits)) ^ Kind);
  }
  Entry &slot(uint64_t Key) { return Cache[slotIndex(Key)]; }
};

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_SITECACHE_H
