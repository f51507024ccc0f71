//===- format/profile/CallTreeView.h - The call tree, row by row ----------===//
//
// Part of Sextant. The call-tree view of a call-path profile: its nodes in
// the order they are shown, depth first, the siblings of each node ordered
// and limited to the first Top ones and to those with at least MinTime
// inclusive seconds; what the limits hide is summed up in one row after the
// siblings shown, never dropped silently. The call paths deeper than
// MaxDepth levels (TextLayout.h: MaxViewDepth) are summed up in one folded
// row below each call path of the last level shown, so that the number of
// rows stays within the number of call paths and the walk within MaxDepth
// levels. summary.txt and `sextant report --tree` lay the rows out each
// their own way, indented with treeIndent() (TextLayout.h).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_CALLTREEVIEW_H
#define SEXTANT_FORMAT_PROFILE_CALLTREEVIEW_H

#include "format/profile/CallPathProfile.h"
#include "format/profile/TextLayout.h"

#include <cstdint>
#include <functional>
#include <string>

namespace sextant {
namespace format {

/// A row of the view: a node shown, the sum of the siblings hidden, or the
/// sum of the call paths folded below the deepest level shown.
struct CallTreeRow {
  static constexpr size_t Hidden = static_cast<size_t>(-1);
  /// The node shown, or Hidden for the row of the hidden siblings and for
  /// a folded row.
  size_t Node = Hidden;
  /// 0 for a root; the hidden siblings' depth for their row; MaxDepth for
  /// a folded row.
  unsigned Depth = 0;
  /// A folded row: the Hidden sums are those of every call path below the
  /// node of the row before (HiddenInclusiveSeconds: of its children).
  bool Folded = false;
  /// The row of hidden siblings (or folded paths): how many, and their
  /// sums.
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
  /// Show call paths of at most this many levels and fold the deeper ones
  /// (0: no bound, for callers that need every level).
  unsigned MaxDepth = MaxViewDepth;
};

/// Calls Row for every row of the view of Profile under Limits, in order.
void walkCallTree(const CallPathProfile &Profile, const CallTreeLimits &Limits,
                  const std::function<void(const CallTreeRow &)> &Row);

/// The text of a folded row: "(N call paths deeper than D levels folded
/// into this row)".
std::string foldedRowText(const CallTreeRow &Row);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_CALLTREEVIEW_H
