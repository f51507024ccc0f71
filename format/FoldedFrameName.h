//===- format/FoldedFrameName.h - A region name in a folded stack ---------===//
//
// Part of Sextant. Shared by the runtime (profile.folded) and the `sextant`
// tool (`export --format=folded`), whose outputs must match line for line.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_FOLDEDFRAMENAME_H
#define SEXTANT_FORMAT_FOLDEDFRAMENAME_H

#include <string>

namespace sextant {
namespace format {

/// Name as one frame of a folded stack: ';' (the frame separator) becomes
/// ':', line breaks become blanks.
std::string foldedFrameName(const std::string &Name);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_FOLDEDFRAMENAME_H
