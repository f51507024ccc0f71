//===- runtime/output/ThreadProfiles.h - Per-thread call-path profiles ----===//
//
// Part of Sextant. Besides the merged profile (profile.json), the runtime
// keeps the call-path tree of each thread for profile-threads.json. Threads
// are numbered in the order of their first event (index 0 is normally the
// main thread). The trees of the first MaxSeparate threads are kept one by
// one; the trees of all later threads are summed into one more entry, so
// that a program that creates threads without end keeps bounded memory.
//
// profile-threads.json (docs/output-formats.md,
// format/profile/ThreadProfiles.h) is written by format/ from the model of each
// kept tree.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_THREADPROFILES_H
#define SEXTANT_RUNTIME_OUTPUT_THREADPROFILES_H

#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include "format/profile/ThreadProfiles.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// The call-path tree the runtime keeps of one thread (the thread numbered
/// Index), or the sum of the trees of every thread beyond the bound: one
/// entry of ThreadProfileSet, from which format::ThreadProfile is made.
struct KeptThreadTree {
  uint64_t Index = 0;
  long Tid = 0; ///< 0 for the entry of the threads beyond the bound
  std::string Name;
  uint64_t MergedThreads = 1;
  /// True for the entry of the threads beyond the bound.
  bool BeyondBound = false;
  CallPathTree Tree;
};

class ThreadProfileSet {
public:
  explicit ThreadProfileSet(uint64_t MaxSeparate) : MaxSeparate(MaxSeparate) {
    Beyond.Index = MaxSeparate;
    Beyond.Tid = 0;
    Beyond.MergedThreads = 0;
    Beyond.BeyondBound = true;
  }

  /// Adds (a copy of) the tree of the thread numbered Index. Throws
  /// std::bad_alloc.
  void add(uint64_t Index, long Tid, std::string Name,
           const CallPathTree &Tree);

  /// The kept threads in index order, then the entry of the threads beyond
  /// the bound (if any).
  std::vector<const KeptThreadTree *> entries() const;

  uint64_t maxSeparate() const { return MaxSeparate; }
  uint64_t threadsBeyondBound() const { return Beyond.MergedThreads; }

private:
  uint64_t MaxSeparate;
  std::vector<KeptThreadTree> Separate;
  /// MergedThreads counts the threads summed here (0: none).
  KeptThreadTree Beyond;
};

/// The kept threads (ThreadProfileSet::entries()) as the model of
/// profile-threads.json; the entry of the threads beyond the bound is named
/// "<K more threads>".
format::ThreadProfileList
buildThreadProfileList(const ThreadProfileSet &Threads,
                       const std::vector<RegionInfo> &Regions,
                       double SecondsPerTick);

/// The contents of profile-threads.json.
std::string renderThreadProfiles(const ThreadProfileSet &Threads,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_THREADPROFILES_H
