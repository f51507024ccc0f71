//===- runtime/output/FoldedStacks.h - profile.folded for flame graphs ----===//
//
// Part of Sextant. Renders a call-path tree as "folded stacks", the input of
// flamegraph.pl, speedscope and inferno: one line per call path whose
// exclusive time is at least half a microsecond,
//
//   main;solve;dot 1234
//
// frames from the outermost call to the innermost, separated by ';', then a
// space and the exclusive time in microseconds, rounded to an integer.
// Frames are display names with ';' replaced by ':' and line breaks by
// spaces, so that every line parses. Paths come depth first, children in
// the order of profile.json (inclusive time, largest first).
//
//===----------------------------------------------------------------------===//

#ifndef SEXTANT_RUNTIME_OUTPUT_FOLDEDSTACKS_H
#define SEXTANT_RUNTIME_OUTPUT_FOLDEDSTACKS_H

#include "runtime/profile/CallPathTree.h"
#include "runtime/regions/RegionRegistry.h"

#include "format/FoldedFrameName.h"

#include <string>
#include <vector>

namespace sextant {
namespace runtime {

/// The contents of profile.folded.
std::string renderFoldedStacks(const CallPathTree &Tree,
                               const std::vector<RegionInfo> &Regions,
                               double SecondsPerTick);

} // namespace runtime
} // namespace sextant

#endif // SEXTANT_RUNTIME_OUTPUT_FOLDEDSTACKS_H
