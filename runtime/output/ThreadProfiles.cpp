//===- runtime/output/ThreadProfiles.cpp - Per-thread call-path profiles --===//
//
// Part of Sextant. Keeping thread trees within the bound, and rendering
// profile-threads.json with the node shape of profile.json.
//
//===----------------------------------------------------------------------===//

#include "runtime/output/ThreadProfiles.h"

#include "format/JsonWriter.h"
#include "runtime/output/HatchetProfile.h"

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

std::string renderThreadProfiles(const ThreadProfileSet &Threads,
                                 const std::vector<RegionInfo> &Regions,
                                 double SecondsPerTick) {
  std::string Out;
  Out += "{\"format\":\"sextant-thread-profiles\",\"format_version\":";
  Out += std::to_string(ThreadProfilesFormatVersion);
  Out += ",\"max_separate_threads\":" + std::to_string(Threads.maxSeparate());
  Out += ",\"threads_beyond_bound\":" +
         std::to_string(Threads.threadsBeyondBound());
  Out += ",\"threads\":[";
  bool First = true;
  for (const ThreadProfile *Profile : Threads.entries()) {
    if (!First)
      Out += ',';
    First = false;
    std::string Name =
        Profile->BeyondBound
            ? "<" + std::to_string(Profile->MergedThreads) + " more threads>"
            : Profile->Name;
    Out += "\n{\"index\":" + std::to_string(Profile->Index);
    Out += ",\"tid\":" + std::to_string(Profile->Tid);
    Out += ",\"name\":";
    format::appendJsonString(Out, Name);
    Out += ",\"merged_threads\":" + std::to_string(Profile->MergedThreads);
    Out += ",\"roots\":";
    std::string Roots =
        renderHatchetProfile(Profile->Tree, Regions, SecondsPerTick);
    while (!Roots.empty() && Roots.back() == '\n')
      Roots.pop_back();
    Out += Roots;
    Out += '}';
  }
  Out += "\n]}\n";
  return Out;
}

} // namespace runtime
} // namespace sextant
