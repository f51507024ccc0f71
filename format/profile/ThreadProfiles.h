//===- format/profile/ThreadProfiles.h - profile-threads.json ---*- C++ -*-===//
//
// Part of Sextant. The call-path profile of each thread, as the runtime
// writes it besides the merged profile and `sextant report --threads` reads
// it. Threads are numbered in the order of their first event; the threads
// beyond the runtime's bound are summed into one last entry.
//
//   {"format": "sextant-thread-profiles", "format_version": 1,
//    "max_separate_threads": M, "threads_beyond_bound": K,
//    "threads": [{"index": 0, "tid": <OS tid>, "name": "main",
//                 "merged_threads": 1, "roots": [ ...profile.json nodes... ]},
//                ...,
//                {"index": M, "tid": 0, "name": "<K more threads>",
//                 "merged_threads": K, "roots": [...]}]}
//
// Compact JSON, each thread on a line of its own.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_THREADPROFILES_H
#define SEXTANT_FORMAT_PROFILE_THREADPROFILES_H

#include "format/profile/CallPathProfile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// One thread of profile-threads.json.
struct ThreadProfile {
  uint64_t Index = 0;
  int64_t Tid = 0; ///< 0 for the entry of the threads beyond the bound
  std::string Name;
  uint64_t MergedThreads = 1; ///< more than 1: threads beyond the bound
  CallPathProfile Profile;
};

/// The whole of profile-threads.json.
struct ThreadProfileList {
  uint64_t MaxSeparateThreads = 0;
  uint64_t ThreadsBeyondBound = 0;
  /// In index order, the entry of the threads beyond the bound last.
  std::vector<ThreadProfile> Threads;
};

/// The contents of profile-threads.json.
std::string renderThreadProfilesJson(const ThreadProfileList &List);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_THREADPROFILES_H
