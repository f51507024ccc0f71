//===- tools/sextant/FoldedStacks.h - Flame-graph input ---------*- C++ -*-===//
//
// Part of Sextant. Folded stacks, the input of flame-graph tools
// (flamegraph.pl, inferno, speedscope): one line `a;b;c VALUE` per call
// path, the frames from the outermost call, separated by ';'. The value is
// the exclusive time of the call path in whole microseconds (rounded) or its
// visits; call paths whose value is 0 are left out. In names, ';' becomes
// ':' and line breaks become blanks, so that every line stays one record.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_TOOLS_FOLDEDSTACKS_H
#define SEXTANT_TOOLS_FOLDEDSTACKS_H

#include "CallPathProfile.h"

#include "format/FoldedFrameName.h"
#include <cstdio>
#include <functional>

#include <string>

namespace sextant {
namespace tool {

enum class FoldedMetric { ExclusiveMicroseconds, Visits };

/// Called every so many call paths with the number written so far.
using FoldedProgress = std::function<void(uint64_t Done, uint64_t Total)>;

/// Writes the folded stacks of Profile to Out, depth first in the order of
/// the profile. False when writing fails (errno tells why).
bool writeFoldedStacks(const CallPathProfile &Profile, FoldedMetric Metric,
                       std::FILE *Out, const FoldedProgress &Progress = {});

} // namespace tool
} // namespace sextant

#endif // SEXTANT_TOOLS_FOLDEDSTACKS_H
