//===- format/profile/CallPathSpread.h - One value over ranks or threads -*- C++
//-*-===//
//
// Part of Sextant. How one value of each call path of a profile is spread
// over the ranks of an MPI job or the threads of a process: minimum, mean,
// maximum and imbalance (max / mean), per node of the merged profile. The
// ranks' spread is read from the job's profile-ranks.json (every rank of the
// job counts, 0 where it never ran the call path; docs/output-formats.md);
// the threads' is computed from profile-threads.json, over the threads
// that ran the call path (a worker thread never runs main, and counting it
// as 0 would make every call path of the main thread look imbalanced).
// The HTML report shows both as columns of its call tree; the ranks'
// spread is read by JobSpreadReader.h.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_CALLPATHSPREAD_H
#define SEXTANT_FORMAT_PROFILE_CALLPATHSPREAD_H

#include "format/profile/CallPathProfile.h"
#include "format/profile/ThreadProfiles.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sextant {
namespace format {

/// The spread of one value of one call path.
struct Spread {
  double Min = 0;
  double Mean = 0;
  double Max = 0;
  /// Max / mean; absent when the mean is 0.
  std::optional<double> Imbalance;
  /// Ranks: the lowest ranks holding Min and Max; threads: their indexes.
  int64_t MinAt = -1;
  int64_t MaxAt = -1;
  /// How many ranks or threads ran the call path.
  uint64_t Count = 0;
};

/// A value's spread for every node of a merged profile.
struct CallPathSpread {
  /// The value: "time (inc)" (the inclusive seconds).
  std::string Metric;
  /// Over how many ranks or threads.
  uint64_t Members = 0;
  /// Indexed like the profile's nodes; absent for a node without data.
  std::vector<std::optional<Spread>> Nodes;
};

/// The inclusive time's spread over the threads of ThreadProfiles, for
/// each node of Merged: a thread's call path is Merged's node with the same
/// names, files, lines and modules from the root down. The threads beyond
/// the bound (one entry summed over several threads) are left out.
CallPathSpread threadSpread(const CallPathProfile &Merged,
                            const ThreadProfileList &ThreadProfiles);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_CALLPATHSPREAD_H
