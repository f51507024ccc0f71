//===- runtime/openmp/SiteMemory.h - Sites last opened at one depth -------===//
//
// Part of Sextant. Each depth of a thread's stack of open constructs
// (OpenConstructStack.h) remembers the construct sites last opened there:
// for each, its key (construct and code address, RegionTable::siteKey), its
// region and the call-tree node its last frame was recorded on. A
// construct's begin that finds its site here has its region and, in one
// check of the node (CallPathRecorder::tryEnterNode), its frame: no lookup
// of the region by code address and none of the node in the call tree.
//
// A loop, its implicit barrier and the other constructs of a parallel
// region's body take turns at one depth, so one entry per depth would miss
// at almost every begin. Eight entries, replaced round-robin, keep the
// sites of a region body of up to eight constructs at one depth (its
// implicit barriers are one site, named without a location:
// benchmarks/openmp/OpenMPRegions.c has five at the basic level, two
// loops, a single, an explicit barrier and the implicit barriers). A body
// of more sites misses at every begin (the entries are replaced in the
// order the sites come): those sites are then found in the thread's
// direct-mapped cache (SiteCache.h), at the price of a call-tree lookup of
// their node, and only a site missing there too is looked up in the
// process's RegionTable. A site found by either replaces the entry
// remembered longest ago.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OPENMP_SITEMEMORY_H
#define SEXTANT_RUNTIME_OPENMP_SITEMEMORY_H

#include "runtime/profile/CallPathTree.h"

#include <cstdint>

namespace sextant {
namespace runtime {
namespace openmp {

struct OpenMPRegion;

/// The construct sites last opened at one depth of the stack of open
/// constructs, with their regions and call-tree nodes.
class SiteMemory {
public:
  /// The number of sites remembered per depth.
  static constexpr unsigned Entries = 8;
  /// The key of an empty entry: no site has it (RegionTable::siteKey shifts
  /// the code address left by SiteKeyKindBits, a user-space address never
  /// has the top bits set).
  static constexpr uint64_t NoKey = ~uint64_t(0);

  struct Site {
    uint64_t Key = NoKey;
    OpenMPRegion *Region = nullptr;
    /// The node of the last frame of the site's region opened at this
    /// depth; a hint to be checked (the parent may differ), RootNode when
    /// none yet.
    CallPathTree::NodeIndex Node = CallPathTree::RootNode;
  };

  /// The entry of Key; null when Key is not remembered.
  Site *find(uint64_t Key) {
    for (Site &Entry : Sites)
      if (Entry.Key == Key)
        return &Entry;
    return nullptr;
  }

  /// Remembers Key's Region (no node yet) in place of the entry
  /// remembered longest ago and returns its entry.
  Site &remember(uint64_t Key, OpenMPRegion *Region) {
    Site &Entry = Sites[Next];
    Next = (Next + 1) % Entries;
    Entry.Key = Key;
    Entry.Region = Region;
    Entry.Node = CallPathTree::RootNode;
    return Entry;
  }

private:
  Site Sites[Entries];
  /// The entry remember() replaces next.
  unsigned Next = 0;
};

} // namespace openmp
} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OPENMP_SITEMEMORY_H
