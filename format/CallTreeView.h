//===- format/CallTreeView.h - The call tree, row by row --------*- C++ -*-===//
//
// Part of Sextant. The call-tree view of a call-path profile: its nodes in
// the order they are shown, depth first, the siblings of each node ordered
// and limited to the first Top ones and to those with at least MinTime
// inclusive seconds; what the limits hide is summed up in one row after the
// siblings shown, never dropped silently. summary.txt and `sextant report
// --tree` lay the rows out each their own way.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_CALLTREEVIEW_H
#define SEXTANT_FORMAT_CALLTREEVIEW_H

#include "format/CallPathProfile.h"

#include <cstdint>
#include <functional>

namespace sextant {
namespace format {

/// A row of the view: a node shown, or the sum of the siblings hidden.
struct CallTreeRow {
  static constexpr size_t Hidden = static_cast<size_t>(-1);
  /// The node shown, or Hidden for the row of the hidden siblings.
  size_t Node = Hidden;
  /// 0 for a root; the hidden siblings' depth for their row.
  unsigned Depth = 0;
  /// The row of hidden siblings: how many, and their sums.
  uint64_t HiddenPaths = 0;
  uint64_t HiddenVisits = 0;
  double HiddenInclusiveSeconds = 0;
  double HiddenExclusiveSeconds = 0;
};

struct CallTreeLimits {
  /// Whether sibling A comes before sibling B; empty: the profile's order.
  std::function<bool(size_t A, size_t B)> Before;
  /// At most this many children of each node (0: all).
  uint64_t Top = 0;
  /// Hide call paths, with their subtrees, below this inclusive time.
  double MinTime = 0;
};

/// Calls Row for every row of the view of Profile under Limits, in order.
void walkCallTree(const CallPathProfile &Profile, const CallTreeLimits &Limits,
                  const std::function<void(const CallTreeRow &)> &Row);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_CALLTREEVIEW_H
