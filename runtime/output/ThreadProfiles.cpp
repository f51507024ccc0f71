//===- runtime/output/ThreadProfiles.cpp - Per-thread call-path profiles --===//
//
// Part of Sextant. Keeping thread trees within the bound, and their
// conversion into the thread profiles format/ writes.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ThreadProfiles.h"

#include "runtime/output/ProfileModel.h"

#include <algorithm>

namespace sextant {
namespace runtime {

void ThreadProfileSet::add(uint64_t Index, long Tid, std::string Name,
                           const CallPathTree &Tree) {
  if (Index < MaxSeparate) {
    KeptThreadTree Kept;
    Kept.Index = Index;
    Kept.Tid = Tid;
    Kept.Name = std::move(Name);
    Kept.Tree = Tree;
    Separate.push_back(std::move(Kept));
    return;
  }
  Beyond.Tree.mergeFrom(Tree);
  ++Beyond.MergedThreads;
}

std::vector<const KeptThreadTree *> ThreadProfileSet::entries() const {
  std::vector<const KeptThreadTree *> Entries;
  for (const KeptThreadTree &Kept : Separate)
    Entries.push_back(&Kept);
  std::sort(Entries.begin(), Entries.end(),
            [](const KeptThreadTree *A, const KeptThreadTree *B) {
              return A->Index < B->Index;
            });
  if (Beyond.MergedThreads != 0)
    Entries.push_back(&Beyond);
  return Entries;
}

format::ThreadProfileList
buildThreadProfileList(const ThreadProfileSet &Threads,
                       const std::vector<RegionInfo> &Regions,
                       double SecondsPerTick) {
  format::ThreadProfileList List;
  List.MaxSeparateThreads = Threads.maxSeparate();
  List.ThreadsBeyondBound = Threads.threadsBeyondBound();
  for (const KeptThreadTree *Kept : Threads.entries()) {
    format::ThreadProfile Thread;
    Thread.Index = Kept->Index;
    Thread.Tid = Kept->Tid;
    Thread.Name =
        Kept->BeyondBound
            ? "<" + std::to_string(Kept->MergedThreads) + " more threads>"
            : Kept->Name;
    Thread.MergedThreads = Kept->MergedThreads;
    Thread.Profile = buildCallPathProfile(Kept->Tree, Regions, SecondsPerTick);
    List.Threads.push_back(std::move(Thread));
  }
  return List;
}

std::string renderThreadProfiles(const ThreadProfileSet &Threads,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick) {
  return format::renderThreadProfilesJson(
      buildThreadProfileList(Threads, Regions, SecondsPerTick));
}

} // namespace runtime
} // namespace sextant
