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
    ThreadProfile Profile;
    Profile.Index = Index;
    Profile.Tid = Tid;
    Profile.Name = std::move(Name);
    Profile.Tree = Tree;
    Separate.push_back(std::move(Profile));
    return;
  }
  Beyond.Tree.mergeFrom(Tree);
  ++Beyond.MergedThreads;
}

std::vector<const ThreadProfile *> ThreadProfileSet::entries() const {
  std::vector<const ThreadProfile *> Entries;
  for (const ThreadProfile &Profile : Separate)
    Entries.push_back(&Profile);
  std::sort(Entries.begin(), Entries.end(),
            [](const ThreadProfile *A, const ThreadProfile *B) {
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
  for (const ThreadProfile *Profile : Threads.entries()) {
    format::ThreadProfile Thread;
    Thread.Index = Profile->Index;
    Thread.Tid = Profile->Tid;
    Thread.Name =
        Profile->BeyondBound
            ? "<" + std::to_string(Profile->MergedThreads) + " more threads>"
            : Profile->Name;
    Thread.MergedThreads = Profile->MergedThreads;
    Thread.Profile =
        buildCallPathProfile(Profile->Tree, Regions, SecondsPerTick);
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
