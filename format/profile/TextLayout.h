//===- format/profile/TextLayout.h ----------------------------------------===//
//
// Columns and depth bounds of the text views.
//
// Part of Sextant. The layout shared by the text views (summary.txt of a
// process and of an MPI job, `sextant report`, folded stacks): right-aligned
// fields, and the bounds that keep every view linear in the number of call
// paths however deep the recursion: the indentation of the call tree stops
// growing at MaxIndentDepth (deeper rows show their depth instead), and the
// views fold the call paths deeper than MaxViewDepth levels into one row or
// frame per place they are cut (CallTreeView.h, FoldedStacks.h). These are
// the one place the bounds are set; docs/output-formats.md and
// docs/sextant.md state them. Region names are shown through
// shownRegionName(), so that a name with a line break or an escape sequence
// keeps its row and cannot drive the terminal.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_TEXTLAYOUT_H
#define SEXTANT_FORMAT_PROFILE_TEXTLAYOUT_H

#include "common/MessageText.h"

#include <string>

namespace sextant {
namespace format {

/// Text right-aligned in a field of Width characters (never cut).
inline std::string padLeft(const std::string &Text, size_t Width) {
  if (Text.size() >= Width)
    return Text;
  return std::string(Width - Text.size(), ' ') + Text;
}

/// A region name as the text views show it: every control byte as \xNN
/// (common/MessageText.h), other bytes kept.
inline std::string shownRegionName(const std::string &Name) {
  std::string Shown;
  appendEscaped(Shown, Name);
  return Shown;
}

/// Rows of a call tree are indented by TreeIndentWidth blanks per level
/// down to depth MaxIndentDepth (a root has depth 0); deeper rows keep that
/// indentation and start with the depth marker "[depth N] ".
constexpr unsigned TreeIndentWidth = 2;
constexpr unsigned MaxIndentDepth = 64;

/// The call tree shows call paths of at most MaxViewDepth levels (depths 0
/// to MaxViewDepth - 1) and sums up those below each call path of the last
/// level in one row; a folded stack has at most MaxViewDepth frames, the
/// deeper ones being folded into the frame FoldedFramesMarker. Values stay
/// exact: what is folded is summed, never dropped.
constexpr unsigned MaxViewDepth = 256;
constexpr char FoldedFramesMarker[] = "[deeper frames folded]";

/// The indentation of a call-tree row at Depth, with the depth marker
/// beyond MaxIndentDepth.
inline std::string treeIndent(unsigned Depth) {
  if (Depth <= MaxIndentDepth)
    return std::string(TreeIndentWidth * Depth, ' ');
  return std::string(TreeIndentWidth * MaxIndentDepth, ' ') + "[depth " +
         std::to_string(Depth) + "] ";
}

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_TEXTLAYOUT_H
