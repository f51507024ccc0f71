//===- format/profile/FoldedStacks.h - Flame-graph input --------*- C++ -*-===//
//
// Part of Sextant. Folded stacks, the input of flame-graph tools
// (flamegraph.pl, inferno, speedscope): one line `a;b;c VALUE` per call
// path, the frames from the outermost call, separated by ';'. The value is
// the exclusive time of the call path in whole microseconds (rounded, at
// most 2^64 - 1) or its visits; call paths whose value is 0 are left out.
// In names, ';' becomes ':' and line breaks become blanks, so that every
// line stays one record.
// Paths come depth first in the order of the profile (in profile.json:
// children by inclusive time, largest first). A stack has at most
// MaxViewDepth frames (TextLayout.h): the call paths deeper than that are
// summed up in one line per path of MaxViewDepth frames, whose last frame
// is FoldedFramesMarker, so that the text stays linear in the number of
// call paths and the sum of all values stays exact. The runtime writes
// profile.folded with it and `sextant export --format=folded` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_FORMAT_PROFILE_FOLDEDSTACKS_H
#define SEXTANT_FORMAT_PROFILE_FOLDEDSTACKS_H

#include "format/profile/CallPathProfile.h"

#include <cstdint>
#include <functional>
#include <string>

namespace sextant {
namespace format {

enum class FoldedMetric { ExclusiveMicroseconds, Visits };

/// Called every so many call paths with the number written so far.
using FoldedProgress = std::function<void(uint64_t Done, uint64_t Total)>;
/// Takes one line, '\n' included; false stops the writing.
using FoldedSink = std::function<bool(const std::string &Line)>;

/// Name as one frame of a folded stack: control bytes (line breaks
/// included) as \xNN, as every text view shows names, and ';' (the frame
/// separator) as ':'.
std::string foldedFrameName(const std::string &Name);

/// The value of one call path in folded stacks (0 leaves it out), for the
/// stacks of another additive metric (FlameGraphSvg.h's --metric=NAME).
using FoldedValue = std::function<uint64_t(const CallPathNode &Node)>;

/// The value of Metric: exclusive microseconds (rounded) or visits.
FoldedValue foldedValueOf(FoldedMetric Metric);

/// Passes the folded stacks of Profile to Out line by line. False when Out
/// returned false.
bool writeFoldedStacks(const CallPathProfile &Profile, FoldedMetric Metric,
                       const FoldedSink &Out,
                       const FoldedProgress &Progress = {});
bool writeFoldedStacks(const CallPathProfile &Profile, const FoldedValue &Value,
                       const FoldedSink &Out,
                       const FoldedProgress &Progress = {});

/// The folded stacks of Profile as one text (profile.folded).
std::string
renderFoldedStacks(const CallPathProfile &Profile,
                   FoldedMetric Metric = FoldedMetric::ExclusiveMicroseconds);

} // namespace format
} // namespace sextant

#endif // SEXTANT_FORMAT_PROFILE_FOLDEDSTACKS_H
